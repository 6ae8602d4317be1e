import { MODEL_IDS, type ModelId } from '../../../catalog/catalog';
import type { ConfigEnv, ConfigSection } from '../../../config/config-section';

export const PROVIDER_NAMES = ['builtin', 'openai'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/** How one service model id reaches an OpenAI-compatible endpoint. */
export interface OpenAiModelSettings {
  /** Up to and including the API version, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1`. */
  baseUrl: string;
  /** Secret. Empty for local servers that need none. */
  apiKey: string;
  /** Writes the chapters (the bulk of the tokens): a fast model does well here. */
  model: string;
  /** Plans the book and runs the continuity checks (few tokens, much judgement): a strong model pays off here. */
  plannerModel: string;
  /** When set, pictures are asked of the images endpoint with this model. */
  imageModel?: string;
  /**
   * Without an image model, the text model that draws the pictures as SVG
   * (OPENAI_ILLUSTRATOR_MODEL); the writing model when absent.
   */
  illustratorModel?: string;
  /** How long a request may wait for its first piece of answer (connection, queueing, reading a long prompt). */
  timeoutMs: number;
  /** Once an answer streams, how long the server may stay silent before the request is given up and retried. */
  idleTimeoutMs: number;
  /** Retries of one request on 408/409/429/5xx, resets and timeouts, honouring Retry-After. */
  maxRetries: number;
  /** Requests one book job keeps in flight at once. */
  concurrency: number;
  /**
   * Added to every request's token limit: a reasoning model's hidden
   * thinking counts toward `max_completion_tokens`, and without room for it
   * answers come back cut or empty. 0 (the default) for other models.
   */
  reasoningTokens?: number;
}

export interface ProviderSettings {
  providers: Record<ModelId, ProviderName>;
  openai: Partial<Record<ModelId, OpenAiModelSettings>>;
}

/** What parseProviderSettings read, and what is wrong with it. */
export interface ParsedProviderSettings extends ProviderSettings {
  /** Human-readable problems, each naming its variable; empty when the settings are usable. */
  errors: string[];
}

export const OPENAI_DEFAULTS = {
  baseUrl: 'https://api.openai.com/v1',
  timeoutSeconds: 120,
  idleTimeoutSeconds: 60,
  maxRetries: 4,
  concurrency: 8,
  reasoningTokens: 0,
} as const;

const LIMITS = {
  timeoutSeconds: { min: 1, max: 3600 },
  idleTimeoutSeconds: { min: 1, max: 3600 },
  maxRetries: { min: 0, max: 10 },
  concurrency: { min: 1, max: 32 },
  reasoningTokens: { min: 0, max: 64_000 },
} as const;

/** `2.0` -> `_2_0`: the suffix of the per-model-id variables. */
export function modelIdSuffix(id: ModelId): string {
  return `_${id.replace('.', '_')}`;
}

/**
 * Reads which provider serves each model id and, for those served by
 * `openai`, how to reach the endpoint. Every `OPENAI_*` variable may be
 * overridden per model id (`OPENAI_MODEL_3_0`), so 2.0 and 3.0 can use
 * different models, keys or even servers. Only the ids routed to `openai`
 * are checked: a half-filled `OPENAI_*` block must not stop a builtin-only
 * deployment. Errors never contain the API key.
 */
export function parseProviderSettings(env: ConfigEnv): ParsedProviderSettings {
  const errors: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    // Blank lines in .env files and compose `VAR=` entries mean "unset", not "empty value".
    return value ? value : undefined;
  };

  const defaultProvider = readProvider('GENERATION_PROVIDER', read('GENERATION_PROVIDER'), 'builtin', errors);
  const providers = {} as Record<ModelId, ProviderName>;
  const openai: Partial<Record<ModelId, OpenAiModelSettings>> = {};

  for (const id of MODEL_IDS) {
    const suffix = modelIdSuffix(id);
    const providerVariable = `GENERATION_PROVIDER${suffix}`;
    providers[id] = readProvider(providerVariable, read(providerVariable), defaultProvider, errors);
    if (providers[id] !== 'openai') continue;

    // The variable actually used, so an error names the one the operator has to fix.
    const pick = (base: string): { name: string; value: string | undefined } => {
      const specific = `${base}${suffix}`;
      const value = read(specific);
      return value !== undefined ? { name: specific, value } : { name: base, value: read(base) };
    };
    const uses = `model ${id} uses the openai provider`;

    const baseUrl = pick('OPENAI_BASE_URL');
    const url = baseUrl.value ?? OPENAI_DEFAULTS.baseUrl;
    if (!isHttpUrl(url)) {
      // The value may hold credentials (https://user:pass@host), so it is not repeated.
      errors.push(`${baseUrl.name} must be an http(s) URL such as ${OPENAI_DEFAULTS.baseUrl}`);
    }

    const apiKey = pick('OPENAI_API_KEY');
    if (apiKey.value === undefined && isOfficialEndpoint(url)) {
      errors.push(`OPENAI_API_KEY (or OPENAI_API_KEY${suffix}) must be set: ${uses} with ${OPENAI_DEFAULTS.baseUrl}`);
    }

    const model = pick('OPENAI_MODEL');
    if (model.value === undefined) {
      errors.push(`OPENAI_MODEL (or OPENAI_MODEL${suffix}) must be set: ${uses}`);
    }

    const timeoutSeconds = readNumber(
      pick('OPENAI_TIMEOUT_SECONDS'),
      OPENAI_DEFAULTS.timeoutSeconds,
      LIMITS.timeoutSeconds,
      false,
      errors,
    );
    const idleTimeoutSeconds = readNumber(
      pick('OPENAI_IDLE_TIMEOUT_SECONDS'),
      OPENAI_DEFAULTS.idleTimeoutSeconds,
      LIMITS.idleTimeoutSeconds,
      false,
      errors,
    );
    const maxRetries = readNumber(
      pick('OPENAI_MAX_RETRIES'),
      OPENAI_DEFAULTS.maxRetries,
      LIMITS.maxRetries,
      true,
      errors,
    );
    const concurrency = readNumber(
      pick('OPENAI_CONCURRENCY'),
      OPENAI_DEFAULTS.concurrency,
      LIMITS.concurrency,
      true,
      errors,
    );
    const reasoningTokens = readNumber(
      pick('OPENAI_REASONING_TOKENS'),
      OPENAI_DEFAULTS.reasoningTokens,
      LIMITS.reasoningTokens,
      true,
      errors,
    );
    const imageModel = pick('OPENAI_IMAGE_MODEL').value;
    const illustratorModel = pick('OPENAI_ILLUSTRATOR_MODEL').value;
    const plannerModel = pick('OPENAI_PLANNER_MODEL').value;

    openai[id] = {
      baseUrl: url,
      apiKey: apiKey.value ?? '',
      model: model.value ?? '',
      plannerModel: plannerModel ?? model.value ?? '',
      ...(imageModel !== undefined ? { imageModel } : {}),
      ...(illustratorModel !== undefined ? { illustratorModel } : {}),
      timeoutMs: Math.round(timeoutSeconds * 1000),
      idleTimeoutMs: Math.round(idleTimeoutSeconds * 1000),
      maxRetries,
      concurrency,
      reasoningTokens,
    };
  }

  return { providers, openai, errors: [...new Set(errors)] };
}

