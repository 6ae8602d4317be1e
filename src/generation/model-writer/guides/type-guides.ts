/**
 * What each book type asks of the planner and the section writer, as data:
 * the prompt builder renders the guide of the book's type into its prompts.
 * Lengths are deliberately absent: the model is given them separately, from
 * `book-shapes.ts`, which is their only source. Every word is sent with every
 * section, hence the terse entries; the spec caps their size.
 */
import type { ConcreteBookType } from '../../../book/book-shapes';

export interface TypeGuide {
  /** What the type is called in a prompt ("picture book", not the API's `childrens`). */
  name: string;
  /** One sentence: what this book is, for the model. */
  form: string;
  /** What the planner must decide for this type beyond the cast and outline (3 to 6 items). */
  planning: string[];
  /** How one section is built (3 to 6 items). */
  sectionCraft: string[];
  /** How sections open and close so that neighbours join and the reader turns the page. */
  seams: string;
  /** How speech is written in this type. */
  dialogue: string;
  /** 3 to 5 concrete failures to avoid. */
  avoid: string[];
}

/** Shared by the prose fiction types, so the two cannot drift apart. */
const PROSE_DIALOGUE =
  "Marked as the book's language marks speech (“” in English, « » in French, dashes in Spanish, 「」 in " +
  'Japanese), plain tags or an action beat, a new paragraph per speaker; never screenplay lines.';

