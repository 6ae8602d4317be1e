import { Column, CreateDateColumn, Entity, ForeignKey, PrimaryColumn } from 'typeorm';
import { BookJobEntity } from '../../jobs/entities/book-job.entity';
import type { BookChapter } from '../../book/book-document';

/** A finished section of a book still being generated: a retried job resumes from these. */
@Entity({ name: 'generation_sections' })
export class GenerationSectionEntity {
  @PrimaryColumn({ name: 'job_id', type: 'uuid', primaryKeyConstraintName: 'pk_generation_sections' })
  @ForeignKey(() => BookJobEntity, { name: 'fk_generation_sections_job', onDelete: 'CASCADE' })
  jobId!: string;

  @PrimaryColumn({
    name: 'section_key',
    type: 'varchar',
    length: 64,
    primaryKeyConstraintName: 'pk_generation_sections',
  })
  sectionKey!: string;

  @Column({ type: 'jsonb' })
  content!: BookChapter;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
