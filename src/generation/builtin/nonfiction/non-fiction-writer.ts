/**
 * Non-fiction books: an argument about the subject carried across the
 * chapters (thesis first, one claim per chapter with reasons, an illustrative
 * case labelled as invented, objections and replies, a conclusion chapter),
 * and a sources chapter that says honestly how to test the argument:
 * kinds of sources, questions to ask of them, and a note per chapter on
 * which cases are composites (non-fiction-material.ts).
 */
import type { BookBlock, BookChapter } from '../../../book/book-document';
import { Chooser, expand, type Slots } from '../grammar';
import { Random } from '../prng';
import { blockWords } from '../../../book/word-count';
import { titleCase } from '../text';
import { type BookOutline, SectionContext, type SectionOutline, type TypeWriter } from '../type-writer';
import { type World, worldSlots } from '../world';
import {
  type ArgumentStep,
  ARGUMENT_PLANS,
  CASE_HEADINGS,
  CASE_LABELS,
  CASE_READINGS,
  CHAPTERS,
  CLAIM_HEADINGS,
  CLOSING_HEADINGS,
  COMPOSITE_NOTES,
  EVIDENCE_HEADINGS,
  NON_FICTION_FOREWORDS,
  NON_FICTION_TITLES,
  OBJECTION_HEADINGS,
  PLAN_HEADINGS,
  REASON_HEADINGS,
  REFLECTION_HEADINGS,
  REFLECTIONS,
  SECOND_CASE_HEADINGS,
  SECOND_CASE_NOTES,
  SOURCE_KINDS,
  SOURCE_QUESTIONS,
  THESIS,
} from './non-fiction-material';
import {
  bookSubject,
  bookVoices,
  bookWriter,
  foreword,
  inOrder,
  numberWord,
  personSlots,
  rotated,
  sectionScene,
  sectionSlots,
  subjectSlots,
  uniqueTitle,
  VOICE_ASIDES,
} from './nonfiction-shared';

/** Words per chapter by model: 3.0 has more chapters and longer ones. */
const CHAPTER_WORDS: Record<'2.0' | '3.0', number> = { '2.0': 700, '3.0': 900 };

export class NonFictionWriter implements TypeWriter {
  outline(world: World, random: Random): BookOutline {
    const subject = bookSubject(world, 'non_fiction');
    const plan = ARGUMENT_PLANS[world.model];
    const write = bookWriter(random, { ...worldSlots(world), ...subjectSlots(subject), thesis: THESIS });
    const used = new Set<string>();
    const titles = plan.map((step, index) =>
      uniqueTitle(random.shuffle(CHAPTERS[step].titles), write, used, `Chapter ${index + 1}`),
    );
    return {
      // "The Case for Looking Again at …" only fits a short subject.
      title: titleCase(
        write(
          random.pick(
            subject.noun.split(' ').length > 3
              ? NON_FICTION_TITLES.filter((title) => title.length < 25)
              : NON_FICTION_TITLES,
          ),
        ),
      ),
      subtitle: `An argument in ${numberWord(plan.length)} chapters, told in ${world.lexicon.label} style`,
      synopsis: write(
        `An essay in ${numberWord(plan.length)} chapters arguing that [thesis]. Each chapter makes one claim, gives its reasons, tests it on an invented case from a ${world.lexicon.label} world and answers an objection; the notes at the end explain how to check the argument against real sources.`,
      ),
      frontMatter: {
        foreword: foreword(
          world,
          NON_FICTION_FOREWORDS.map((paragraph) => paragraph.map(write).join(' ')),
        ),
      },
      sections: plan.map((step, index): SectionOutline => ({
        key: `section-${String(index + 1).padStart(3, '0')}`,
        number: index + 1,
        kind: 'chapter',
        title: titles[index] ?? `Chapter ${index + 1}`,
        label: 'chapter',
        purpose: step,
        words: CHAPTER_WORDS[world.model],
      })),
    };
  }

