import { Injectable } from '@nestjs/common';
import type { OutputFormat } from '../catalog/catalog';
import type { BookRenderer } from './book-renderer';
import { EpubRenderer } from './renderers/epub/epub.renderer';
import { HtmlRenderer } from './renderers/html.renderer';
import { JsonRenderer } from './renderers/json.renderer';
import { MarkdownRenderer } from './renderers/md.renderer';
import { PdfRenderer } from './renderers/pdf/pdf.renderer';
import { TxtRenderer } from './renderers/txt.renderer';

/** Every output format the service writes. A new format is one renderer class and one line here. */
export const BOOK_RENDERERS: ReadonlyArray<new () => BookRenderer> = [
  TxtRenderer,
  MarkdownRenderer,
  HtmlRenderer,
  JsonRenderer,
  PdfRenderer,
  EpubRenderer,
];

@Injectable()
export class RendererRegistry {
  private readonly byFormat: ReadonlyMap<OutputFormat, BookRenderer>;

  constructor() {
    this.byFormat = new Map(
      BOOK_RENDERERS.map((Renderer) => {
        const renderer = new Renderer();
        return [renderer.format, renderer] as const;
      }),
    );
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
