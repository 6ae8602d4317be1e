import type { BookDocument } from '../book/book-document';
import { bookLabels } from '../book/book-labels';
import { readerText as shownText } from './testing/reader-text';
import { sampleBook } from './testing/sample-books';

const FORMATS = ['txt', 'md', 'html', 'epub', 'pdf'] as const;

/** A sample textbook (contents, a foreword, lessons, exercises and their answers) in `language`. */
function textbookIn(language: string): BookDocument {
  const book = sampleBook({ type: 'textbook' });
  return {
    ...book,
    metadata: { ...book.metadata, language },
    frontMatter: {
      ...book.frontMatter,
      foreword: [
        'Ce livre est né au port, un hiver où les bateaux ne revenaient pas, et il a grandi avec ceux qui attendaient.',
        'Il se lit dans l’ordre : chaque chapitre s’appuie sur le précédent, et les exercices qui les ferment ' +
          'demandent ce que le chapitre a montré, rien de plus. Les réponses sont à la fin, pour qu’on essaie ' +
          'd’abord. Merci à celles et ceux qui ont relu ces pages, au port comme ailleurs, pendant tout un hiver.',
      ],
    },
  };
}

/** What a reader sees of the book in `format`, the PDF's text on one line. */
async function readerText(format: (typeof FORMATS)[number], document: BookDocument): Promise<string> {
  const text = await shownText(format, document);
  return format === 'pdf' ? text.replace(/\s+/g, ' ') : text;
}

describe('book labels', () => {
  it.each(FORMATS)(
    'sets a French book in %s with French labels: contents, chapters, foreword, exercises, answers',
    async (format) => {
      const text = await readerText(format, textbookIn('fr-CA'));
      const labels = bookLabels('fr');
      for (const label of [labels.foreword, labels.numbered('chapter', '1'), labels.exercise('1')]) {
        expect(text).toContain(label);
      }
      // The contents are a page of their own in print and e-books, a list in the others.
      expect(text).toContain(format === 'md' ? labels.numbered('chapter', '2') : labels.contents);
      expect(text).toMatch(/[Rr]éponse/);
      for (const english of ['Contents', 'Chapter 1', 'Exercise 1', 'Foreword', 'Answers']) {
        expect(text).not.toContain(english);
      }
    },
  );

  it.each(['txt', 'html'] as const)("numbers a Spanish comic's panels in %s in Spanish", async (format) => {
    const comic = sampleBook({ type: 'comic' });
    const text = await readerText(format, { ...comic, metadata: { ...comic.metadata, language: 'es' } });
    // The sample's own panel descriptions say "Panel 1: ..."; the label is the line or badge before them.
    if (format === 'txt') {
      expect(text).toMatch(/^VIÑETA 1$/m);
      expect(text).not.toMatch(/^PANEL 1$/m);
    } else {
      expect(text).toContain('<span class="panel-number">Viñeta 1</span>');
      expect(text).not.toContain('<span class="panel-number">Panel 1</span>');
    }
  });

  it('gives languages it has no words for the English ones, and reads a tag by its language', () => {
    expect(bookLabels('sv').contents).toBe('Contents');
    expect(bookLabels('de-CH').numbered('chapter', '2')).toBe('Kapitel 2');
    expect(bookLabels('ja').numbered('lesson', '4')).toBe('第4課');
    expect(bookLabels('es').by('Ada')).toBe('por Ada');
    expect(bookLabels('fr').writtenWith('2.0', '3 janvier 2026')).toBe(
      'Écrit avec Scriptorium, modèle 2.0, le 3 janvier 2026.',
    );
  });
});
