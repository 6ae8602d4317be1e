import { combineWrites } from './combined-writes';

describe('combineWrites', () => {
  it('makes each write a WITH query, its placeholders numbered after those of the writes before it', () => {
    const { sql, params } = combineWrites([
      { sql: 'UPDATE a SET n = n - $2 WHERE id = $1', params: ['a1', 5] },
      { sql: 'INSERT INTO b (x, y, z) VALUES ($1, $2, $3)', params: ['x', 'y', 'z'] },
      { sql: 'INSERT INTO c (v) VALUES ($1), ($1)', params: [7] },
    ]);
    expect(sql).toBe(
      'WITH write_0 AS (UPDATE a SET n = n - $2 WHERE id = $1), ' +
        'write_1 AS (INSERT INTO b (x, y, z) VALUES ($3, $4, $5)), ' +
        'write_2 AS (INSERT INTO c (v) VALUES ($6), ($6)) SELECT 1',
    );
    expect(params).toEqual(['a1', 5, 'x', 'y', 'z', 7]);
  });

  it('renumbers $10 and above as whole numbers', () => {
    const many = Array.from({ length: 11 }, (_, index) => index);
    const { sql } = combineWrites([
      { sql: 'INSERT INTO a VALUES ($1)', params: [0] },
      { sql: `INSERT INTO b VALUES (${many.map((index) => `$${index + 1}`).join(', ')})`, params: many },
    ]);
    expect(sql).toContain('VALUES ($2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)');
  });

  it('refuses a placeholder its write has no value for, which would read another write’s value', () => {
    expect(() =>
      combineWrites([
        { sql: 'INSERT INTO a VALUES ($1)', params: [1] },
        { sql: 'INSERT INTO b VALUES ($2)', params: [2] },
      ]),
    ).toThrow(RangeError);
  });
});

describe('combineWrites with a $ that is no placeholder', () => {
  it.each([
    ["a string literal holding '$1'", "INSERT INTO a (note) VALUES ('costs $1'), ($1)"],
    ['a quoted identifier holding $', 'INSERT INTO a ("price$1") VALUES ($1)'],
    ['a dollar-quoted body', 'INSERT INTO a (note) VALUES ($$text$$)'],
    ['a tagged dollar quote', 'INSERT INTO a (note) VALUES ($tag$text$tag$)'],
  ])('refuses %s rather than renumber it', (_label, sql) => {
    expect(() => combineWrites([{ sql, params: [1] }])).toThrow(RangeError);
  });

  it('accepts casts and plain literals beside placeholders, however many', () => {
    const sql = "INSERT INTO a (kind, ids, note) SELECT 'reserve', $1::uuid[], 'it''s'";
    expect(() => combineWrites([{ sql, params: [[]] }])).not.toThrow();
  });
});
