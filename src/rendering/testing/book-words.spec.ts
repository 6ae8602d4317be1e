import { sampleBook } from './sample-books';
import { unreadWords } from './book-words';

function book(paragraphs: string[]) {
  const document = sampleBook({ chapters: 1, paragraphs: 0 });
  document.metadata.title = 'Tide';
  document.metadata.subtitle = undefined;
  document.metadata.author = 'Ada';
  document.frontMatter = {};
  document.chapters = [
    {
      id: 'ch-01',
      kind: 'chapter',
      number: 1,
      title: 'One',
      blocks: paragraphs.map((text) => ({ kind: 'paragraph', text })),
    },
  ];
  return document;
}

describe('unreadWords', () => {
  it('finds every word whole in a reading of the book, furniture and line breaks aside', () => {
    const document = book(['Then again, closer, came the bard’s voice.']);
    expect(unreadWords(document, 'Tide\nAda\n\f1\nOne\nThen again, closer,\ncame the bard’s voice.\n\f')).toEqual([]);
  });

  it('names a word a reading cuts in two, as often as it does', () => {
    const document = book(['Then again, closer, came the bard’s voice again.']);
    expect(unreadWords(document, 'Tide Ada One Then a ga in, closer, came the ba rd’s voice a ga in.')).toEqual([
      'again ×2',
      'bard',
    ]);
  });

  it('joins a word hyphenated at a line’s end, and keeps a compound broken at its own hyphen two words', () => {
    const document = book(['The gulls argued over the will-o’-the-wisps.']);
    expect(unreadWords(document, 'Tide Ada One The gulls ar-\ngued over the will-o’-the-\nwisps.')).toEqual([]);
    expect(unreadWords(document, 'Tide Ada One The gulls ar- gued over the will-o’-the-wisps.')).toEqual(['argued']);
  });

  it('names a gap a reading puts between characters of Japanese set side by side, not a line break', () => {
    const document = book(['港の灯台守のさくらは、毎朝 Mira と話した。']);
    expect(unreadWords(document, 'Tide Ada One 港の灯台守の\nさくらは、毎朝 Mira と話した。')).toEqual([]);
    expect(unreadWords(document, 'Tide Ada One 港の灯 台守のさくらは、毎朝 Mira と話した。')).toEqual(['灯 台']);
  });
});
