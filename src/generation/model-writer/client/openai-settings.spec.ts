import { ConfigValidationError, loadConfig } from '../../../config/app-config';
import { GENERATION_CONFIG_SECTIONS } from '../../generation-settings';
import { modelIdSuffix, parseProviderSettings, PROVIDER_SETTINGS } from './openai-settings';

describe('parseProviderSettings', () => {
  it('routes every model id to builtin when nothing is set, and asks nothing of OPENAI_*', () => {
    const settings = parseProviderSettings({ OPENAI_TIMEOUT_SECONDS: 'soon' });
    expect(settings).toEqual({ providers: { '2.0': 'builtin', '3.0': 'builtin' }, openai: {}, errors: [] });
  });

  it('applies the defaults to a model id routed to openai', () => {
    const settings = parseProviderSettings({
      GENERATION_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_MODEL: 'gpt-4o-mini',
    });
    expect(settings.errors).toEqual([]);
    expect(settings.providers).toEqual({ '2.0': 'openai', '3.0': 'openai' });
    expect(settings.openai['2.0']).toEqual({
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-test',
      model: 'gpt-4o-mini',
      plannerModel: 'gpt-4o-mini',
      timeoutMs: 120_000,
      idleTimeoutMs: 60_000,
      maxRetries: 4,
      concurrency: 8,
      reasoningTokens: 0,
    });
    expect(settings.openai['2.0']).not.toHaveProperty('imageModel');
  });

  it('lets each model id override the provider and every OPENAI_* variable by suffix', () => {
    const settings = parseProviderSettings({
      GENERATION_PROVIDER: 'builtin',
      GENERATION_PROVIDER_3_0: 'OpenAI',
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
      OPENAI_MODEL: 'llama3.1',
      OPENAI_MODEL_3_0: 'qwen2.5:32b',
      OPENAI_PLANNER_MODEL: 'qwen2.5:72b',
      OPENAI_IMAGE_MODEL_3_0: 'dall-e-3',
      OPENAI_IDLE_TIMEOUT_SECONDS_3_0: '300',
      OPENAI_TIMEOUT_SECONDS: '30',
      OPENAI_TIMEOUT_SECONDS_3_0: '600',
      OPENAI_MAX_RETRIES_3_0: '0',
      OPENAI_CONCURRENCY_3_0: '32',
      OPENAI_REASONING_TOKENS_3_0: '8000',
    });
    expect(settings.errors).toEqual([]);
    expect(settings.providers).toEqual({ '2.0': 'builtin', '3.0': 'openai' });
    expect(settings.openai['2.0']).toBeUndefined();
    expect(settings.openai['3.0']).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      // A local server without a key is fine.
      apiKey: '',
      model: 'qwen2.5:32b',
      plannerModel: 'qwen2.5:72b',
      imageModel: 'dall-e-3',
      timeoutMs: 600_000,
      idleTimeoutMs: 300_000,
      maxRetries: 0,
      concurrency: 32,
      reasoningTokens: 8_000,
    });
  });

  it('treats blank variables as unset', () => {
    const settings = parseProviderSettings({
      GENERATION_PROVIDER: 'openai',
      GENERATION_PROVIDER_2_0: ' ',
      OPENAI_BASE_URL: 'http://vllm:8000/v1',
      OPENAI_MODEL: 'm',
      OPENAI_MODEL_2_0: '',
      OPENAI_IMAGE_MODEL: '',
    });
    expect(settings.errors).toEqual([]);
    expect(settings.providers['2.0']).toBe('openai');
    expect(settings.openai['2.0']?.model).toBe('m');
    expect(settings.openai['2.0']).not.toHaveProperty('imageModel');
  });

  it('names the variable of each problem', () => {
    const { errors } = parseProviderSettings({
      GENERATION_PROVIDER: 'openai',
      GENERATION_PROVIDER_2_0: 'gpt',
      OPENAI_BASE_URL: 'ftp://example.com/v1',
      OPENAI_TIMEOUT_SECONDS: '0',
      OPENAI_IDLE_TIMEOUT_SECONDS: 'never',
      OPENAI_MAX_RETRIES: '2.5',
      OPENAI_CONCURRENCY_3_0: '33',
      OPENAI_REASONING_TOKENS: '-1',
    });
    expect(errors).toEqual(
      expect.arrayContaining([
        'GENERATION_PROVIDER_2_0 must be one of builtin, openai',
        'OPENAI_BASE_URL must be an http(s) URL such as https://api.openai.com/v1',
        'OPENAI_MODEL (or OPENAI_MODEL_2_0) must be set: model 2.0 uses the openai provider',
        'OPENAI_MODEL (or OPENAI_MODEL_3_0) must be set: model 3.0 uses the openai provider',
        'OPENAI_TIMEOUT_SECONDS must be a number from 1 to 3600',
        'OPENAI_IDLE_TIMEOUT_SECONDS must be a number from 1 to 3600',
        'OPENAI_MAX_RETRIES must be a whole number from 0 to 10',
        'OPENAI_CONCURRENCY_3_0 must be a whole number from 1 to 32',
        'OPENAI_REASONING_TOKENS must be a whole number from 0 to 64000',
      ]),
    );
    // The same bad shared variable is reported once, not once per model id.
    expect(errors.filter((error) => error.startsWith('OPENAI_BASE_URL'))).toHaveLength(1);
  });

  it('requires a key for api.openai.com but never repeats secrets in its messages', () => {
    const missingKey = parseProviderSettings({ GENERATION_PROVIDER: 'openai', OPENAI_MODEL: 'gpt-4o-mini' });
    expect(missingKey.errors).toContain(
      'OPENAI_API_KEY (or OPENAI_API_KEY_2_0) must be set: model 2.0 uses the openai provider with https://api.openai.com/v1',
    );

    const leaky = parseProviderSettings({
      GENERATION_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-very-secret-value',
      OPENAI_BASE_URL: 'https://user:hunter2@',
      OPENAI_CONCURRENCY: 'sk-very-secret-value',
    });
    expect(leaky.errors.length).toBeGreaterThan(0);
    for (const error of leaky.errors) {
      expect(error).not.toContain('sk-very-secret-value');
      expect(error).not.toContain('hunter2');
    }
  });

  it('derives the variable suffix from the model id', () => {
    expect(modelIdSuffix('2.0')).toBe('_2_0');
    expect(modelIdSuffix('3.0')).toBe('_3_0');
  });
});

