/**
 * A written section's notes: what it actually says, as opposed to what the
 * outline planned. The writer appends them after the prose (one call writes
 * both, as RecurrentGPT returns text and memory together); when they are
 * missing or unreadable, this step extracts them from the text in a call of
 * their own. The seam pass and the continuity check read these notes.
 */
import type { ChatMessage, StructuredStep } from '../../client/model-client';
import { list, obj, str, type JsonSchema } from '../../client/strict-schema';
import { extractJson } from '../../client/model-json';
import { languageName } from '../../checks/language';

export const NOTES_MARKER = '=== NOTES ===';

export interface SectionNotes {
  summary: string;
  closingState: string;
  facts: string[];
  /**
   * The section's whole text as written, for sections short enough to be read whole (pages and spreads,
   * which write no notes): the continuity check reads it instead of the plan.
   */
  text?: string;
}

export const NOTES_SCHEMA: JsonSchema = obj({
  summary: str({ description: '3 to 5 sentences: what this section actually says, with names.' }),
  closing_state: str({
    description: 'Where things stand on its last line: place, time, who is present, what just happened.',
  }),
  facts: list(str(), {
    max: 12,
    description: 'Facts later sections must respect: names given, objects, injuries, decisions, dates, terms defined.',
  }),
});

function toNotes(value: unknown): SectionNotes {
  const raw = value as { summary: string; closing_state: string; facts: string[] };
  return {
    summary: raw.summary.trim(),
    closingState: raw.closing_state.trim(),
    facts: raw.facts.map((fact) => fact.trim()).filter(Boolean),
  };
}

export const notesStep: StructuredStep<SectionNotes> = {
  name: 'section_notes',
  schema: NOTES_SCHEMA,
  read: (value) => ({ value: toNotes(value) }),
};

/** A line that only says "notes", however a model decorates it: `=== Notes ===`, `**NOTES**`, `### Notes:`. */
const LOOSE_MARKER = /^[\s=*#_>`~-]*notes[\s=*#_:`~-]*$/i;
/** Decoration a model puts around the marker on its line (`**=== NOTES ===**`). */
const DECORATION = /^[\s=*#_>`~-]*$/;
/** How the notes JSON begins: the object, or the code fence around it. */
const JSON_START = /^\s*(\{|```)/;
/** How far from the end a trailer is looked for, in lines: the notes are a few dozen at most. */
const TRAILER_LINES = 80;

/**
 * Splits a writer's answer into its prose and its notes trailer. The trailer
 * is found by the exact marker; failing that, by a line that only says
 * "notes" followed by JSON (a model writes `=== Notes ===` or `**NOTES:**` as
 * often as the marker it was given); failing that, by notes JSON at the very
 * end. The prose never keeps any of it: a trailer left in would be printed
 * in the book. `trailer` says one began, so the prose before it was finished
 * even when the notes were cut off.
 */
export function splitNotes(answer: string): { prose: string; notes?: SectionNotes; trailer: boolean } {
  const at = answer.lastIndexOf(NOTES_MARKER);
  if (at >= 0) {
    const lineStart = answer.lastIndexOf('\n', at) + 1;
    const cut = DECORATION.test(answer.slice(lineStart, at)) ? lineStart : at;
    return trailerAt(answer.slice(0, cut), answer.slice(at + NOTES_MARKER.length));
  }
  const lines = answer.split('\n');
  const first = Math.max(0, lines.length - TRAILER_LINES);
  for (let index = lines.length - 1; index >= first; index -= 1) {
    if (!LOOSE_MARKER.test(lines[index] ?? '')) continue;
    const rest = lines.slice(index + 1).join('\n');
    if (JSON_START.test(rest)) return trailerAt(lines.slice(0, index).join('\n'), rest);
  }
  for (let index = lines.length - 1; index >= first; index -= 1) {
    if (!/^\s*\{/.test(lines[index] ?? '')) continue;
    // Strictly the rest of the answer (a closing fence aside), so prose that merely ends in JSON is not cut.
    const json = parseOrUndefined(
      lines
        .slice(index)
        .join('\n')
        .replace(/\n\s*```\s*$/, ''),
    );
    if (!isNotes(json)) continue;
    // Its opening fence goes with it. (A marker line above it was found by the loop before.)
    const start = index > 0 && /^\s*```(json)?\s*$/i.test(lines[index - 1] ?? '') ? index - 1 : index;
    return { prose: lines.slice(0, start).join('\n').trimEnd(), notes: toNotes(json), trailer: true };
  }
  return { prose: answer, trailer: false };
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function trailerAt(prose: string, trailer: string): { prose: string; notes?: SectionNotes; trailer: true } {
  const json = extractJson(trailer);
  return isNotes(json)
    ? { prose: prose.trimEnd(), notes: toNotes(json), trailer: true }
    : { prose: prose.trimEnd(), trailer: true };
}

function isNotes(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const raw = value as Record<string, unknown>;
  return (
    typeof raw.summary === 'string' &&
    typeof raw.closing_state === 'string' &&
    Array.isArray(raw.facts) &&
    raw.facts.every((fact) => typeof fact === 'string')
  );
}

export function notesMessages(label: string, language: string, text: string): ChatMessage[] {
  return [
    {
      role: 'system',
      content: 'You are a continuity editor. You read a section of a book and note what it actually says. JSON only.',
    },
    {
      role: 'user',
      // The language by name: a real model read "Note part 3 below, in it." (the tag of Italian) as nonsense.
      content: `Note ${label} below, writing the notes in ${languageName(language)}.\n<section>\n${text}\n</section>`,
    },
  ];
}

export const NOTES_MAX_TOKENS = 900;
