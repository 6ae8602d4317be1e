/**
 * What a reader's software shows of a rendered book, for specs that read
 * books back: txt, md and json as they are; html without its head (no page
 * shows it); the EPUB's pages (not its package document); the PDF's text as
 * poppler's pdftotext extracts it (not its document information).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BookDocument } from '../../book/book-document';
import type { OutputFormat } from '../../catalog/catalog';
import { RendererRegistry } from '../renderer-registry';
import { entry, unzip } from '../renderers/epub/testing/epub-samples';

const renderers = new RendererRegistry();

export async function readerText(format: OutputFormat, document: BookDocument): Promise<string> {
  const output = await renderers.get(format)!.render(document);
  if (format === 'epub') {
    const zip = await unzip(output);
    const names = Object.keys(zip.files).filter((name) => name.endsWith('.xhtml'));
    return (await Promise.all(names.map((name) => entry(zip, name)))).join('\n');
  }
  if (format === 'pdf') {
    const directory = await mkdtemp(path.join(tmpdir(), 'reader-text-'));
    try {
      const file = path.join(directory, 'book.pdf');
      await writeFile(file, output);
      const { stdout } = await promisify(execFile)('pdftotext', ['-enc', 'UTF-8', file, '-']);
      return stdout;
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }
  const text = output.toString('utf8');
  return format === 'html' ? text.replace(/<head>[\s\S]*<\/head>/, '') : text;
}
