import { ErrorCode } from '../common/error-code';
import { jsonBodyProblem, MAX_JSON_DEPTH } from './json-body-rules';

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
}

describe('jsonBodyProblem', () => {
  it('passes the bodies clients send: flat fields, Unicode in every script, emoji as surrogate pairs', () => {
    expect(jsonBodyProblem(undefined)).toBeUndefined();
    expect(jsonBodyProblem({ prompt: 'Алёна и さくら 🐉', author: 'Zoë', images: true, pages: null })).toBeUndefined();
    expect(jsonBodyProblem(nested(MAX_JSON_DEPTH - 1))).toBeUndefined();
  });

  it('refuses a body nested deeper than the limit, without recursing (depth 100,000 returns at once)', () => {
    for (const depth of [MAX_JSON_DEPTH + 1, 5_000, 100_000]) {
      const problem = jsonBodyProblem({ prompt: nested(depth) });
      expect(problem?.status).toBe(400);
      expect(problem?.errorCode).toBe(ErrorCode.InvalidParameter);
      expect(problem?.details).toMatch(/at most 32 levels \(at prompt(\.a)+\)/);
    }
    let array: unknown = [];
    for (let level = 0; level < 10_000; level++) array = [array];
    expect(jsonBodyProblem(array)?.message).toBe('Request body nested too deeply');
  });

  it.each([
    [{ prompt: 'x\ud800y' }, 'prompt'],
    [{ author: '\udc00' }, 'author'],
    [{ prompt: 'ok', custom_tone: ['fine', 'bad \ud83d'] }, 'custom_tone'],
    [{ ['bad\ud800key']: 'value' }, 'a field name'],
  ])('names the field whose text holds a lone surrogate (%j)', (body, field) => {
    const problem = jsonBodyProblem(body);
    expect(problem?.status).toBe(400);
    expect(problem?.errorCode).toBe(ErrorCode.InvalidParameter);
    expect(problem?.message).toBe(`${field} is not well-formed Unicode`);
  });

  it.each([
    ['{"__proto__":{"admin":true}}', 'Request body contains the key "__proto__"'],
    ['{"style":{"":{"__proto__":""}}}', 'style contains the key "__proto__"'],
    [
      '{"prompt":"x","custom_tone":[{"constructor":{"prototype":{"polluted":1}}}]}',
      'custom_tone contains the key "constructor" with "prototype"',
    ],
  ])('refuses prototype keys anywhere, naming the field that holds them (%s)', (json, message) => {
    // JSON.parse makes "__proto__" an own property; the walk must see it as one.
    const problem = jsonBodyProblem(JSON.parse(json));
    expect(problem?.status).toBe(400);
    expect(problem?.errorCode).toBe(ErrorCode.InvalidParameter);
    expect(problem?.message).toBe(message);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('passes a constructor field that is plain data, as secure-json-parse does', () => {
    expect(jsonBodyProblem(JSON.parse('{"constructor":"x","prompt":{"constructor":{"name":"y"}}}'))).toBeUndefined();
  });
});