describe('PROVIDER_SETTINGS, registered with the configuration', () => {
  const base = { SECRETS_ENCRYPTION_KEY: '0'.repeat(64) };

  it('is validated in the same pass as the core settings: both problems in one error', () => {
    const env = { ...base, PORT: '70000', GENERATION_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-very-secret-value' };
    let thrown: unknown;
    try {
      loadConfig(env, GENERATION_CONFIG_SECTIONS);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigValidationError);
    const { problems, message } = thrown as ConfigValidationError;
    expect(problems).toEqual([
      'OPENAI_MODEL (or OPENAI_MODEL_2_0) must be set: model 2.0 uses the openai provider',
      'OPENAI_MODEL (or OPENAI_MODEL_3_0) must be set: model 3.0 uses the openai provider',
      'PORT: PORT must not be greater than 65535',
    ]);
    expect(message).not.toContain('sk-very-secret-value');
  });

  it('hands the parsed settings to the generation code, without the error list', () => {
    const config = loadConfig(
      { ...base, GENERATION_PROVIDER_3_0: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1', OPENAI_MODEL: 'm' },
      GENERATION_CONFIG_SECTIONS,
    );
    const settings = config.section(PROVIDER_SETTINGS);
    expect(settings.providers).toEqual({ '2.0': 'builtin', '3.0': 'openai' });
    expect(settings.openai['3.0']?.model).toBe('m');
    expect(settings).not.toHaveProperty('errors');
  });
});
