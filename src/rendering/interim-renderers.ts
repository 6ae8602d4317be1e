import type { OutputFormat } from '../catalog/catalog';
import { CONTENT_TYPES } from '../catalog/catalog';
import type { BookDocument } from '../generation/book-document';

/** Interim renderers, replaced by the renderer registry. */
export interface InterimRenderer {
  format: OutputFormat;
  contentType: string;
  fileExtension: string;
  render(document: BookDocument): Promise<Buffer>;
}

const text = (document: BookDocument, heading: (t: string) => string): string =>
  [heading(document.metadata.title), `by ${document.metadata.author}`, '']
    .concat(
      document.chapters.flatMap((chapter) => [
        heading(chapter.title),
        ...chapter.blocks.map((block) => (block.kind === 'paragraph' ? block.text : '')),
        '',
      ]),
    )
    .join('\n');

export class InterimRendererRegistry {
  private readonly renderers: InterimRenderer[] = [
    {
      format: 'txt',
      contentType: CONTENT_TYPES.txt,
      fileExtension: 'txt',
      render: (d) => Promise.resolve(Buffer.from(text(d, (t) => t.toUpperCase()))),
    },
    {
      format: 'md',
      contentType: CONTENT_TYPES.md,
      fileExtension: 'md',
      render: (d) => Promise.resolve(Buffer.from(text(d, (t) => `# ${t}`))),
    },
    {
      format: 'json',
      contentType: CONTENT_TYPES.json,
      fileExtension: 'json',
      render: (d) => Promise.resolve(Buffer.from(JSON.stringify(d, null, 2))),
    },
  ];

  get(format: OutputFormat): InterimRenderer | undefined {
    return this.renderers.find((renderer) => renderer.format === format);
  }
}

export function interimFileName(title: string, extension: string): string {
  const slug =
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 80) || 'book';
  return `${slug}.${extension}`;
}
