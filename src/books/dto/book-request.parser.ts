import { plainToInstance } from 'class-transformer';
import { validateSync, ValidationError } from 'class-validator';
import { BOOK_STYLES, BOOK_TYPES, FIELD_MAX_LENGTHS, MODEL_IDS, OUTPUT_FORMATS } from '../../catalog/catalog';
import { ApiException, invalidParameter } from '../../common/api-exception';
import { CREATE_BOOK_FIELDS, CreateBookDto } from './create-book.dto';

const ALLOWED_VALUES: Partial<Record<keyof CreateBookDto, readonly string[]>> = {
  style: BOOK_STYLES,
  type: BOOK_TYPES,
  model: MODEL_IDS,
  output_format: OUTPUT_FORMATS,
};

const EXPECTED_TYPE: Record<(typeof CREATE_BOOK_FIELDS)[number], string> = {
  prompt: 'a string',
  style: 'a string',
  type: 'a string',
  images: 'a boolean (true or false)',
  author: 'a string',
  custom_tone: 'a string',
  model: 'a string',
  output_format: 'a string',
  webhook_url: 'a string or null',
};

/**
 * Turns a raw POST /book body into a CreateBookDto or a 400 that names the
 * field (DESIGN.md section 3, Requests). No coercion: `"yes"` is not a boolean.
 */
export function parseBookRequest(body: unknown): CreateBookDto {
  if (body === undefined || body === null || body === '') {
    return new CreateBookDto();
  }
  if (typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) {
    throw invalidParameter(
      'The request body must be a JSON object',
      'Send Content-Type: application/json with an object body such as {}.',
    );
  }
  const allowed = new Set<string>(CREATE_BOOK_FIELDS);
  const problems: ApiException[] = Object.keys(body)
    .filter((field) => !allowed.has(field))
    .map((field) => invalidParameter(`Unknown field '${field}'`, `Allowed fields: ${CREATE_BOOK_FIELDS.join(', ')}.`));
  const dto = plainToInstance(CreateBookDto, body, { enableImplicitConversion: false, exposeDefaultValues: false });
  problems.push(...validateSync(dto, { forbidUnknownValues: false }).map(describe));
  for (const field of CREATE_BOOK_FIELDS) {
    const value = dto[field];
    // PostgreSQL text cannot hold NUL, and no book needs one.
    if (typeof value === 'string' && value.includes('\u0000')) {
      problems.push(invalidParameter(`'${field}' must not contain NUL characters`));
    }
  }
  if (problems.length > 0) throw allOf(problems);
  return dto;
}

/**
 * One 400 for every problem of a body, so a client fixes them in one round:
 * the first is the `error`; with several, `details` lists them all.
 */
function allOf(problems: readonly ApiException[]): ApiException {
  const [first] = problems as [ApiException, ...ApiException[]];
  if (problems.length === 1) return first;
  const each = problems.map((problem) =>
    problem.details ? `${problem.message} (${problem.details})` : problem.message,
  );
  return invalidParameter(first.message, `${problems.length} problems: ${each.join('; ')}`);
}

function describe(error: ValidationError): ApiException {
  const field = error.property as (typeof CREATE_BOOK_FIELDS)[number];
  const failed = Object.keys(error.constraints ?? {});
  if (failed.includes('isString') || failed.includes('isBoolean')) {
    return invalidParameter(
      `Invalid type for '${field}': expected ${EXPECTED_TYPE[field]}`,
      `Received ${describeValue(error.value)}.`,
    );
  }
  if (failed.includes('maxLength')) {
    const limit = FIELD_MAX_LENGTHS[field as keyof typeof FIELD_MAX_LENGTHS];
    return invalidParameter(`'${field}' is too long: the limit is ${limit} characters`);
  }
  const allowedValues = ALLOWED_VALUES[field];
  if (allowedValues) {
    return invalidParameter(
      `Invalid value for '${field}': ${quote(error.value)}. Allowed values: ${allowedValues.join(', ')}`,
    );
  }
  return invalidParameter(`Invalid value for '${field}'`);
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

function quote(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
