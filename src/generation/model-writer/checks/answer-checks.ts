/**
 * What a model's prose answer must pass before a word of it is kept.
 * Models refuse ("I'm sorry, but I can't help with that", HTTP 200 outside
 * strict mode), talk about the text instead of writing it ("Here is chapter
 * 3:", "I hope this captures..."), loop, answer in the wrong language, or send
 * JSON when prose was asked. Framing is cut off when it can be; what cannot
 * be cut makes the answer unusable, and it is asked for again.
 */
import { narratorNamedAsOther, type Person, personMismatch } from './narration-person';
import { type Tense, tenseMismatch } from './narration-tense';
import { narration } from './prose-words';
import { countWords } from '../../../book/word-count';
import { languageMismatch } from './language';
import { stripReasoning } from '../client/model-json';

/** Only the opening is searched for a refusal: characters in a story say "I'm sorry" all the time. */
const REFUSAL_WINDOW = 300;

/** What a refusal declines to do: "I can't sleep" opens a novel, "I can't help with that" closes a conversation. */
const DECLINED = String.raw`(help|assist|comply|continue|write|create|provide|produce|generate|fulfil|fulfill|do that|do this|complete)`;
const CANNOT = String.raw`(cannot|can['’]?t|won['’]?t|will not|am unable to|['’]?m unable to|am not able to|must decline to)`;

const REFUSAL_OPENINGS = [
  new RegExp(String.raw`^(i['’]?m|i am) (so |very )?sorry,? (but )?i ${CANNOT}`, 'i'),
  new RegExp(String.raw`^sorry,? (but )?i ${CANNOT}`, 'i'),
  new RegExp(String.raw`^(unfortunately,? )?i ${CANNOT} ${DECLINED}`, 'i'),
  new RegExp(String.raw`^as an ai( language model| assistant)?,? i\b`, 'i'),
  /^i apologi[sz]e,? but\b/i,
  /^((je suis )?désolée?,? (mais )?je ne peux pas|je ne peux pas (vous aider|écrire|répondre|créer|continuer))/i,
  /^(lo siento,? (pero )?no puedo|no puedo (ayudar|escribir|crear|continuar))/i,
  /^(es tut mir leid,? (aber )?ich kann|ich kann (dabei )?(leider )?nicht (helfen|schreiben))/i,
  /^(mi dispiace,? (ma )?non posso|non posso (aiutare|scrivere))/i,
  /^(desculpe,? (mas )?(eu )?não posso|não posso (ajudar|escrever))/i,
  /^(申し訳ありませんが|申し訳ございませんが|抱歉，|对不起，我不能|죄송하지만)/,
];