/**
 * The providers' settings as a section of the configuration: loadConfig
 * validates them with everything else (GENERATION_CONFIG_SECTIONS lists it),
 * and the generation code reads them with `config.section(PROVIDER_SETTINGS)`.
 */
export const PROVIDER_SETTINGS: ConfigSection<ProviderSettings> = {
  name: 'generation providers',
  parse(env) {
    const { errors, ...settings } = parseProviderSettings(env);
    return errors.length > 0 ? { errors } : { value: settings };
  },
};

function readProvider(name: string, value: string | undefined, fallback: ProviderName, errors: string[]): ProviderName {
  if (value === undefined) return fallback;
  const normalised = value.toLowerCase();
  if ((PROVIDER_NAMES as readonly string[]).includes(normalised)) return normalised as ProviderName;
  errors.push(`${name} must be one of ${PROVIDER_NAMES.join(', ')}`);
  return fallback;
}

function readNumber(
  variable: { name: string; value: string | undefined },
  fallback: number,
  range: { min: number; max: number },
  integer: boolean,
  errors: string[],
): number {
  if (variable.value === undefined) return fallback;
  const pattern = integer ? /^\d+$/ : /^\d+(\.\d+)?$/;
  const parsed = Number(variable.value);
  if (!pattern.test(variable.value) || parsed < range.min || parsed > range.max) {
    errors.push(`${variable.name} must be a ${integer ? 'whole ' : ''}number from ${range.min} to ${range.max}`);
    return fallback;
  }
  return parsed;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function isOfficialEndpoint(value: string): boolean {
  try {
    return new URL(value).hostname === 'api.openai.com';
  } catch {
    return false;
  }
}
