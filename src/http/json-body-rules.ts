import { invalidParameter, type ApiException } from '../common/api-exception';

/**
 * How deep a request body may nest. Every body this service reads is a flat
 * object of scalars; the limit leaves room for extensions' fields while a
 * body nested thousands deep (which would exhaust the stack of the
 * validators that walk it) is refused before anything walks it recursively.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Checks a parsed JSON body before validation: nesting within MAX_JSON_DEPTH;
 * every key and string well-formed Unicode (JSON may escape a lone UTF-16
 * surrogate, `"\ud800"`, which no database column, file or webhook can
 * carry); no key that could poison a prototype once the body is copied or
 * merged (`__proto__` anywhere, or `constructor` holding `prototype`: the
 * rules of Fastify's secure-json-parse, checked here so the answer names the
 * field instead of calling well-formed JSON malformed). Returns the 400 to
 * answer, or undefined when the body is fine. The walk is iterative, so no
 * body can overflow it.
 */
export function jsonBodyProblem(body: unknown): ApiException | undefined {
  const pending: Array<{ value: unknown; path: string; depth: number }> = [{ value: body, path: '', depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path, depth } = next;
    if (typeof value === 'string') {
      if (!value.isWellFormed()) return malformedText(path);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) {
      return invalidParameter(
        'Request body nested too deeply',
        `JSON objects and arrays may nest at most ${MAX_JSON_DEPTH} levels${path ? ` (at ${path})` : ''}.`,
      );
    }
    for (const [key, child] of Object.entries(value)) {
      const childPath = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
      if (!key.isWellFormed()) return malformedText(path || 'a field name');
      if (key === '__proto__' || (key === 'constructor' && hasOwn(child, 'prototype'))) {
        return prototypeKey(path, key);
      }
      pending.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return undefined;
}

function malformedText(path: string): ApiException {
  const field = path.split(/[.[]/)[0] || 'the body';
  return invalidParameter(
    `${field} is not well-formed Unicode`,
    `${field} contains a lone UTF-16 surrogate (such as \\ud800): send text as well-formed UTF-8 or paired escapes.`,
  );
}

function hasOwn(value: unknown, key: string): boolean {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, key);
}

function prototypeKey(path: string, key: string): ApiException {
  const field = path.split(/[.[]/)[0];
  const where = field ? `${field} contains` : 'Request body contains';
  return invalidParameter(
    `${where} the key ${key === '__proto__' ? '"__proto__"' : '"constructor" with "prototype"'}`,
    `Keys that name an object's prototype (__proto__, constructor.prototype) are refused${path ? ` (at ${path})` : ''}.`,
  );
}
