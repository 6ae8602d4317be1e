/**
 * Textbooks: a course of lessons, each with objectives, an explanation in
 * headed sections, a worked example (steps, then the result), a key point,
 * exercises with model answers and a summary; a glossary of the course's
 * own terms at the back. The lessons teach how to learn the subject, with
 * examples set in the style's world (textbook-material.ts).
 */
import type { BookBlock, BookChapter } from '../../../book/book-document';
import type { Slots } from '../grammar';
import { Random } from '../prng';
import { blockWords } from '../../../book/word-count';
import { capitalize, titleCase } from '../text';
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
  COURSE_OBJECTIVES,
  EXAMPLE_LABELS,
  EXERCISE_HEADINGS,
  FIELD_HEADINGS,
  FIELD_NOTES,
  FIRST_OPENINGS,
  ILLUSTRATION_NOTES,
  LESSON_OPENINGS,
  LESSON_PLANS,
  LESSONS,
  type LessonStep,
  OBJECTIVE_HEADINGS,
  STUDY_TIPS,
  SUMMARY_HEADINGS,
  TEXTBOOK_FOREWORDS,
  TEXTBOOK_TITLES,
  TIP_HEADINGS,
  type WorkedExample,
} from './textbook-material';

/** Words per lesson by model: 3.0 has more lessons and longer ones. */
const LESSON_WORDS: Record<'2.0' | '3.0', number> = { '2.0': 900, '3.0': 1200 };

export class TextbookWriter implements TypeWriter {
  outline(world: World, random: Random): BookOutline {
    const subject = bookSubject(world, 'textbook');
    const plan = LESSON_PLANS[world.model];
    const write = bookWriter(random, { ...worldSlots(world), ...subjectSlots(subject) });
    const used = new Set<string>();
    const titles = plan.map((step, index) =>
      uniqueTitle(random.shuffle(LESSONS[step].titles), write, used, `Lesson ${index + 1}`),
    );
    const label = world.lexicon.label;
    return {
      title: titleCase(write(random.pick(subject.action ? TEXTBOOK_TITLES.action : TEXTBOOK_TITLES.noun))),
      subtitle: `An introductory course in ${numberWord(plan.length)} lessons, told in ${label} style`,
      synopsis: write(
        `A first course in [subject] for beginners, in ${numberWord(plan.length)} lessons: how to get your bearings, learn the vocabulary, break the subject into its core ideas, find things out, solve problems, correct mistakes and apply what you know. Worked examples are set in a ${label} world; every lesson ends with exercises and model answers, and a glossary closes the book.`,
      ),
      frontMatter: {
        objectives: plan.map((step) => write(COURSE_OBJECTIVES[step])),
        foreword: foreword(
          world,
          TEXTBOOK_FOREWORDS.map((paragraph) => paragraph.map(write).join(' ')),
        ),
      },
      sections: plan.map((step, index): SectionOutline => ({
        key: `section-${String(index + 1).padStart(3, '0')}`,
        number: index + 1,
        kind: 'lesson',
        title: titles[index] ?? `Lesson ${index + 1}`,
        label: 'lesson',
        purpose: step,
        words: LESSON_WORDS[world.model],
      })),
    };
  }

