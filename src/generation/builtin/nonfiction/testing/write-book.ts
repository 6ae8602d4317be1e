/** Runs a non-fiction writer the way the builtin provider does, for the writers' specs. */
import type { BookChapter } from '../../../../book/book-document';
import type { BookGenerationRequest } from '../../../book-provider';
import { Random } from '../../prng';
import { documentWords } from '../../../../book/word-count';
import { blockTexts } from '../../text';
import { type BookOutline, SectionContext, type SectionOutline, type TypeWriter } from '../../type-writer';
import { buildWorld, type World, worldSlots } from '../../world';

export interface WrittenBook {
  world: World;
  outline: BookOutline;
  chapters: BookChapter[];
  words: number;
  /** Writes one section again from scratch, as the provider does after a crash. */
  rewrite(section: SectionOutline): BookChapter;
}

export function bookRequest(overrides: Partial<BookGenerationRequest> = {}): BookGenerationRequest {
  return {
    requestId: '00000000-0000-4000-8000-000000000001',
    prompt: 'Introduction to astronomy for beginners',
    style: 'western',
    type: 'textbook',
    images: false,
    author: 'Test Author',
    customTone: '',
    model: '2.0',
    outputFormat: 'txt',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function writeBook(writer: TypeWriter, overrides: Partial<BookGenerationRequest> = {}): WrittenBook {
  const request = bookRequest(overrides);
  const random = new Random(
    JSON.stringify([request.prompt, request.style, request.type, request.model, request.author, request.customTone]),
  );
  const world = buildWorld(request, random.fork('world'));
  const outline = writer.outline(world, random.fork('outline'));
  const slots = worldSlots(world);
  const bookRandom = random.fork('book');
  const rewrite = (section: SectionOutline): BookChapter => ({
    id: `ch-${String(section.number).padStart(2, '0')}`,
    kind: section.kind,
    number: section.number,
    title: section.title,
    blocks: writer.writeSection(
      new SectionContext(world, outline, section, random.fork(section.key), slots, bookRandom),
    ),
  });
  const chapters = outline.sections.map(rewrite);
  for (const extra of writer.backMatter?.(world, outline) ?? [])
    chapters.push({ ...extra, number: chapters.length + 1 });
  return { world, outline, chapters, words: documentWords(chapters), rewrite };
}

/** Every readable sentence of a chapter, joined. */
export function chapterText(chapter: BookChapter): string {
  return chapter.blocks.flatMap(blockTexts).join('\n');
}
