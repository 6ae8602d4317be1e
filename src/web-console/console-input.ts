/** Reading what a console page is given: page numbers, whole numbers of forms, ids in paths. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The largest value of a PostgreSQL `integer` column. */
export const MAX_INTEGER = 2_147_483_647;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** `?page=N` (1-based); anything else is the first page. */
export function pageNumber(value: unknown): number {
  if (typeof value !== 'string' || !/^[1-9][0-9]{0,5}$/.test(value)) return 1;
  return Number(value);
}

/** The rows a page skips and shows, for a 1-based page of `size` rows. */
export function pageWindow(page: number, size: number): { offset: number; limit: number } {
  return { offset: (page - 1) * size, limit: size };
}

/**
 * A whole number typed in a form: null when left empty, a string saying what
 * is wrong when it is not a whole number within [min, max].
 */
export function optionalWholeNumber(
  text: string,
  label: string,
  range: { min: number; max: number },
): { value: number | null } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null };
  const value = /^[0-9]{1,10}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < range.min || value > range.max) {
    return { error: `${label} must be a whole number from ${range.min} to ${range.max}, or empty.` };
  }
  return { value };
}
