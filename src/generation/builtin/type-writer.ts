/**
 * The contract between the builtin provider and the writers of each book type.
 * A writer outlines the whole book once (titles, what each section is for,
 * its word budget), then writes any one section from the world and the
 * outline alone. The provider checkpoints sections one by one, so a section
 * must never depend on the text of another, only on the outline.
 */
import type { BookBlock, BookChapter, ChapterKind, FrontMatter } from '../../book/book-document';
import { Chooser, expand, expandFragment, type Slots } from './grammar';
import type { Random } from './prng';
import type { World } from './world';

export interface SectionOutline {
  /** Checkpoint key, stable for the book. */
  key: string;
  /** 1-based position among the sections. */
  number: number;
  kind: ChapterKind;
  title: string;
  /** How progress messages name the section: "chapter", "page", "lesson". */
  label: string;
  /** What the section is for, in the writer's own terms (a story beat, a lesson step). */
  purpose: string;
  /** Words to aim for; picture books and comics count only their text. */
  words: number;
}

export interface BookOutline {
  title: string;
  subtitle: string;
  synopsis: string;
  frontMatter: FrontMatter;
  sections: SectionOutline[];
}

/** Everything a writer has when it writes one section. */
export class SectionContext {
  readonly chooser: Chooser;

  constructor(
    readonly world: World,
    readonly outline: BookOutline,
    readonly section: SectionOutline,
    readonly random: Random,
    readonly slots: Slots,
    bookRandom: Random,
  ) {
    this.chooser = new Chooser(bookRandom, section.number - 1, outline.sections.length);
  }

  /** One template, expanded with the book's slots plus any given here. */
  write(template: string, extra?: Slots): string {
    return expand(template, extra ? { ...this.slots, ...extra } : this.slots, this.random, this.chooser);
  }

  /** A piece of a sentence: no capital, no tidying. */
  fragment(template: string, extra?: Slots): string {
    return expandFragment(template, extra ? { ...this.slots, ...extra } : this.slots, this.random, this.chooser);
  }

  /** One template chosen from a pool without repeating inside the section, then expanded. */
  writeFrom(pool: readonly string[], extra?: Slots): string {
    return this.write(this.chooser.pick(pool), extra);
  }

  pick<T>(items: readonly T[]): T {
    return this.chooser.pick(items);
  }
}

export interface TypeWriter {
  outline(world: World, random: Random): BookOutline;
  writeSection(context: SectionContext): BookBlock[];
  /** Chapters after the sections (a glossary, sources), built from the outline. */
  backMatter?(world: World, outline: BookOutline): BookChapter[];
}