  writeSection(context: SectionContext): BookBlock[] {
    const { world, outline, section } = context;
    const lesson = LESSONS[section.purpose as LessonStep];
    const rich = world.model === '3.0';
    const scene = sectionScene(world, section);
    const slots = sectionSlots(world, outline, section, bookSubject(world, 'textbook'));
    const write = (template: string, extra?: Slots): string => context.write(template, { ...slots, ...extra });
    const paragraph = (templates: readonly string[], extra?: Slots): BookBlock => ({
      kind: 'paragraph',
      text: templates.map((template) => write(template, extra)).join(' '),
    });
    const heading = (template: string, level: 2 | 3): BookBlock => ({ kind: 'heading', level, text: write(template) });

    const body: BookBlock[] = [
      paragraph(context.pick(section.number === 1 ? FIRST_OPENINGS : LESSON_OPENINGS)),
      heading(context.pick(OBJECTIVE_HEADINGS), 2),
      {
        kind: 'list',
        ordered: false,
        items: inOrder(context.random, lesson.objectives, rich ? 4 : 3).map((objective) => write(objective)),
      },
      heading(context.pick(lesson.headings), 2),
      ...inOrder(context.random, lesson.explain, rich ? 5 : 4).map((templates) => paragraph(templates)),
    ];
    const voices = bookVoices(world);
    if (voices.length > 0) body.push(paragraph([context.pick(VOICE_ASIDES[context.pick(voices)])]));

    const subsections = context.random.shuffle(lesson.subheadings.map((_, index) => index));
    const [firstSub = 0, ...otherSubs] = subsections;
    body.push(...subsection(firstSub));
    if (rich && otherSubs[0] !== undefined) body.push(...subsection(otherSubs.shift() ?? 0));

    const examples = context.random.shuffle([...lesson.examples]);
    const [example, second] = examples;
    if (example) body.push(...workedExample(example, {}));
    body.push({ kind: 'key_point', text: write(context.pick(lesson.keyPoints)) });
    const swapped = rotated(scene);
    if (rich && second) body.push(...workedExample(second, swapped));

    // Exercises and summary close the lesson; texture goes between until the lesson is long enough.
    const exercises: BookBlock[] = [
      heading(context.pick(EXERCISE_HEADINGS), 2),
      ...context.random.sample(lesson.exercises, rich ? 5 : 4).map(([question, answer]): BookBlock => ({
        kind: 'exercise',
        question: write(question),
        answer: write(answer),
      })),
      exercise(example?.exercise, {}),
      ...(rich && second ? [exercise(second.exercise, swapped)] : []),
    ];
    const terms = lesson.terms.map(([term]) => term);
    const closing: BookBlock[] = [
      heading(context.pick(SUMMARY_HEADINGS), 2),
      paragraph(context.pick(lesson.summaries)),
      { kind: 'paragraph', text: `Key terms in this lesson: ${terms.join(', ')}. You will find them in the glossary.` },
    ];
    const words = (blocks: readonly BookBlock[]): number => blocks.reduce((sum, block) => sum + blockWords(block), 0);
    const budget = section.words * 0.92 - words(exercises) - words(closing);
    // The lesson's own material first, then a scene from the style's world and a study tip.
    const fillers: Array<() => BookBlock[]> = [
      ...otherSubs.map((index) => () => subsection(index)),
      () => [heading(context.pick(FIELD_HEADINGS), 3), paragraph(context.pick(FIELD_NOTES))],
      () => [heading(context.pick(TIP_HEADINGS), 3), paragraph(context.pick(STUDY_TIPS))],
    ];
    for (const filler of fillers) if (words(body) < budget) body.push(...filler());
    return [...body, ...exercises.filter((block) => block.kind !== 'paragraph' || block.text), ...closing];

    function subsection(index: number): BookBlock[] {
      return [heading(lesson.subheadings[index] ?? '', 3), paragraph(lesson.deeper[index] ?? [])];
    }

    function workedExample(material: WorkedExample, extra: Slots): BookBlock[] {
      return [
        { kind: 'heading', level: 2, text: `${context.pick(EXAMPLE_LABELS)}: ${write(material.title, extra)}` },
        paragraph([...material.setup, context.pick(ILLUSTRATION_NOTES)], extra),
        { kind: 'list', ordered: true, items: material.steps.map((step) => write(step, extra)) },
        paragraph(material.result, extra),
      ];
    }

    function exercise(material: readonly [string, string] | undefined, extra: Slots): BookBlock {
      if (!material) return { kind: 'paragraph', text: '' };
      return { kind: 'exercise', question: write(material[0], extra), answer: write(material[1], extra) };
    }
  }

  backMatter(world: World, outline: BookOutline): BookChapter[] {
    const subject = bookSubject(world, 'textbook');
    const slots = { ...worldSlots(world), ...subjectSlots(subject) };
    const write = bookWriter(new Random(`${world.style}|${world.premise}|glossary`), slots);
    const lessonOf = (step: LessonStep): number | undefined =>
      outline.sections.find((section) => section.purpose === step)?.number;
    const entries: Array<{ term: string; definition: string }> = [];
    for (const section of outline.sections) {
      const lesson = LESSONS[section.purpose as LessonStep];
      if (!lesson) continue;
      for (const [term, definition] of lesson.terms) {
        entries.push({ term: capitalize(term), definition: `${write(definition)} (Lesson ${section.number}.)` });
      }
    }
    const evidence = lessonOf('evidence');
    const last = outline.sections.length;
    entries.push(
      {
        term: capitalize(subject.noun),
        definition: write(
          `The subject of this course. Lesson 1 builds a working definition of it and Lesson ${last} revises that definition; for its established facts and findings, use the kinds of sources recommended in Lesson ${last}.`,
        ),
      },
      {
        term: write('Sources on [subject]'),
        definition: write(
          `Where the facts of [subject] are to be found: introductions written by people who work in the field, reference works, courses and communities of practitioners.${evidence ? ` Weigh each with the questions of Lesson ${evidence}.` : ' Ask of each who made it, how they would know, and whether independent sources agree.'}`,
        ),
      },
      {
        term: 'Worked example',
        definition: write(
          'In this course, a short invented scene set in a [styleLabel] world that shows a method step by step. The people and places are illustrations; the methods are meant for real use.',
        ),
      },
    );
    const unique = new Map<string, { term: string; definition: string }>();
    for (const entry of entries) if (!unique.has(entry.term.toLowerCase())) unique.set(entry.term.toLowerCase(), entry);
    const sorted = [...unique.values()].sort((a, b) => a.term.localeCompare(b.term, 'en'));
    return [
      {
        id: 'glossary',
        kind: 'glossary',
        number: outline.sections.length + 1,
        title: 'Glossary',
        blocks: [
          {
            kind: 'paragraph',
            text: write(
              'The terms this course introduces for studying [subject], with the lesson where each first appears. Add your own as you go: a glossary you keep yourself is worth more than any printed one.',
            ),
          },
          ...sorted.map((entry): BookBlock => ({ kind: 'glossary_entry', ...entry })),
        ],
      },
    ];
  }
}
