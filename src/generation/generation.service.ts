import { Inject, Injectable } from '@nestjs/common';
import { MODEL_IDS, type ModelId } from '../catalog/catalog';
import {
  BOOK_PROVIDERS,
  type BookGenerationRequest,
  type BookProvider,
  type BookProviderRegistration,
  type GenerationOutcome,
  type GenerationProgressReporter,
} from './book-provider';
import type { UsageListener } from './generation-report';
import { GenerationSectionsRepository } from './generation-sections.repository';

export interface GeneratedBook extends GenerationOutcome {
  /** The length the price is based on: the provider's plan, else the book as written. */
  nominalWordCount: number;
}

/** Chooses the provider for a request's model (BOOK_PROVIDERS) and runs it with checkpoints. */
@Injectable()
export class GenerationService {
  private readonly providers: Record<ModelId, BookProvider>;

  constructor(
    private readonly sections: GenerationSectionsRepository,
    @Inject(BOOK_PROVIDERS) registrations: readonly BookProviderRegistration[],
  ) {
    this.providers = routeByModel(registrations);
  }

  /** The provider that writes a model id's books (configuration: GENERATION_PROVIDER*, or an extension). */
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

/**
 * One provider per model id, the last registration of an id winning; a
 * registration naming a model id the catalog does not know, or a model id
 * left without a provider, stops the start.
 */
export function routeByModel(registrations: readonly BookProviderRegistration[]): Record<ModelId, BookProvider> {
  const routes = new Map<ModelId, BookProvider>();
  for (const { models, provider } of registrations) {
    for (const model of models) {
      if (!MODEL_IDS.includes(model)) {
        throw new Error(
          `Book provider ${provider.name} is registered for model ${String(model)}, which is not in the catalog (${MODEL_IDS.join(', ')})`,
        );
      }
      routes.set(model, provider);
    }
  }
  const missing = MODEL_IDS.filter((model) => !routes.has(model));
  if (missing.length > 0) throw new Error(`No book provider is registered for model ${missing.join(', ')}`);
  return Object.fromEntries(routes) as Record<ModelId, BookProvider>;
}