export const TYPE_GUIDES: Record<ConcreteBookType, TypeGuide> = {
  novel: {
    name: 'novel',
    form: "A novel: long prose fiction in chapters, where a cast's choices drive a plot through rising complications to a resolution.",
    planning: [
      "The protagonist's want, need, and what blocks both.",
      'An early inciting incident, a midpoint reversal, a low point, a climax the protagonist causes.',
      "Each chapter's viewpoint character and what the chapter changes.",
      'Subplots that press on the main plot; setups planted well before they pay off.',
    ],
    sectionCraft: [
      'One to three scenes, each with a goal, opposition and an outcome that changes the situation.',
      'Enter late, leave early; travel and waiting take a sentence.',
      'Place, time and viewpoint fixed in the first lines of a scene.',
      'Feeling shown in action and speech; interiority only where it leads to a choice.',
    ],
    seams:
      'Open in motion at a new moment, never with a recap, and vary the kind of opening. Close on a changed situation, a decision or an open question, never on a summary or reflection on what it meant.',
    dialogue: `${PROSE_DIALOGUE} Subtext: nobody explains what both know.`,
    avoid: [
      'A chapter ending that sums up its meaning or muses on the journey.',
      'Stock phrases: "a testament to", "little did she know".',
      'Rescue by coincidence or a convenient arrival.',
      'Recaps of earlier chapters; every chapter opening alike (waking, weather).',
    ],
  },
  short_story: {
    name: 'short story',
    form: 'A short story: prose fiction in a few parts, built on one situation, a small cast and a single turn, where every detail earns its place.',
    planning: [
      'One central conflict or question, and the moment it turns.',
      'One protagonist, and the change (or refusal to change) the ending reveals.',
      'A recurring image or object that gathers meaning.',
      'The ending first: the last image or action everything leads to.',
    ],
    sectionCraft: [
      'One or two scenes per part, starting as close to the conflict as possible.',
      'Backstory compressed to a clause; the world suggested, never explained.',
      "Each part shifts the situation or the reader's understanding of it.",
      'Few characters, one setting per part, a few exact details rather than many.',
    ],
    seams:
      'Open the first part mid-situation and later parts with a jump in time or place the reader grasps in a line. Close each part on a shift; end the story on a resonant image or act, not an explanation.',
    dialogue: `${PROSE_DIALOGUE} Sparse: every exchange reveals character or moves the turn.`,
    avoid: [
      'A moral or epiphany spelled out in the last paragraph.',
      'A novel crammed in: subplots, large casts, years of backstory.',
      'A twist for its own sake, or "it was a dream".',
      'Ending a part with a summary of what it meant.',
    ],
  },
  comic: {
    name: 'comic',
    form: 'A comic: a story in pages of panels; the art carries action and setting, the words are captions, balloons and sound effects.',
    planning: [
      'Characters with distinct silhouettes, costumes and props, described once and kept identical.',
      'The story cut into page-sized beats, with reveals placed just after a page turn.',
      'The few moments that earn a splash or a large panel.',
      'A small set of locations the art establishes and returns to.',
    ],
    sectionCraft: [
      'One beat per panel: one action at one instant, never a sequence.',
      'Panel descriptions for the artist, in present tense: shot, who is where, expressions, key props.',
      'Usually four to six panels a page; fewer and larger for impact.',
      'Captions only for what art cannot show: time, place, a narrating voice.',
    ],
    seams:
      "A page's last panel makes the reader turn (a look, an arrival, a question); the next page's first panel answers. A new scene opens on an establishing panel.",
    dialogue:
      'In balloons tied to a named speaker: spoken words only, no tags or quotation marks, at most about 25 words a balloon, two or three a panel. Sound effects as short capitalised onomatopoeia.',
    avoid: [
      'Panels of actions over time ("runs, leaps, lands") or of what art cannot show (smells, backstory).',
      'Balloons saying what the panel shows ("I\'m opening the door!").',
      'Walls of text: speeches, exposition in captions.',
      'Characters whose look changes between pages.',
    ],
  },
  manga: {
    name: 'manga',
    form: 'A manga: a Japanese-style comic read right to left, where pacing, faces and silent panels carry emotion and key moments are drawn out.',
    planning: [
      'Designs distinct at a glance (hair, eyes, outfit); archetypes each character outgrows.',
      'A hook per chapter, escalating to a confrontation or confession.',
      'Which moments to decompress over several panels or pages.',
      'Where comic relief (super-deformed reactions) fits and where the tone must hold.',
    ],
    sectionCraft: [
      "Right to left, top to bottom: the page's first beat top right, its payoff bottom left.",
      'One beat per panel; key moments slowed into a sequence (a glance, a hand, a face).',
      'Wordless panels and reaction shots carry feeling; call for speed lines or sweat drops where apt.',
      'Sound effects drawn into the art, ambient ones too (rain, silence), as short onomatopoeia.',
      'A large or borderless panel for the emotional peak.',
    ],
    seams:
      'End each page on a hook in the bottom-left panel; put big reveals after a page turn, in a large panel. Open scenes on an establishing shot.',
    dialogue:
      'In balloons tied to a named speaker, at most about 25 words, no tags or quotation marks; thoughts in separate balloons; names and honorifics fit the setting.',
    avoid: [
      'Left-to-right staging: payoff top left, reading order ignored.',
      'A big emotional moment squeezed into one panel.',
      'Talk in every panel, no silent beats.',
      'Anime clichés with no story reason (nosebleeds, fan service).',
    ],
  },
  childrens: {
    name: 'picture book',
    form: 'A picture book for ages 3 to 7: a short story read aloud by an adult across double-page spreads, where words and pictures each tell part of it.',
    planning: [
      'One child-sized problem and a child or animal hero who solves it without adult rescue.',
      'A pattern the child can predict and join: three tries, a refrain, a repeated structure.',
      'Page-turn reveals: what each spread sets up and the next pays off.',
      'A warm, safe ending, often home or bedtime, that echoes the opening.',
      "What each spread's picture shows that the words leave out.",
    ],
    sectionCraft: [
      'A few short, concrete sentences per spread, with the rhythm of speech read aloud.',
      'One moment per spread, one the illustrator can draw.',
      'Repetition with a small change each time; sound words children can shout along.',
      'Leave seeing to the picture: do not describe what it shows.',
    ],
    seams:
      'End most spreads on a question, a "but" or a set-up that begs the page turn; open the next on the answer. The last spread echoes the first and lands softly.',
    dialogue:
      'Marked as the book\'s language marks speech (quotation marks with "said" in English, dashes in Spanish), short and easy to say aloud, each speaker clear; animal noises and sound words welcome.',
    avoid: [
      'Words a five-year-old does not know; long sentences with clauses.',
      'A moral stated outright, or an adult solving the problem.',
      'Real danger, cruelty or sadness left unresolved.',
      'Abstractions that cannot be drawn.',
    ],
  },
  textbook: {
    name: 'textbook',
    form: 'A textbook: lessons that teach a subject in order, each building on the last, so a learner can master it by reading and practising.',
    planning: [
      'The learner: level, prerequisites, what they must be able to do at the end.',
      'The order concepts build in, so nothing is used before it is taught.',
      'Objectives per lesson, stated as what the learner can do.',
      'One worked example per concept, and exercises from recall to application.',
      'Key terms, each defined once, consistently.',
    ],
    // The lesson's objectives, key points, exercises and glossary are set around the text by the pipeline
    // (lesson-extras.step): the writer explains.
    sectionCraft: [
      'Open with why the topic matters, tied to what the learner already knows.',
      'One concept at a time: definition, intuition, a worked example with every step shown, the common mistake.',
      'Headings a learner can skim.',
      'End with the explanation: objectives, key points, exercises and glossary are set around the lesson separately.',
    ],
    seams:
      'Open by linking to the previous lesson in a sentence; close the explanation with a line on what comes next. Refer back to earlier lessons by name instead of reteaching them.',
    dialogue:
      'No dialogue. Quote only real, named sources when the wording itself teaches something; otherwise paraphrase.',
    avoid: [
      'Invented or wrong facts, dates, formulas or data; say where the field is unsettled.',
      'Exercises with missing or wrong answers, or needing what was not taught.',
      'Terms used before they are defined.',
      'Padding: motivational filler, objectives restated as a closing summary.',
    ],
  },
  self_help: {
    name: 'self-help book',
    form: 'A self-help book: chapters that each teach one principle for changing part of a life, with stories that make it real and steps the reader can act on.',
    planning: [
      'The reader: their problem, what they have tried, and the change the book offers.',
      'One principle per chapter, in an order where each builds on the last.',
      'The method or framework the principles add up to.',
      'Varied example people, presented as illustrative composites, not real cases.',
    ],
    sectionCraft: [
      'Open with a concrete story or scene showing the problem.',
      'State the principle plainly, then why it works, naming only well-established ideas and their real authors.',
      'Practical steps as a numbered list the reader can start today.',
      'Meet the usual objection or the way people fail at it.',
      'End with a reflection exercise.',
    ],
    seams:
      'Open each chapter with a new story, not a recap; end with the exercise and a one-line bridge to the next principle.',
    dialogue:
      'Only inside example stories, in quotation marks with tags. Quote real people only when the quotation is well known and attributed; never invent one.',
    avoid: [
      'Invented studies, statistics, experts or quotations.',
      'Advice with no steps ("believe in yourself", "be mindful").',
      'Guaranteed results, or medical, legal or financial directives.',
      'The same pep talk closing every chapter.',
    ],
  },
  non_fiction: {
    name: 'non-fiction book',
    form: 'A non-fiction book: chapters that argue a thesis about a real subject through evidence, explanation and narrative, for a general reader.',
    planning: [
      'The thesis, and the question each chapter answers on the way to it.',
      'The order of the argument: chronological, causal, or building claim on claim.',
      'The real concepts, people, events and sources each chapter relies on.',
      'Where the evidence is strong, contested or missing.',
    ],
    sectionCraft: [
      'Open with a concrete case, scene or question.',
      "Explain with the field's real terms, each defined in plain words at first use.",
      'Give evidence and the strongest counterargument; say what is uncertain.',
      'End on a consequence or an open question, not a recap.',
    ],
    seams:
      'Each chapter opens on a new case or question and ends on one the next chapter takes up; refer back to earlier chapters by name instead of re-explaining.',
    dialogue:
      'Quotations sparingly, only from real, well-known sources named in the text; paraphrase otherwise; never invent a quotation.',
    avoid: [
      'Invented statistics, studies, quotations, dates or sources.',
      'Contested claims stated as settled, or every claim hedged.',
      'Filler: "in today\'s fast-paced world", "it is important to note".',
      'Ending a chapter with a summary of what it meant.',
    ],
  },
};
