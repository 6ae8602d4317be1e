import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { OutputFormat } from '../catalog/catalog';
import type { BookDocument } from '../book/book-document';
import { GenerationError } from '../generation/generation.errors';
import { bookFileName } from './book-file-name';
import { RendererRegistry } from './renderer-registry';
import { typesetBook } from './typography';

export interface RenderedBook {
  content: Buffer;
  fileName: string;
}

export interface FormatRenderer {
  contentType: string;
  render(document: BookDocument): Promise<RenderedBook>;
}

/** Turns a book document into the file a client downloads. */
@Injectable()
export class RenderingService implements OnModuleInit {
  private readonly logger = new Logger(RenderingService.name);

  constructor(private readonly registry: RendererRegistry) {}

  /**
   * Only processes that render (workers) load this module. Module init runs
   * before any application-bootstrap hook, so this is done before QueueWorkers
   * starts taking jobs, and first-render work never lands on a running job.
   * A failed warm-up costs nothing but time, so it never stops the start.
   */
  async onModuleInit(): Promise<void> {
    for (const renderer of this.registry.all()) {
      if (!renderer.warmUp) continue;
      const started = performance.now();
      try {
        await renderer.warmUp();
        this.logger.log(`Warmed up the ${renderer.format} renderer in ${Math.round(performance.now() - started)} ms`);
      } catch (error) {
        this.logger.warn(`Could not warm up the ${renderer.format} renderer: ${(error as Error).message}`);
      }
    }
  }

  /** Throws a permanent GenerationError for a format no renderer serves, before any generation work. */
  rendererFor(format: OutputFormat): FormatRenderer {
    const renderer = this.registry.get(format);
    if (!renderer) {
      throw new GenerationError(`Output format ${format} is not available on this deployment`, true);
    }
    return {
      contentType: renderer.contentType,
      render: async (document) => ({
        // Every format from the text as the book's language sets it (French spaces, German quotes...).
        content: await renderer.render(typesetBook(document)),
        fileName: bookFileName(document.metadata.title, renderer.fileExtension),
      }),
    };
  }
}
