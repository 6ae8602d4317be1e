/**
 * Reading JSON out of what chat models actually return: bare JSON, JSON in a
 * ```json fence, JSON after a sentence of preamble, reasoning models'
 * <think> sections, and answers cut off by the output limit.
 */

/** Drops the <think>...</think> sections that reasoning models served through Ollama or vLLM put before the answer. */
export function stripReasoning(text: string): string {
  return text.replace(/<think>[\s\S]*?(<\/think>|$)/gi, '').trim();
}

/** The parsed JSON value of a model answer, or undefined when none of its readings is valid JSON. */
export function extractJson(text: string): unknown {
  const answer = stripReasoning(text);
  const candidates = [answer];
  const fenced = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/.exec(answer);
  if (fenced?.[1] !== undefined) candidates.push(fenced[1]);
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  if (start >= 0 && end > start) candidates.push(answer.slice(start, end + 1));
  for (const candidate of candidates) {
    try {
      return JSON.parse(candidate) as unknown;
    } catch {
      // Try the next reading.
    }
  }
  return undefined;
}

/** Whether the answer was meant as JSON (so it must not be read as prose when it fails to parse). */
export function looksLikeJson(text: string): boolean {
  const answer = stripReasoning(text).trimStart();
  return answer.startsWith('{') || answer.startsWith('[') || answer.startsWith('```');
}

/**
 * The complete objects of the array under `"key"`, even when the answer was
 * cut off in the middle of a later element: a chapter truncated by the
 * output limit keeps the paragraphs it did finish.
 */
export function salvageArrayObjects(text: string, key: string): unknown[] {
  const anchor = new RegExp(`"${key}"\\s*:\\s*\\[`).exec(text);
  if (!anchor) return [];
  const objects: unknown[] = [];
  let index = anchor.index + anchor[0].length;
  while (index < text.length) {
    const char = text[index];
    if (char === ']') break;
    if (char !== '{') {
      index += 1;
      continue;
    }
    const end = matchingBrace(text, index);
    if (end < 0) break;
    try {
      objects.push(JSON.parse(text.slice(index, end + 1)) as unknown);
    } catch {
      break;
    }
    index = end + 1;
  }
  return objects;
}

/** Index of the `}` closing the object opened at `start`, honouring strings and escapes; -1 when the text ends first. */
function matchingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{') depth += 1;
    else if (char === '}') {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  return -1;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
