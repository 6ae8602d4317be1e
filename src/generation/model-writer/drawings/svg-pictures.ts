/**
 * The pictures a text model draws as SVG when no image model is configured:
 * what each one shows (the scene as written, where, who is there, as the
 * visual sheet has them look), in which frame, and how many tokens a book may
 * spend on them. A picture book's pictures may cost about as many tokens as
 * its text; any other book's about half: a comic's panels are drawn a page
 * at a time, simpler, in one request.
 */
import type { ChatMessage } from '../client/model-client';
import { estimateTokens } from '../client/model-client';
import type { ConcreteBookType } from '../../../book/book-shapes';
import { characterNamed, type BookPlan, type PlannedSection } from '../pipeline/steps/book-plan';
import type { DrawingFrame } from './untrusted-svg';
import type { VisualSheet } from './visual-sheet.step';

/** The cover stands like a book; every other picture lies like a spread or a panel (the builtin ones' 3:2). */
export const COVER_FRAME: DrawingFrame = { width: 600, height: 800 };
export const PICTURE_FRAME: DrawingFrame = { width: 600, height: 400 };

export interface PictureBudget {
  /** The pictures' tokens (prompts and answers) at most, as a share of the tokens the book's text took. */
  readonly share: number;
  /** The answer room of one picture (the cover's, a spread's, a chapter's). */
  readonly pictureTokens: number;
  /** The answer room of one comic panel, drawn with the others of its page in one request. */
  readonly panelTokens: number;
}

/**
 * A 16-20 KB drawing is 4,000-5,000 tokens; a panel drawn simpler, a third of
 * that. When the share will not pay for every picture at this room, each is
 * given less, down to half; then the cover and evenly spaced sections are
 * drawn by the model and the others by the builtin illustrator.
 */
export const PICTURE_BUDGETS: Readonly<Record<ConcreteBookType, PictureBudget>> = {
  childrens: { share: 1, pictureTokens: 6_000, panelTokens: 1_600 },
  comic: { share: 0.5, pictureTokens: 5_000, panelTokens: 1_600 },
  manga: { share: 0.5, pictureTokens: 5_000, panelTokens: 1_600 },
  short_story: { share: 0.5, pictureTokens: 5_000, panelTokens: 1_600 },
  novel: { share: 0.5, pictureTokens: 5_000, panelTokens: 1_600 },
  textbook: { share: 0.5, pictureTokens: 4_000, panelTokens: 1_600 },
  self_help: { share: 0.5, pictureTokens: 4_000, panelTokens: 1_600 },
  non_fiction: { share: 0.5, pictureTokens: 4_000, panelTokens: 1_600 },
};
/** A picture given less room than this share of its own is not drawn by the model. */
const LEAST_ROOM = 0.5;

const ART_DIRECTION: Readonly<Record<ConcreteBookType, string>> = {
  childrens:
    'a warm, gentle picture-book illustration for young children: rounded shapes, soft colours, friendly faces',
  comic: 'a bold, full-colour comic panel: strong silhouettes, clear staging, dark outlines',
  manga: 'a black-and-white manga panel: black, white and greys only, strong contrast, dynamic angles',
  short_story: 'a painterly book illustration in flat vector shapes, with depth and atmosphere',
  novel: 'a painterly book illustration in flat vector shapes, with depth and atmosphere',
  textbook: 'a clear, friendly educational illustration: the subject shown plainly, uncluttered',
  self_help: 'a calm, uplifting editorial illustration: simple scenes, open space',
  non_fiction: 'a detailed editorial illustration of the subject, in flat vector shapes',
};

/** One request to the illustrator: the cover, a section's picture, or the panels of one comic page. */
export interface PictureJob {
  readonly id: string;
  /** Undefined for the cover. */
  readonly section?: number;
  /** A comic page's panel numbers, drawn in this order in one answer; absent for a single picture. */
  readonly panels?: readonly number[];
  readonly frame: DrawingFrame;
  /** The request, telling the illustrator how much it may draw in `maxTokens` of answer. */
  readonly messages: (maxTokens: number) => ChatMessage[];
  /** The answer room at the budget's full rate; `planPictures` may give less. */
  readonly maxTokens: number;
  /** What the picture shows, in the book's language. */
  readonly alt: string;
  /** Each panel's alt text (its artist's direction), for a page of panels. */
  readonly panelAlts?: readonly string[];
  /** For the job's messages and logs: "the picture of page 3". */
  readonly label: string;
}

