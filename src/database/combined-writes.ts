import type { EntityManager } from 'typeorm';

/** One INSERT, UPDATE or DELETE with its own placeholders, $1 to $n, and their values. */
export interface WriteStatement {
  readonly sql: string;
  readonly params: readonly unknown[];
}

/**
 * Runs independent writes as one statement, each a data-modifying WITH
 * query: one round trip instead of one each. PostgreSQL runs every such
 * query to completion, read or not, on one snapshot, so none of them sees
 * the rows another writes: combine only writes that do not read each
 * other's tables. Foreign keys are checked at the end of the statement and
 * see them all; unique constraints are checked row by row as each is written.
 * Admission writes a batch's credit debits, ledger rows, jobs and usage
 * counts this way; each was a round trip of its own, and round trips to
 * PostgreSQL were the largest single cost of admitting a job.
 */
export async function runCombinedWrites(manager: EntityManager, writes: readonly WriteStatement[]): Promise<void> {
  if (writes.length === 0) return;
  if (writes.length === 1) {
    const [only] = writes as [WriteStatement];
    await manager.query(only.sql, [...only.params]);
    return;
  }
  const { sql, params } = combineWrites(writes);
  await manager.query(sql, params);
}

/** The statement `runCombinedWrites` sends: each write's placeholders renumbered after the ones before it. */
export function combineWrites(writes: readonly WriteStatement[]): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const queries = writes.map((write, index) => {
    assertPlaceholdersOnly(write.sql);
    const offset = params.length;
    params.push(...write.params);
    const sql = write.sql.replace(/\$(\d+)/g, (_match, number: string) => {
      const position = Number(number);
      if (position < 1 || position > write.params.length) {
        throw new RangeError(`Placeholder $${number} of a write with ${write.params.length} parameters`);
      }
      return `$${position + offset}`;
    });
    return `write_${index} AS (${sql})`;
  });
  return { sql: `WITH ${queries.join(', ')} SELECT 1`, params };
}

/**
 * Renumbering cannot tell a placeholder from a `$` inside a quoted literal
 * or identifier, or a dollar-quoted body: a write holding one is refused.
 * Quotes are paired left to right, as PostgreSQL reads them.
 */
function assertPlaceholdersOnly(sql: string): void {
  const quoted = sql.match(/'(?:[^']|'')*'|"(?:[^"]|"")*"/g) ?? [];
  const unquoted = quoted.reduce((rest, text) => rest.replace(text, ''), sql);
  if (quoted.some((text) => text.includes('$')) || /\$[A-Za-z_]*\$/.test(unquoted)) {
    throw new RangeError('A combined write may use $ only in placeholders, never inside quotes or as a dollar quote');
  }
}
