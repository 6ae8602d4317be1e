import { Inject, Injectable, Optional } from '@nestjs/common';
import { OUTPUT_FORMATS, type OutputFormat } from '../catalog/catalog';
import { BOOK_RENDERERS, type BookRenderer } from './book-renderer';
import { EpubRenderer } from './renderers/epub/epub.renderer';
import { HtmlRenderer } from './renderers/html.renderer';
import { JsonRenderer } from './renderers/json.renderer';
import { MarkdownRenderer } from './renderers/md.renderer';
import { PdfRenderer } from './renderers/pdf/pdf.renderer';
import { TxtRenderer } from './renderers/txt.renderer';

/** Every output format the service writes. A new format is one renderer class and one line here. */
export const BUILTIN_RENDERERS: ReadonlyArray<new () => BookRenderer> = [
  TxtRenderer,
  MarkdownRenderer,
  HtmlRenderer,
  JsonRenderer,
  PdfRenderer,
  EpubRenderer,
];

export function builtinRenderers(): BookRenderer[] {
  return BUILTIN_RENDERERS.map((Renderer) => new Renderer());
}

/**
 * The renderer of each format: in the app, those of BOOK_RENDERERS (an
 * extension's renderer replacing the builtin one of its format); built by
 * hand (specs, benchmarks), the builtin ones.
 */
@Injectable()
export class RendererRegistry {
  private readonly byFormat: ReadonlyMap<OutputFormat, BookRenderer>;

  constructor(@Optional() @Inject(BOOK_RENDERERS) renderers: readonly BookRenderer[] = builtinRenderers()) {
    const byFormat = new Map<OutputFormat, BookRenderer>();
    for (const renderer of renderers) {
      if (!OUTPUT_FORMATS.includes(renderer.format)) {
        throw new Error(
          `Renderer ${renderer.constructor.name} is for format ${String(renderer.format)}, which is not in the catalog (${OUTPUT_FORMATS.join(', ')})`,
        );
      }
      byFormat.set(renderer.format, renderer);
    }
    this.byFormat = byFormat;
  }

  get(format: OutputFormat): BookRenderer | undefined {
    return this.byFormat.get(format);
  }

  all(): BookRenderer[] {
    return [...this.byFormat.values()];
  }

  formats(): OutputFormat[] {
    return [...this.byFormat.keys()];
  }
}