export interface SectionArt {
  readonly section: PlannedSection;
  /** What the writer said the spread's picture shows (picture books). */
  readonly illustration?: string;
  /** A comic page's panels: number and the artist's direction. */
  readonly panels: ReadonlyArray<{ readonly number: number; readonly description: string }>;
  readonly alt: string;
}

/** The requests for a book's pictures: the cover, then each section (or page of panels) in order. */
export function pictureJobs(
  plan: BookPlan,
  sheet: VisualSheet,
  sections: readonly SectionArt[],
  cover: { readonly scene: string; readonly alt: string },
  sectionLabel: string,
): PictureJob[] {
  const budget = PICTURE_BUDGETS[plan.type];
  const hero = plan.bible.kind === 'story' ? plan.bible.characters[0]?.name : undefined;
  const mainPlace = plan.bible.kind === 'story' ? plan.bible.places[0]?.name : undefined;
  const jobs: PictureJob[] = [
    {
      id: 'cover',
      label: 'the cover picture',
      frame: COVER_FRAME,
      maxTokens: budget.pictureTokens,
      alt: cover.alt,
      messages: (maxTokens) =>
        drawingMessages(plan, sheet, {
          what: `The cover of the book. It invites a reader in: who the book is about, where, as it begins. ${cover.scene}`,
          people: hero ? [hero] : [],
          place: mainPlace,
          frame: COVER_FRAME,
          maxTokens,
        }),
    },
  ];
  for (const art of sections) {
    const people = peopleOf(plan, art.section);
    const place = placeOf(plan, art.section);
    if (art.panels.length > 0) {
      const maxTokens = budget.panelTokens * art.panels.length + 300;
      jobs.push({
        id: `page-${art.section.number}`,
        section: art.section.number,
        panels: art.panels.map((panel) => panel.number),
        panelAlts: art.panels.map((panel) => panel.description),
        label: `the panels of ${sectionLabel} ${art.section.number}`,
        frame: PICTURE_FRAME,
        maxTokens,
        alt: art.alt,
        messages: (room) => panelMessages(plan, sheet, art, { people, place, maxTokens: room }),
      });
      continue;
    }
    const what = art.illustration ?? [art.section.beats[0], art.section.summary].filter(Boolean).join(' ');
    jobs.push({
      id: `section-${art.section.number}`,
      label: `the picture of ${sectionLabel} ${art.section.number}`,
      section: art.section.number,
      frame: PICTURE_FRAME,
      maxTokens: budget.pictureTokens,
      alt: art.alt,
      messages: (maxTokens) =>
        drawingMessages(plan, sheet, {
          what,
          setting: art.section.setting,
          people,
          place,
          frame: PICTURE_FRAME,
          maxTokens,
        }),
    });
  }
  return jobs;
}

/** A job as planned: drawn by the model with this answer room, or left to the builtin illustrator. */
export type PlannedPicture =
  { readonly job: PictureJob; readonly maxTokens: number } | { readonly job: PictureJob; readonly builtin: true };

/**
 * Which pictures the model draws, and with how much room, for `budget`
 * tokens: all at full room when it pays; else all with less, down to half;
 * else the cover and evenly spaced others at half room, the rest builtin.
 * Decided before any picture is drawn, so a book's pictures do not depend on
 * which answers came first.
 */
