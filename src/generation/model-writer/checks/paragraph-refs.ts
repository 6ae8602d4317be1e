import { joinList } from '../../../common/join-list';

/**
 * Where in a section a problem is, for its reviser: " (paragraphs 2, 5 and
 * 9)", numbered as the revision prompt numbers them. A reviser may replace
 * only a few paragraphs; told which, it replaces the right ones.
 */
export function inParagraphs(paragraphs: readonly number[]): string {
  if (paragraphs.length === 0) return '';
  if (paragraphs.length === 1) return ` (paragraph ${paragraphs[0]})`;
  return ` (paragraphs ${joinList(paragraphs)})`;
}
