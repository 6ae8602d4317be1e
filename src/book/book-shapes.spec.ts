import { MODEL_IDS } from '../catalog/catalog';
import { BOOK_SHAPES, bookShape, CONCRETE_BOOK_TYPES } from './book-shapes';

describe('book shapes', () => {
  it('gives books the lengths a reader calls by their type name', () => {
    expect(bookShape('novel', '3.0').totalWords).toBeGreaterThanOrEqual(50_000);
    expect(bookShape('novel', '2.0').totalWords).toBeGreaterThanOrEqual(25_000);
    for (const model of MODEL_IDS) {
      const story = bookShape('short_story', model).totalWords;
      expect(story).toBeGreaterThanOrEqual(4_000);
      expect(story).toBeLessThanOrEqual(12_000);
      const spreads = bookShape('childrens', model);
      expect(spreads.sections).toBeGreaterThanOrEqual(12);
      expect(spreads.sections).toBeLessThanOrEqual(16);
      expect(spreads.totalWords).toBeGreaterThanOrEqual(300);
      expect(spreads.totalWords).toBeLessThanOrEqual(1_000);
    }
    for (const type of ['textbook', 'self_help', 'non_fiction'] as const) {
      expect(bookShape(type, '2.0').totalWords).toBeGreaterThanOrEqual(15_000);
      expect(bookShape(type, '3.0').totalWords).toBeGreaterThanOrEqual(30_000);
    }
    for (const type of ['comic', 'manga'] as const) {
      expect(bookShape(type, '2.0').sections).toBeGreaterThanOrEqual(24);
      expect(bookShape(type, '3.0').sections).toBeGreaterThanOrEqual(40);
    }
  });

  it('keeps prose sections near what a model writes well in one answer, and 3.0 longer than 2.0', () => {
    for (const type of CONCRETE_BOOK_TYPES) {
      expect(bookShape(type, '3.0').totalWords).toBeGreaterThan(bookShape(type, '2.0').totalWords);
      for (const model of MODEL_IDS) {
        const shape = bookShape(type, model);
        expect(shape.totalWords).toBe(shape.sections * shape.wordsPerSection);
        expect(shape.wordsPerSection).toBeLessThanOrEqual(2_200);
        expect(shape.sectionWords.min).toBeLessThan(shape.wordsPerSection);
        expect(shape.sectionWords.max).toBeGreaterThan(shape.wordsPerSection);
      }
    }
  });

  it('declares the builtin sample scale as smaller than the full one', () => {
    for (const type of CONCRETE_BOOK_TYPES) {
      for (const model of MODEL_IDS) {
        expect(BOOK_SHAPES.sample[type][model].totalWords).toBeLessThan(BOOK_SHAPES.full[type][model].totalWords);
      }
    }
  });
});
