import { MarkdownRenderer } from '../../src/rendering/renderers/md.renderer';
import { describeRendererContract } from '../../src/rendering/testing/renderer-contract';
import { sampleBook } from '../../src/rendering/testing/sample-books';
import { readingTimeLine, ReadingTimeMarkdownRenderer, WORDS_PER_MINUTE } from './reading-time-markdown.renderer';

// A renderer that replaces a builtin one owes the service what every renderer owes it.
describeRendererContract([new ReadingTimeMarkdownRenderer()]);

describe('ReadingTimeMarkdownRenderer', () => {
  it("puts the book's reading time under the title of the builtin Markdown, and changes nothing else", async () => {
    const book = sampleBook({ type: 'novel', chapters: 6 });
    const builtin = (await new MarkdownRenderer().render(book)).toString('utf8');
    const rendered = (await new ReadingTimeMarkdownRenderer().render(book)).toString('utf8');
    const line = readingTimeLine(book.metadata.wordCount);
    expect(rendered.split('\n').slice(0, 3)).toEqual([`# ${book.metadata.title}`, '', line]);
    expect(rendered.replace(`\n\n${line}`, '')).toBe(builtin);
  });

  it('counts whole minutes at the reading pace, never less than one', () => {
    expect(readingTimeLine(10)).toBe('Reading time: about 1 minute.');
    expect(readingTimeLine(WORDS_PER_MINUTE * 12)).toBe('Reading time: about 12 minutes.');
    expect(readingTimeLine(WORDS_PER_MINUTE * 12 + WORDS_PER_MINUTE / 2 + 1)).toBe('Reading time: about 13 minutes.');
  });
});