export function planPictures(jobs: readonly PictureJob[], budget: number): PlannedPicture[] {
  const prompt = jobs.map((job) =>
    estimateTokens(
      job
        .messages(job.maxTokens)
        .map((message) => message.content)
        .join('\n'),
    ),
  );
  const promptTotal = prompt.reduce((sum, tokens) => sum + tokens, 0);
  const roomTotal = jobs.reduce((sum, job) => sum + job.maxTokens, 0);
  const rate = Math.min(1, (budget - promptTotal) / roomTotal);
  if (rate >= LEAST_ROOM) {
    return jobs.map((job) => ({ job, maxTokens: Math.floor(job.maxTokens * rate) }));
  }
  const least = jobs.map((job, index) => (prompt[index] ?? 0) + Math.floor(job.maxTokens * LEAST_ROOM));
  const chosen = new Set<number>();
  let spent = 0;
  for (const index of spreadOrder(jobs.length)) {
    const cost = least[index] ?? 0;
    if (spent + cost > budget) continue;
    spent += cost;
    chosen.add(index);
  }
  return jobs.map((job, index) =>
    chosen.has(index) ? { job, maxTokens: Math.floor(job.maxTokens * LEAST_ROOM) } : { job, builtin: true as const },
  );
}

/** 0 (the cover) first, then the others so that any first k of them are spread evenly through the book. */
function spreadOrder(count: number): number[] {
  const order = [0];
  const rest = Array.from({ length: count - 1 }, (_, index) => index + 1);
  // Repeated halving: the middle, then the quarters, then the eighths...
  const queue: Array<[number, number]> = [[0, rest.length]];
  while (queue.length > 0) {
    const [start, end] = queue.shift()!;
    if (start >= end) continue;
    const middle = Math.floor((start + end) / 2);
    order.push(rest[middle]!);
    queue.push([start, middle], [middle + 1, end]);
  }
  return order;
}

/** A correction after an unusable drawing: what was wrong, and the same request again. */
export function redrawMessages(
  job: PictureJob,
  maxTokens: number,
  problems: readonly string[],
  cut: boolean,
): ChatMessage[] {
  return [
    ...job.messages(maxTokens),
    {
      role: 'user',
      content:
        `Your drawing could not be used: ${problems.slice(0, 4).join('; ')}. Draw it again as asked` +
        (cut ? ', with fewer and larger shapes so that it ends well within the length' : '') +
        (job.panels
          ? `: ${job.panels.length} complete <svg> elements, one per panel, in order.`
          : ': one complete <svg> element.'),
    },
  ];
}

interface Drawing {
  readonly what: string;
  readonly setting?: string;
  readonly people: readonly string[];
  readonly place?: string;
  readonly frame: DrawingFrame;
  readonly maxTokens: number;
}

/** Ends the illustrator's system prompt; kept word for word, since the test servers and kept transcripts know requests by it. */
const DRAWING_MARK = 'Answer with SVG code only.';
const SYSTEM =
  "You are the book's illustrator. You draw flat vector illustrations as SVG code, which the book prints " +
  `in its PDF, its e-book and its web page alike. ${DRAWING_MARK}`;

/** Whether a chat request is one of the illustrator's (the test servers answer those with drawings). */
export function asksForDrawing(messages: ReadonlyArray<{ role?: string; content: string }>): boolean {
  return messages.some((message) => message.role === 'system' && message.content.includes(DRAWING_MARK));
}

function drawingMessages(plan: BookPlan, sheet: VisualSheet, drawing: Drawing): ChatMessage[] {
  return [
    { role: 'system', content: SYSTEM },
    {
      role: 'user',
      content: [
        `Draw one picture for "${plan.title}": ${ART_DIRECTION[plan.type]}.`,
        '',
        `The picture: ${drawing.what.trim()}`,
        ...sceneLines(sheet, drawing),
        '',
        ...rules(drawing.frame, drawing.maxTokens, 1),
      ].join('\n'),
    },
  ];
}

