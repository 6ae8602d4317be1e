/**
 * Builders for JSON Schemas in the subset that OpenAI's strict structured
 * outputs accept and that vLLM, Ollama and llama.cpp also enforce: an object
 * root, every property required, `additionalProperties: false`, optional
 * values as `[type, "null"]`, no `$ref`, no `allOf`/`not`/`if`. Writing the
 * schemas through these builders keeps every step's schema inside that
 * subset without repeating the boilerplate.
 */

export type JsonSchema = Record<string, unknown>;

interface Described {
  description?: string;
}

function withDescription(schema: JsonSchema, options: Described | undefined): JsonSchema {
  return options?.description ? { ...schema, description: options.description } : schema;
}

export function str(options?: Described & { nullable?: boolean }): JsonSchema {
  return withDescription({ type: options?.nullable ? ['string', 'null'] : 'string' }, options);
}

export function int(options?: Described & { minimum?: number; maximum?: number; nullable?: boolean }): JsonSchema {
  const schema: JsonSchema = { type: options?.nullable ? ['integer', 'null'] : 'integer' };
  if (options?.minimum !== undefined) schema.minimum = options.minimum;
  if (options?.maximum !== undefined) schema.maximum = options.maximum;
  return withDescription(schema, options);
}

export function bool(options?: Described): JsonSchema {
  return withDescription({ type: 'boolean' }, options);
}

export function oneOf(values: readonly string[], options?: Described): JsonSchema {
  return withDescription({ type: 'string', enum: [...values] }, options);
}

export function list(items: JsonSchema, options?: Described & { min?: number; max?: number }): JsonSchema {
  const schema: JsonSchema = { type: 'array', items };
  if (options?.min !== undefined) schema.minItems = options.min;
  if (options?.max !== undefined) schema.maxItems = options.max;
  return withDescription(schema, options);
}

export function obj(properties: Record<string, JsonSchema>, options?: Described): JsonSchema {
  return withDescription(
    { type: 'object', properties, required: Object.keys(properties), additionalProperties: false },
    options,
  );
}
