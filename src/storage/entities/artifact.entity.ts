import { Column, CreateDateColumn, Entity, ForeignKey, PrimaryColumn } from 'typeorm';
import { BookJobEntity } from '../../jobs/entities/book-job.entity';
import type { OutputFormat } from '../../catalog/catalog';

/**
 * A finished book file. Stored in PostgreSQL by default so that every API
 * process can serve every download without shared disks.
 */
@Entity({ name: 'artifacts' })
export class ArtifactEntity {
  @PrimaryColumn({ name: 'job_id', type: 'uuid', primaryKeyConstraintName: 'pk_artifacts' })
  @ForeignKey(() => BookJobEntity, { name: 'fk_artifacts_job', onDelete: 'CASCADE' })
  jobId!: string;

  @Column({ type: 'varchar', length: 8 })
  format!: OutputFormat;

  @Column({ name: 'content_type', type: 'varchar', length: 100 })
  contentType!: string;

  @Column({ name: 'file_name', type: 'varchar', length: 200 })
  fileName!: string;

  @Column({ name: 'size_bytes', type: 'integer' })
  sizeBytes!: number;

  /** Strong ETag: quoted SHA-256 of the bytes. */
  @Column({ type: 'varchar', length: 80 })
  etag!: string;

  @Column({ type: 'bytea' })
  content!: Buffer;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
