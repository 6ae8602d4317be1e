/**
 * Self-help books: one principle per chapter, stated as a key point, opened
 * by a story about someone from the style's world, explained, with the trap
 * most people fall into, an ordered list of action steps, questions for
 * reflection and a one-line takeaway (self-help-material.ts).
 */
import type { BookBlock } from '../../../book/book-document';
import type { Slots } from '../grammar';
import type { Random } from '../prng';
import { blockWords } from '../../../book/word-count';
import { titleCase } from '../text';
import { type BookOutline, SectionContext, type SectionOutline, type TypeWriter } from '../type-writer';
import { type World, worldSlots } from '../world';
import {
  bookSubject,
  bookVoices,
  bookWriter,
  foreword,
  inOrder,
  numberWord,
  rotated,
  sectionScene,
  sectionSlots,
  subjectSlots,
  uniqueTitle,
  VOICE_ASIDES,
} from './nonfiction-shared';
import {
  BRIDGES,
  FAQ_HEADINGS,
  PRINCIPLE_PLANS,
  PRACTICE_HEADINGS,
  PRINCIPLES,
  type PrincipleStep,
  QUESTION_HEADINGS,
  SECOND_STORY_HEADINGS,
  SELF_HELP_FOREWORDS,
  SELF_HELP_TITLES,
  SIDE_HEADINGS,
  SIDE_NOTES,
  STEP_HEADINGS,
  STORY_HEADINGS,
  STORY_LESSONS,
  STORY_NOTES,
  TAKEAWAY_HEADINGS,
  TRAP_HEADINGS,
} from './self-help-material';

/** Words per chapter by model: 3.0 has more principles and longer chapters. */
const CHAPTER_WORDS: Record<'2.0' | '3.0', number> = { '2.0': 650, '3.0': 900 };

export class SelfHelpWriter implements TypeWriter {
  outline(world: World, random: Random): BookOutline {
    const subject = bookSubject(world, 'self_help');
    const plan = PRINCIPLE_PLANS[world.model];
    const write = bookWriter(random, { ...worldSlots(world), ...subjectSlots(subject) });
    const used = new Set<string>();
    const titles = plan.map((step, index) =>
      uniqueTitle(random.shuffle(PRINCIPLES[step].titles), write, used, `Principle ${index + 1}`),
    );
    const count = numberWord(plan.length);
    return {
      title: titleCase(write(random.pick(subject.action ? SELF_HELP_TITLES.action : SELF_HELP_TITLES.noun))),
      subtitle: `A practical guide in ${count} principles, told in ${world.lexicon.label} style`,
      synopsis: write(
        `A practical guide for anyone who wants to [aim], in ${count} principles: know what you want, notice your patterns, start small, shape your surroundings, build routines, plan for setbacks, bring people with you and make the change part of who you are. Each chapter opens with a story from a ${world.lexicon.label} world and ends with action steps and questions for reflection.`,
      ),
      frontMatter: {
        objectives: plan.map((step) => write(PRINCIPLES[step].promise)),
        foreword: foreword(
          world,
          SELF_HELP_FOREWORDS.map((paragraph) => paragraph.map(write).join(' ')),
        ),
      },
      sections: plan.map((step, index): SectionOutline => ({
        key: `section-${String(index + 1).padStart(3, '0')}`,
        number: index + 1,
        kind: 'principle',
        title: titles[index] ?? `Principle ${index + 1}`,
        label: 'principle',
        purpose: step,
        words: CHAPTER_WORDS[world.model],
      })),
    };
  }

  writeSection(context: SectionContext): BookBlock[] {
    const { world, outline, section } = context;
    const principle = PRINCIPLES[section.purpose as PrincipleStep];
    const rich = world.model === '3.0';
    const scene = sectionScene(world, section);
    const slots = sectionSlots(world, outline, section, bookSubject(world, 'self_help'));
    const write = (template: string, extra?: Slots): string => context.write(template, { ...slots, ...extra });
    const paragraph = (templates: readonly string[], extra?: Slots): BookBlock => ({
      kind: 'paragraph',
      text: templates.map((template) => write(template, extra)).join(' '),
    });
    const heading = (template: string, level: 2 | 3, extra?: Slots): BookBlock => ({
      kind: 'heading',
      level,
      text: write(template, extra),
    });
    const stories = context.random.shuffle([...principle.anecdotes]);
    const swapped = rotated(scene);

    const body: BookBlock[] = [
      { kind: 'key_point', text: write(context.pick(principle.statements)) },
      heading(context.pick(STORY_HEADINGS), 2),
      paragraph([...(stories[0] ?? []), context.pick(STORY_NOTES)]),
      paragraph(context.pick(STORY_LESSONS)),
      heading(context.pick(principle.headings), 2),
      ...inOrder(context.random, principle.explain, rich ? 5 : 4).map((templates) => paragraph(templates)),
    ];
    const voices = bookVoices(world);
    if (voices.length > 0) body.push(paragraph([context.pick(VOICE_ASIDES[context.pick(voices)])]));
    body.push(
      heading(context.pick(PRACTICE_HEADINGS), 2),
      ...inOrder(context.random, principle.practice, rich ? 2 : 1).map((templates) => paragraph(templates)),
      heading(context.pick(TRAP_HEADINGS), 2),
      ...inOrder(context.random, principle.traps, rich ? 2 : 1).map((templates) => paragraph(templates)),
    );
    if (rich && stories[1]) {
      body.push(heading(context.pick(SECOND_STORY_HEADINGS), 2, swapped), paragraph(stories[1], swapped));
    }
    body.push(heading(context.pick(FAQ_HEADINGS), 2));
    for (const [question, answer] of inOrder(context.random, principle.faq, rich ? 2 : 1)) {
      body.push({ kind: 'paragraph', text: `“${write(question)}” ${write(answer)}` });
    }

    const next = outline.sections[section.number];
    const closing: BookBlock[] = [
      heading(context.pick(STEP_HEADINGS), 2),
      {
        kind: 'list',
        ordered: true,
        items: inOrder(context.random, principle.steps, rich ? 6 : 5).map((step) => write(step)),
      },
      heading(context.pick(QUESTION_HEADINGS), 2),
      {
        kind: 'list',
        ordered: false,
        items: inOrder(context.random, principle.questions, rich ? 4 : 3).map((question) => write(question)),
      },
      heading(context.pick(TAKEAWAY_HEADINGS), 3),
      paragraph([context.pick(principle.takeaways), ...(next ? [context.pick(BRIDGES)] : [])]),
    ];
    const words = (blocks: readonly BookBlock[]): number => blocks.reduce((sum, block) => sum + blockWords(block), 0);
    const budget = section.words * 0.92 - words(closing);
    // One side note at most: the chapter's own material carries it.
    if (words(body) < budget) body.push(heading(context.pick(SIDE_HEADINGS), 3), paragraph(context.pick(SIDE_NOTES)));
    return [...body, ...closing];
  }
}
