/**
 * The book's visual sheet, asked of the planner once the book is written and
 * before any picture is drawn: how each recurring character and place looks
 * (species or build, colours, clothes, marks; shapes, materials, light) and
 * the book's palette. Every picture's request carries the entries of who and
 * what it shows, so the mole wears the same striped cap on every spread. The
 * bible describes people for writers (roles, wants, secrets); a sheet
 * describes them for an illustrator, and says nothing of the plot.
 */
import type { ChatMessage, StructuredStep } from '../client/model-client';
import { list, obj, str } from '../client/strict-schema';
import { languageLine } from '../pipeline/steps/bible.step';
import type { BookPlan } from '../pipeline/steps/book-plan';

export interface VisualSheet {
  /** Four to eight `#rrggbb` colours, the book's own. */
  readonly palette: readonly string[];
  readonly characters: ReadonlyArray<{ readonly name: string; readonly look: string }>;
  readonly places: ReadonlyArray<{ readonly name: string; readonly look: string }>;
}

/** The sheet of a book whose planner gave none: the pictures are drawn from the bible's words alone. */
export const NO_SHEET: VisualSheet = { palette: [], characters: [], places: [] };

/** More would make every picture's prompt long for people and places drawn once. */
const MAX_CHARACTERS = 8;
const MAX_PLACES = 6;
const HEX = /^#[0-9a-fA-F]{6}$/;

export function visualSheetStep(plan: BookPlan): StructuredStep<VisualSheet> {
  const { characters, places } = sheetSubjects(plan);
  return {
    name: 'visual_sheet',
    schema: obj({
      palette: list(str({ description: 'A colour as #rrggbb.' }), { min: 4, max: 8 }),
      characters: list(
        obj({
          name: str({ description: 'As the list above names them.' }),
          look: str({ description: 'What an illustrator must draw the same every time, in one or two sentences.' }),
        }),
        { min: characters.length, max: characters.length },
      ),
      places: list(
        obj({
          name: str(),
          look: str({ description: 'Shapes, materials, colours and light, in one or two sentences.' }),
        }),
        { min: places.length, max: places.length },
      ),
    }),
    read: (value) => {
      const sheet = value as VisualSheet;
      const problems: string[] = [];
      sheet.palette.forEach((colour, index) => {
        if (!HEX.test(colour.trim())) problems.push(`/palette/${index}: give a colour as #rrggbb`);
      });
      const looks = [...sheet.characters, ...sheet.places];
      if (looks.some((entry) => entry.look.trim() === '')) problems.push('a look is empty');
      if (problems.length > 0) return { problems };
      const named = (asked: readonly string[], given: VisualSheet['characters']) =>
        given.map((entry, index) => ({ name: asked[index] ?? entry.name.trim(), look: entry.look.trim() }));
      return {
        value: {
          palette: sheet.palette.map((colour) => colour.trim().toLowerCase()),
          characters: named(characters, sheet.characters),
          places: named(places, sheet.places),
        },
      };
    },
  };
}

export function visualSheetMessages(plan: BookPlan): ChatMessage[] {
  const { characters, places } = sheetSubjects(plan);
  const story = plan.bible.kind === 'story' ? plan.bible : undefined;
  const described = (name: string, description: string | undefined) =>
    `- ${name}${description ? `: ${description}` : ''}`;
  return [
    {
      role: 'system',
      content:
        "You are the art director of an illustrated book, writing the visual sheet every picture's illustrator " +
        'follows. Answer with JSON only.',
    },
    {
      role: 'user',
      content: [
        `The book: "${plan.title}", ${typeName(plan)} in the ${plan.style.replace(/_/g, ' ')} style.`,
        // The whole story: the sheet is for the illustrators, never printed, so the ending spoils nothing.
        `What it is about: ${plan.synopsis}`,
        ...(characters.length > 0
          ? [
              '',
              'Its people (draw each of them the same in every picture):',
              ...characters.map((name) =>
                described(name, story?.characters.find((character) => character.name === name)?.description),
              ),
            ]
          : []),
        ...(places.length > 0
          ? [
              '',
              'Its places:',
              ...places.map((name) => described(name, story?.places.find((place) => place.name === name)?.description)),
            ]
          : []),
        '',
        'Write the visual sheet:',
        '- palette: four to eight colours as #rrggbb that every picture of the book is painted in, suited to its ' +
          'readers and style.',
        ...(characters.length > 0
          ? [
              '- characters, one per person above and in that order: what the eye must recognise in every picture ' +
                'in one or two sentences: species or build and size, age, colours (skin, fur or feathers, hair), ' +
                'clothes and the colours of each, one or two marks of their own (a striped cap, a scar, round ' +
                'glasses). Nothing of their role or the story.',
            ]
          : ['- characters: an empty list.']),
        ...(places.length > 0
          ? [
              '- places, one per place above and in that order: the shapes, materials, colours and light that make ' +
                'it the same place in every picture, in one or two sentences.',
            ]
          : ['- places: an empty list.']),
        'Keep what the book says of them; invent only what it leaves open, in keeping with it.',
        languageLine(plan.language),
      ].join('\n'),
    },
  ];
}

/** A few sentences an entry, and the JSON around them. */
export function visualSheetMaxTokens(plan: BookPlan): number {
  const { characters, places } = sheetSubjects(plan);
  return 400 + 160 * (characters.length + places.length);
}

/** Who and what the sheet describes: the bible's people and places, those the outline brings back first. */
function sheetSubjects(plan: BookPlan): { characters: string[]; places: string[] } {
  if (plan.bible.kind !== 'story') return { characters: [], places: [] };
  const appearances = (matches: (section: BookPlan['sections'][number]) => boolean) =>
    plan.sections.filter(matches).length;
  const byAppearances = <T extends { name: string }>(items: readonly T[], count: (item: T) => number) =>
    items
      .map((item, index) => ({ item, index, count: count(item) }))
      // The bible lists the hero first: ties keep its order.
      .sort((a, b) => (a.index === 0 ? -1 : b.index === 0 ? 1 : b.count - a.count || a.index - b.index))
      .map(({ item }) => item.name);
  const firstName = (name: string) => name.split(/\s+/)[0] ?? name;
  const characters = byAppearances(plan.bible.characters, (character) =>
    appearances(
      (section) =>
        section.present.some((present) => present.includes(firstName(character.name))) ||
        section.summary.includes(firstName(character.name)),
    ),
  ).slice(0, MAX_CHARACTERS);
  const places = byAppearances(plan.bible.places, (place) =>
    appearances((section) => (section.setting ?? '').includes(place.name)),
  ).slice(0, MAX_PLACES);
  return { characters, places };
}

function typeName(plan: BookPlan): string {
  return plan.type === 'childrens' ? "a children's picture book" : `a ${plan.type.replace(/_/g, ' ')}`;
}
