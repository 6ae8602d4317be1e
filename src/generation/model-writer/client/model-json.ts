/**
 * Reading JSON out of what chat models actually return: bare JSON, JSON in a
 * ```json fence, JSON after a sentence of preamble, reasoning models'
 * <think> sections.
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

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
