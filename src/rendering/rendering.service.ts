import { Injectable } from '@nestjs/common';
import type { OutputFormat } from '../catalog/catalog';
import type { BookDocument } from '../generation/book-document';
import { GenerationError } from '../generation/generation.errors';
import { bookFileName } from './book-file-name';
import { RendererRegistry } from './renderer-registry';

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
export class RenderingService {
  constructor(private readonly registry: RendererRegistry) {}

  /** Throws a permanent GenerationError for a format no renderer serves, before any generation work. */
  rendererFor(format: OutputFormat): FormatRenderer {
    const renderer = this.registry.get(format);
    if (!renderer) {
      throw new GenerationError(`Output format ${format} is not available on this deployment`, true);
    }
    return {
      contentType: renderer.contentType,
      render: async (document) => ({
        content: await renderer.render(document),
        fileName: bookFileName(document.metadata.title, renderer.fileExtension),
      }),
    };
  }
}