/** Phrases that give a whole (short) answer away as a refusal wherever they stand. */
const REFUSAL_ANYWHERE =
  /\b(can['’]?t|cannot|unable to) (help|assist|comply|continue|write|create|provide) (with )?(that|this)\b/i;

/**
 * A model speaking as itself. Searched only outside quotation marks, so a
 * character may say "Let me know if you hear anything", and only for the
 * model's own phrasings, so a book about machines may say "as an AI".
 */
const META_ANYWHERE = [
  /\bas an ai (language )?model\b/i,
  /\b(as a|i am a|i['’]m a) large language model\b/i,
  /\bi hope (this|that) (chapter|section|part|continuation|captures|helps|meets)\b/i,
  /\bi hope you enjoy(ed)? (this|the) (chapter|section|story|part)\b/i,
  /\blet me know if you (would|want|need|'d)\b/i,
  /\bword count:/i,
  /\bwould you like me to (continue|write|expand|revise)\b/i,
];

/** An opening line that announces the text: short, no quotation, and "here is" or "(the) chapter ...:". */
const LEADING_META =
  /^(?=[^\n"“”«»]{1,150}\n)((sure|certainly|of course|absolutely|okay|ok)[!,.]?\s+)?(here is|here['’]s|below is|voici|aquí (está|tienes)|hier ist)\b[^\n]*\n+|^(?=[^\n"“”«»]{1,150}\n)[^\n]*\b(chapter|part|section|continuation|lesson|chapitre|partie|suite)\b[^\n]*:\s*\n+/i;
/** A first line that is only a heading: "# Chapter 3", "Chapter 3: The Pier", "**Part Two**". */
const LEADING_HEADING =
  /^(#{1,6}\s*)?(\*\*)?(chapter|part|chapitre|partie|capítulo|kapitel|lesson|leçon)\s+[\w\dIVXLC]+\b[^\n]{0,120}\n+/i;
/** A closing line that steps outside the book: short, no quotation marks. */
const TRAILING_META =
  /\n+(?=[^\n"“”«»]{1,200}\s*$)[^\n]*(i hope (this|that|you)|let me know|would you like me|word count|\(continued|\[continued|to be continued in the next|end of (chapter|part)\b)[^\n]*\s*$/i;

export interface ProseCheck {
  /** The text with its framing removed. */
  text: string;
  /** Why the answer cannot be kept (empty when it can). */
  problems: string[];
  /** Whether a problem is a refusal: a refused chapter is asked again as it was, not "corrected". */
  refused: boolean;
}

export function looksLikeRefusal(text: string): boolean {
  const opening = text
    .trim()
    .replace(/^[*_#>\s]+/, '')
    .slice(0, REFUSAL_WINDOW);
  if (REFUSAL_OPENINGS.some((pattern) => pattern.test(opening))) return true;
  return countWords(text) < 120 && REFUSAL_ANYWHERE.test(text);
}

/** Whether an answer meant as prose came back as JSON or inside a code fence. */
export function looksLikeJsonAnswer(text: string): boolean {
  const start = text.trimStart();
  return start.startsWith('{') || start.startsWith('[') || start.startsWith('```');
}

/** Cuts off the framing models put around prose, as many layers as there are. */
export function stripFraming(text: string, title?: string): string {
  let result = stripReasoning(text);
  for (let pass = 0; pass < 3; pass += 1) {
    const before = result;
    result = result.replace(LEADING_META, '').replace(LEADING_HEADING, '').trimStart();
    if (title) {
      const firstLine = result.split('\n', 1)[0] ?? '';
      // "# The Pier", "**The Pier**" and "The Pier" all repeat the title.
      if (normalise(firstLine) === normalise(title) || normalise(firstLine).endsWith(` ${normalise(title)}`)) {
        result = result.slice(firstLine.length).trimStart();
      }
    }
    result = result.replace(TRAILING_META, '').trimEnd();
    if (result === before) break;
  }
  return result;
}

/** A first-person narrator named as the subject this many times in one answer is told in the third person there. */
const NARRATOR_NAMED_TIMES = 2;

/**
 * The checks every prose answer goes through. `language` is the book's BCP
 * 47 tag. Repetition is checked within the answer and against `earlier`
 * (the text it continues), since a looping model repeats what it just wrote.
 */
export function checkProse(
  raw: string,
  options: {
    language: string;
    title?: string;
    earlier?: string;
    fragment?: boolean;
    /** The person a story is narrated in, when its bible says. */
    person?: Person;
    /** Who narrates a first-person story, when the bible names them: their name as a subject is asked again. */
    narrator?: string;
    /** The tense a story is told in, as its bible says. */
    tense?: Tense;
    /** A story's prose, whose speech belongs in quotation marks: a script's "Name: line" is asked again. */
    story?: boolean;
  },
): ProseCheck {
  // A fragment (a continuation, a speech balloon) starts mid-story: only a whole answer opens with a refusal.
  if (!options.fragment && looksLikeRefusal(raw)) {
    return { text: '', problems: ['the model refused to write it'], refused: true };
  }
  if (looksLikeJsonAnswer(raw)) {
    return { text: '', problems: ['the answer is JSON or code, not prose'], refused: false };
  }
  const text = options.fragment ? stripReasoning(raw) : stripFraming(raw, options.title);
  const problems: string[] = [];
  if (countWords(text) === 0) problems.push('the answer is empty');
  const told = narration(text);
  if (META_ANYWHERE.some((pattern) => pattern.test(told))) {
    problems.push('the answer talks about itself instead of telling the book');
  }
  const repeated = findRepetition(text, options.earlier ?? '');
  if (repeated) problems.push(repeated);
  if (countWords(text) >= 80) {
    const mismatch = languageMismatch(text, options.language);
    if (mismatch) problems.push(mismatch);
  }
  const narrator = options.person && personMismatch(text, options.language, options.person);
  if (narrator) problems.push(narrator);
  const namedAsOther = options.narrator ? narratorNamedAsOther(text, options.language, options.narrator) : [];
  if (!narrator && namedAsOther.length >= NARRATOR_NAMED_TIMES) {
    problems.push(
      `it is narrated in the third person where ${options.narrator} acts ("${namedAsOther[0]}"), ` +
        `and ${options.narrator} tells this book as "I"`,
    );
  }
  const tense = options.tense && tenseMismatch(text, options.language, options.tense);
  if (tense) problems.push(tense);
  if (options.story && isScript(text)) {
    problems.push('its speech is set as a script ("Name: line"), not in quotation marks inside the paragraphs');
  }
  return { text, problems, refused: false };
}

/** A line that opens with a speaker's name and a colon: "Mara: ...", "MAYOR HALE (quietly): ...", "**Mara:** ...". */
const SPEAKER_LINE =
  /^\s*(?:\*\*)?[\p{Lu}][\p{L}\p{M}'’.-]*(?: [\p{Lu}][\p{L}\p{M}'’.-]*){0,2}(?:\*\*)?\s*(?:\([^)\n]{1,40}\))?\s*(?:\*\*)?\s*[:：](?:\*\*)?\s*\S/u;

/**
 * Whether a story's text sets its speech as a script: at least three lines
 * opening with a speaker's name and a colon, a tenth of its lines or more
 * (a letter's "Dear Sir:" or a sign's "Note:" is one line, not a scene).
 */
export function isScript(text: string): boolean {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const spoken = lines.filter((line) => SPEAKER_LINE.test(line)).length;
  return spoken >= 3 && spoken >= lines.length / 10;
}

/** A paragraph of some length that occurs twice, or a sentence three times: the marks of a model stuck in a loop. */
export function findRepetition(text: string, earlier: string): string | undefined {
  const seen = new Set<string>();
  for (const paragraph of paragraphsOf(earlier)) seen.add(normalise(paragraph));
  for (const paragraph of paragraphsOf(text)) {
    const key = normalise(paragraph);
    if (countWords(key) < 12) continue;
    if (seen.has(key)) return 'a paragraph is repeated word for word';
    seen.add(key);
  }
  const sentences = new Map<string, number>();
  for (const sentence of text.split(/(?<=[.!?。！？])\s+/)) {
    const key = normalise(sentence);
    if (countWords(key) < 8) continue;
    const count = (sentences.get(key) ?? 0) + 1;
    if (count >= 3) return 'a sentence is repeated again and again';
    sentences.set(key, count);
  }
  return undefined;
}

function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

function normalise(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Whether prose stops where a sentence can stop: on a full stop, a question,
 * an exclamation, an ellipsis or a dash of interruption, closing quotation
 * marks or brackets allowed after it. `He said, "` or `the do` is not whole.
 */
export function endsCleanly(text: string): boolean {
  return SENTENCE_END.test(text.trimEnd());
}

const SENTENCE_END = /[.!?…。！？—–]["”’»」』)\]]*$/u;

/** The text up to the end of its last whole sentence (closing quotation marks kept). */
export function dropUnfinishedSentence(text: string): string {
  const match = /^[\s\S]*[.!?…。！？]["”’»」』)\]]*/u.exec(text.trimEnd());
  return match ? match[0] : text;
}
