/** "a", "a and b", "a, b and c" (English prose; an empty list is ""). */
export function joinList(items: ReadonlyArray<string | number>): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