  writeSection(context: SectionContext): BookBlock[] {
    const { world, outline, section } = context;
    const step = section.purpose as ArgumentStep;
    const chapter = CHAPTERS[step];
    const rich = world.model === '3.0';
    const scene = sectionScene(world, section);
    const slots = { ...sectionSlots(world, outline, section, bookSubject(world, 'non_fiction')), thesis: THESIS };
    const write = (template: string, extra?: Slots): string => context.write(template, { ...slots, ...extra });
    const paragraph = (templates: readonly string[], extra?: Slots): BookBlock => ({
      kind: 'paragraph',
      text: templates.map((template) => write(template, extra)).join(' '),
    });
    const heading = (template: string, level: 2 | 3): BookBlock => ({ kind: 'heading', level, text: write(template) });
    const cases = context.random.shuffle([...chapter.cases]);
    const swapped = rotated(scene);

    const body: BookBlock[] = [
      paragraph(context.pick(chapter.openings)),
      heading(context.pick(CLAIM_HEADINGS), 2),
      paragraph([context.pick(chapter.claims)]),
      heading(context.pick(REASON_HEADINGS), 2),
      ...inOrder(context.random, chapter.reasons, rich ? 5 : 4).map((templates) => paragraph(templates)),
    ];
    if (step === 'thesis') body.push(heading(context.pick(PLAN_HEADINGS), 2), planParagraph(outline));
    if (step === 'conclusion') {
      body.push({
        kind: 'list',
        ordered: false,
        items: outline.sections
          .filter((other) => other.purpose !== 'conclusion' && other.purpose !== 'thesis')
          .map(
            (other) =>
              `“${other.title}”: ${context.fragment(CHAPTERS[other.purpose as ArgumentStep].claimPhrase, slots)}.`,
          ),
      });
    }
    body.push(
      heading(context.pick(CASE_HEADINGS), 2),
      paragraph([context.pick(CASE_LABELS), ...(cases[0] ?? [])]),
      paragraph(context.pick(CASE_READINGS)),
    );
    const voices = bookVoices(world);
    if (voices.length > 0) body.push(paragraph([context.pick(VOICE_ASIDES[context.pick(voices)])]));
    body.push(
      heading(context.pick(EVIDENCE_HEADINGS), 2),
      ...inOrder(context.random, chapter.evidence, rich ? 2 : 1).map((templates) => paragraph(templates)),
      heading(context.pick(OBJECTION_HEADINGS), 2),
    );
    for (const [objection, reply] of inOrder(context.random, chapter.objections, rich ? 2 : 1)) {
      body.push(paragraph(objection), paragraph(reply));
    }
    if (rich && cases[1]) {
      body.push(
        heading(context.pick(SECOND_CASE_HEADINGS), 2),
        paragraph([...cases[1], context.pick(SECOND_CASE_NOTES)], swapped),
      );
    }

    const closing: BookBlock[] = [
      heading(context.pick(CLOSING_HEADINGS), 2),
      paragraph(context.pick(chapter.conclusions)),
    ];
    const words = (blocks: readonly BookBlock[]): number => blocks.reduce((sum, block) => sum + blockWords(block), 0);
    const budget = section.words * 0.92 - words(closing);
    // One reflection at most: the chapter's own argument carries it.
    if (words(body) < budget)
      body.push(heading(context.pick(REFLECTION_HEADINGS), 3), paragraph(context.pick(REFLECTIONS)));
    return [...body, ...closing];

    function planParagraph(book: BookOutline): BookBlock {
      const steps = book.sections.slice(1).map((other) => `“${other.title}”`);
      const last = steps.pop() ?? '';
      return {
        kind: 'paragraph',
        text: write(
          `The argument proceeds in steps. The chapters that follow are ${steps.join(', ')} and, finally, ${last}. Each makes one claim, gives reasons for it, tests it on an invented case and answers at least one objection.`,
        ),
      };
    }
  }

  backMatter(world: World, outline: BookOutline): BookChapter[] {
    const subject = bookSubject(world, 'non_fiction');
    const base = { ...worldSlots(world), ...subjectSlots(subject) };
    const random = new Random(`${world.style}|${world.premise}|sources`);
    const chooser = new Chooser(random, 0, 1);
    const write = (template: string, extra?: Slots): string =>
      expand(template, extra ? { ...base, ...extra } : base, random, chooser);
    const rich = world.model === '3.0';
    const notes = outline.sections.flatMap((section): BookBlock[] => {
      const chapter = CHAPTERS[section.purpose as ArgumentStep];
      if (!chapter) return [];
      const scene = sectionScene(world, section);
      const slots = {
        ...personSlots('p', scene.p),
        ...personSlots('q', scene.q),
        here: scene.here,
        there: scene.there,
      };
      const people = rich ? '[p.full] and [q.full]' : '[p.full]';
      // The conclusion's cases return to the hero of the first chapter.
      const cast =
        section.purpose === 'conclusion'
          ? 'Its closing illustration returns to [hero.full], the invented figure of the first chapter'
          : `Its illustrations, with ${people} at [here]${rich ? ' and [there]' : ''}, ${random.pick(COMPOSITE_NOTES)}`;
      return [
        { kind: 'heading', level: 3, text: `Chapter ${section.number}: ${section.title}` },
        {
          kind: 'paragraph',
          text: write(`The chapter argues ${chapter.claimPhrase}. ${cast}. To test the claim, ${chapter.test}.`, slots),
        },
      ];
    });
    return [
      {
        id: 'sources',
        kind: 'sources',
        number: outline.sections.length + 1,
        title: 'Notes and Further Reading',
        blocks: [
          {
            kind: 'paragraph',
            text: write(
              'This book makes an argument; it does not report research. It cites no statistics, dates or studies, because it is meant to be checked rather than taken on trust, and every case in it is an invented illustration. What follows is a guide to testing its claims about [subject] against real sources.',
            ),
          },
          { kind: 'heading', level: 2, text: 'Kinds of sources to look for' },
          { kind: 'list', ordered: false, items: SOURCE_KINDS.map((item) => write(item)) },
          { kind: 'heading', level: 2, text: 'Questions to ask of any source' },
          { kind: 'list', ordered: true, items: SOURCE_QUESTIONS.map((item) => write(item)) },
          {
            kind: 'paragraph',
            text: write(
              'Start with two or three introductions, note where they agree and disagree, and follow their references back towards first-hand material. Keep a record of where each thing you learn about [subject] came from; it is the only way to check it later.',
            ),
          },
          { kind: 'heading', level: 2, text: 'Notes on the chapters' },
          ...notes,
          { kind: 'heading', level: 2, text: 'A note on the illustrations' },
          {
            kind: 'paragraph',
            text: write(
              'The people, places and events in this book’s illustrations belong to an invented [styleLabel] world. Any resemblance to real people is accidental. They are there to make each claim concrete enough to test, and they prove nothing by themselves.',
            ),
          },
        ],
      },
    ];
  }
}
