/** `text` for a regular expression that matches it literally (`RegExp.escape` arrives only in Node 24). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
