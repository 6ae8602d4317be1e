import { applyDecorators, HttpCode, Post } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ROUTE_ERROR_FILTER } from '../common/route-error-filter';
import { ConsoleExceptionFilter } from './console-exception.filter';

/**
 * The Fastify route option that lets a route read an
 * `application/x-www-form-urlencoded` body (the parser in src/http/http-app.ts).
 * Every other route refuses that content type as it always has, so the API
 * still takes JSON only.
 */
export const ACCEPTS_FORM_BODY = 'acceptsFormBody';

/** A console form's POST handler: a urlencoded body, answered 200 unless the handler redirects. */
export const FormPost = (path: string): MethodDecorator =>
  applyDecorators(
    Post(path),
    HttpCode(200),
    // A form Fastify refuses before Nest sees it (too large, not UTF-8) is still answered with a page.
    RouteConfig({ [ACCEPTS_FORM_BODY]: true, [ROUTE_ERROR_FILTER]: ConsoleExceptionFilter }),
  );

/** A parsed form: each field's value, or its values in order when the field was repeated. */
export type FormBody = Readonly<Record<string, string | readonly string[] | undefined>>;

/** One field as a single string: the last value of a repeated field, '' when absent. */
export function formField(body: unknown, name: string): string {
  if (typeof body !== 'object' || body === null) return '';
  const value = (body as FormBody)[name];
  if (typeof value === 'string') return value;
  return value?.at(-1) ?? '';
}

/** Every value of a repeated field, in order. */
export function formFields(body: unknown, name: string): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const value = (body as FormBody)[name];
  if (value === undefined) return [];
  return typeof value === 'string' ? [value] : [...value];
}

/** A urlencoded body as a FormBody: no prototype, so a field named `__proto__` is only a field. */
export function parseFormBody(text: string): FormBody {
  const fields: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  for (const [name, value] of new URLSearchParams(text)) {
    const previous = fields[name];
    if (previous === undefined) fields[name] = value;
    else if (typeof previous === 'string') fields[name] = [previous, value];
    else previous.push(value);
  }
  return fields;
}