function panelMessages(
  plan: BookPlan,
  sheet: VisualSheet,
  art: SectionArt,
  scene: { people: readonly string[]; place?: string; maxTokens: number },
): ChatMessage[] {
  const count = art.panels.length;
  return [
    { role: 'system', content: SYSTEM },
    {
      role: 'user',
      content: [
        `Draw the ${count} panel${count === 1 ? '' : 's'} of page ${art.section.number} of "${plan.title}": ` +
          `${ART_DIRECTION[plan.type]}.`,
        '',
        `The page: ${art.section.summary.trim()}`,
        ...art.panels.map((panel) => `Panel ${panel.number}: ${panel.description.trim()}`),
        ...sceneLines(sheet, { setting: art.section.setting, people: scene.people, place: scene.place }),
        '',
        ...rules(PICTURE_FRAME, scene.maxTokens, count),
        'Keep the top quarter of each panel simple (sky, wall, shadow): its speech balloons are laid over it.',
      ].join('\n'),
    },
  ];
}

function sceneLines(
  sheet: VisualSheet,
  scene: { setting?: string; people: readonly string[]; place?: string },
): string[] {
  const lines: string[] = [];
  const place = scene.place ? sheet.places.find((entry) => entry.name === scene.place) : undefined;
  if (scene.setting || place) {
    lines.push(
      `Where: ${[scene.setting?.trim(), place ? `${place.name} looks like this: ${place.look}` : '']
        .filter(Boolean)
        .join('. ')}`,
    );
  }
  const people = scene.people.map(
    (name) => sheet.characters.find((entry) => entry.name === name) ?? { name, look: '' },
  );
  if (people.length > 0) {
    lines.push('Who is in it, each drawn exactly as described, as in every other picture of the book:');
    for (const person of people) lines.push(`- ${person.name}${person.look ? `: ${person.look}` : ''}`);
  }
  if (sheet.palette.length > 0) lines.push(`The book's palette, to paint with first: ${sheet.palette.join(', ')}.`);
  return lines;
}

/** What the drawing must be, for the renderers and the sanitizer: said plainly, once per request. */
function rules(frame: DrawingFrame, maxTokens: number, count: number): string[] {
  const each = Math.floor(maxTokens / count);
  // An element of a real model's drawing (`<path d="..." fill="#7baa5b"/>`) is about 20 tokens (a played
  // model's spreads: 105 elements in 8 KB); 30 leaves the room a drawing needs to end well within its length.
  const elements = Math.max(20, Math.floor(each / 30 / 10) * 10);
  return [
    'How to draw it:',
    count === 1
      ? `- One <svg> element with viewBox="0 0 ${frame.width} ${frame.height}", and nothing before or after it.`
      : `- ${count} <svg> elements, one per panel in the order above, each with viewBox="0 0 ${frame.width} ` +
        `${frame.height}", and nothing before, between or after them.`,
    '- Only these elements: g, path, rect, circle, ellipse, line, polyline, polygon, and linearGradient or ' +
      'radialGradient with their stops inside defs.',
    '- Colours as #rrggbb, and fill, stroke, opacity and transform as attributes. No text or lettering, no style ' +
      'or class, no images, filters, masks, clip paths, links, scripts or animation.',
    '- Fill the whole frame: first the background (sky, walls, ground), then the middle distance, then the ' +
      'people or animals large in the foreground, each built from simple shapes (head, body, limbs, eyes) and ' +
      'recognisable by what is said of them above.',
    `- About ${elements} elements${count === 1 ? '' : ' a panel'} at most: fewer, larger shapes rather than many ` +
      'small ones, so that the drawing is complete well within the length.',
  ];
}

/** The people a section shows, by the bible's names (the outline lists them as the writers call them). */
function peopleOf(plan: BookPlan, section: PlannedSection): string[] {
  if (plan.bible.kind !== 'story') return [];
  const story = plan.bible;
  const listed = section.present.map((name) => characterNamed(story, name)?.name).filter(Boolean) as string[];
  const named = story.characters
    .filter((character) => section.summary.includes(character.name))
    .map((character) => character.name);
  return [...new Set([...listed, ...named])];
}

/** The bible's place the section's setting names, if any. */
function placeOf(plan: BookPlan, section: PlannedSection): string | undefined {
  if (plan.bible.kind !== 'story') return undefined;
  const setting = section.setting ?? '';
  return plan.bible.places.find((place) => setting.includes(place.name))?.name;
}
