import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { BookChapter } from '../book/book-document';
import type { SectionCheckpointStore } from './book-provider';
import { GenerationSectionEntity } from './entities/generation-section.entity';

/** Finished sections of books in progress, so a retried job does not pay for them twice. */
@Injectable()
export class GenerationSectionsRepository implements SectionCheckpointStore {
  constructor(
    @InjectRepository(GenerationSectionEntity) private readonly sections: Repository<GenerationSectionEntity>,
  ) {}

  async load(requestId: string): Promise<Map<string, BookChapter>> {
    const rows = await this.sections.find({ where: { jobId: requestId } });
    return new Map(rows.map((row) => [row.sectionKey, row.content]));
  }

  async save(requestId: string, sectionKey: string, chapter: BookChapter): Promise<void> {
    await this.sections.upsert({ jobId: requestId, sectionKey, content: chapter }, ['jobId', 'sectionKey']);
  }

  /** Checkpoints are worthless once the book is stored. */
  async clear(requestId: string): Promise<void> {
    await this.sections.delete({ jobId: requestId });
  }
}
