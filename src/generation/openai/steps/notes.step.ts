/**
 * A written section's notes: what it actually says, as opposed to what the
 * outline planned. The writer appends them after the prose (one call writes
 * both, as RecurrentGPT returns text and memory together); when they are
 * missing or unreadable, this step extracts them from the text in a call of
 * their own. The seam pass and the continuity check read these notes.
 */
import type { ChatMessage, StructuredStep } from '../model-client';
import { list, obj, str, type JsonSchema } from '../strict-schema';
import { extractJson } from '../model-json';

export const NOTES_MARKER = '=== NOTES ===';

export interface SectionNotes {
  summary: string;
  closingState: string;
  facts: string[];
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

/** Splits a writer's answer into its prose and its notes trailer (when the trailer is there and reads). */
export function splitNotes(answer: string): { prose: string; notes?: SectionNotes } {
  const at = answer.lastIndexOf(NOTES_MARKER);
  if (at < 0) return { prose: answer };
  const prose = answer.slice(0, at).trimEnd();
  const json = extractJson(answer.slice(at + NOTES_MARKER.length));
  if (!isNotes(json)) return { prose };
  return { prose, notes: toNotes(json) };
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
      content: `Note ${label} below, in ${language}.\n<section>\n${text}\n</section>`,
    },
  ];
}

export const NOTES_MAX_TOKENS = 900;
