/**
 * The slice of the `hyphen` package (TeX's Knuth-Liang patterns, one module
 * per language; it ships no types) that the PDF renderer uses.
 */
declare module 'hyphen/*' {
  export function hyphenateSync(text: string, options?: { hyphenChar?: string; minWordLength?: number }): string;
}
