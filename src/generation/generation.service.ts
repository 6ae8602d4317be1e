import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import type { BookGenerationRequest, GenerationOutcome, GenerationProgressReporter } from './book-provider';
import { InterimBookProvider as BuiltinBookProvider } from './interim-book.provider';
import { GenerationSectionsRepository } from './generation-sections.repository';

export interface GeneratedBook extends GenerationOutcome {
  /** The length the price is based on: the provider's plan, else the book as written. */
  nominalWordCount: number;
}

/** Chooses the provider for a request's model and runs it with checkpoints. */
@Injectable()
export class GenerationService {
  private readonly builtin: BuiltinBookProvider;

  constructor(
    private readonly sections: GenerationSectionsRepository,
    config: AppConfig,
  ) {
    this.builtin = new BuiltinBookProvider({ sectionDelayMs: config.BUILTIN_SECTION_DELAY_MS });
  }

  async generate(request: BookGenerationRequest, progress: GenerationProgressReporter): Promise<GeneratedBook> {
    const outcome = await this.builtin.generate(request, progress, this.sections);
    return {
      ...outcome,
      nominalWordCount: outcome.plannedWordCount ?? outcome.document.metadata.wordCount,
    };
  }

  discardCheckpoints(requestId: string): Promise<void> {
    return this.sections.clear(requestId);
  }
}
