import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { MODEL_IDS, type ModelId } from '../catalog/catalog';
import type {
  BookGenerationRequest,
  BookProvider,
  GenerationOutcome,
  GenerationProgressReporter,
} from './book-provider';
import { OpenAiBookProvider } from './openai/openai-book.provider';
import { PROVIDER_SETTINGS } from './openai/openai-settings';
import { BuiltinBookProvider } from './builtin/builtin-book.provider';
import { addBuiltinIllustrations } from './builtin/illustrations';
import type { UsageListener } from './generation-report';
import { GenerationSectionsRepository } from './generation-sections.repository';

export interface GeneratedBook extends GenerationOutcome {
  /** The length the price is based on: the provider's plan, else the book as written. */
  nominalWordCount: number;
}

/** Chooses the provider for a request's model and runs it with checkpoints. */
@Injectable()
export class GenerationService {
  private readonly providers: Record<ModelId, BookProvider>;

  constructor(
    private readonly sections: GenerationSectionsRepository,
    config: AppConfig,
  ) {
    const builtin = new BuiltinBookProvider({ sectionDelayMs: config.BUILTIN_SECTION_DELAY_MS });
    const { providers, openai } = config.section(PROVIDER_SETTINGS);
    const providerFor = (id: ModelId): BookProvider => {
      const settings = openai[id];
      return providers[id] === 'openai' && settings
        ? new OpenAiBookProvider(settings, { illustrate: addBuiltinIllustrations })
        : builtin;
    };
    this.providers = Object.fromEntries(MODEL_IDS.map((id) => [id, providerFor(id)])) as Record<ModelId, BookProvider>;
  }

  /** The provider that writes a model id's books (configuration: GENERATION_PROVIDER*). */
  providerFor(model: ModelId): BookProvider {
    return this.providers[model];
  }

  /** `signal` is aborted when the job is cancelled; the provider then stops with GenerationCancelledError. */
  async generate(
    request: BookGenerationRequest,
    progress: GenerationProgressReporter,
    signal: AbortSignal,
    onUsage?: UsageListener,
  ): Promise<GeneratedBook> {
    const outcome = await this.providers[request.model].generate(request, {
      progress,
      checkpoints: this.sections,
      signal,
      ...(onUsage ? { onUsage } : {}),
    });
    return {
      ...outcome,
      // The price compares the words delivered with the words planned (metadata.targetWords), when there was a plan.
      nominalWordCount: outcome.document.metadata.targetWords || outcome.document.metadata.wordCount,
    };
  }

  discardCheckpoints(requestId: string): Promise<void> {
    return this.sections.clear(requestId);
  }
}
