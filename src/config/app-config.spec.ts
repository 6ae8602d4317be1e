import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppConfig, ConfigValidationError, loadConfig, trustedProxies, webhookSignatureHeaders } from './app-config';
import type { ConfigSection } from './config-section';

/** Stands for a feature module's own settings (a model provider's), so this spec needs no feature module. */
const exampleProvider: ConfigSection<{ url: string; apiKey: string }> = {
  name: 'example provider',
  parse(env) {
    const url = env.EXAMPLE_PROVIDER_URL ?? 'https://example.com/v1';
    const apiKey = env.EXAMPLE_PROVIDER_API_KEY ?? '';
    const errors: string[] = [];
    if (!url.startsWith('https://')) errors.push('EXAMPLE_PROVIDER_URL must be an https:// URL');
    if (!/^sk-\w+$/.test(apiKey)) errors.push('EXAMPLE_PROVIDER_API_KEY must be set to an sk- key');
    return errors.length > 0 ? { errors } : { value: { url, apiKey } };
  },
};

function configError(run: () => unknown): ConfigValidationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigValidationError) return error;
    throw error;
  }
  throw new Error('expected a ConfigValidationError');
}

describe('loadConfig', () => {
  const base = { SECRETS_ENCRYPTION_KEY: 'a'.repeat(64) };
  const provider = { EXAMPLE_PROVIDER_API_KEY: 'sk-example' };

  it('checks a cancelled job every 2 seconds by default, and accepts fractions of a second', () => {
    expect(loadConfig(base).CANCEL_CHECK_SECONDS).toBe(2);
    expect(loadConfig({ ...base, CANCEL_CHECK_SECONDS: '0.5' }).CANCEL_CHECK_SECONDS).toBe(0.5);
    expect(loadConfig({ ...base, CANCEL_CHECK_SECONDS: '60' }).CANCEL_CHECK_SECONDS).toBe(60);
  });

  it.each(['0.1', '61', '-1', 'soon', '1e3'])('refuses CANCEL_CHECK_SECONDS=%s, naming the variable', (value) => {
    expect(() => loadConfig({ ...base, CANCEL_CHECK_SECONDS: value })).toThrow(ConfigValidationError);
    expect(() => loadConfig({ ...base, CANCEL_CHECK_SECONDS: value })).toThrow(/CANCEL_CHECK_SECONDS/);
  });

  it('defaults DATABASE_URL to the scriptorium database on the local PostgreSQL', () => {
    expect(loadConfig(base).DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/scriptorium');
  });

  it('has every setting documented in .env.example', () => {
    const example = readFileSync(join(__dirname, '../../.env.example'), 'utf8');
    const undocumented = Object.keys(new AppConfig()).filter((name) => !new RegExp(`^#? ?${name}=`, 'm').test(example));
    expect(undocumented).toEqual([]);
  });

  it('hands out addresses on the port it serves when BASE_URL is unset, and keeps a BASE_URL that is set', () => {
    expect(loadConfig(base).BASE_URL).toBe('http://localhost:3000/v1');
    expect(loadConfig({ ...base, PORT: '3902' }).BASE_URL).toBe('http://localhost:3902/v1');
    expect(loadConfig({ ...base, PORT: '3902', BASE_URL: 'https://books.example.com/v1' }).BASE_URL).toBe(
      'https://books.example.com/v1',
    );
  });

  it('cuts slow clients off after 10 s of headers and 30 s per request by default; each limit is a setting', () => {
    const defaults = loadConfig(base);
    expect([defaults.HTTP_HEADERS_TIMEOUT_SECONDS, defaults.HTTP_REQUEST_TIMEOUT_SECONDS]).toEqual([10, 30]);
    const tuned = loadConfig({ ...base, HTTP_HEADERS_TIMEOUT_SECONDS: '2.5', HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '120' });
    expect([tuned.HTTP_HEADERS_TIMEOUT_SECONDS, tuned.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS]).toEqual([2.5, 120]);
    expect(configError(() => loadConfig({ ...base, HTTP_REQUEST_TIMEOUT_SECONDS: 'never' })).problems).toEqual([
      expect.stringMatching(/^HTTP_REQUEST_TIMEOUT_SECONDS: /),
    ]);
  });

  it('signs under X-Service-Signature by default, or under each listed header name once', () => {
    expect(webhookSignatureHeaders(loadConfig(base))).toEqual(['X-Service-Signature']);
    const both = loadConfig({
      ...base,
      WEBHOOK_SIGNATURE_HEADERS: 'X-Service-Signature, X-Nellie-Signature,x-nellie-signature',
    });
    expect(webhookSignatureHeaders(both)).toEqual(['X-Service-Signature', 'X-Nellie-Signature']);
  });

  it.each(['X Service', 'X-Sig,', 'X-Sig:1'])('refuses WEBHOOK_SIGNATURE_HEADERS=%j, naming the variable', (value) => {
    expect(configError(() => loadConfig({ ...base, WEBHOOK_SIGNATURE_HEADERS: value })).problems).toEqual([
      expect.stringMatching(/^WEBHOOK_SIGNATURE_HEADERS: /),
    ]);
  });

  it.each(['0', '16', 'often'])(
    'refuses EVENTS_HEARTBEAT_SECONDS=%s: a heartbeat comes at most 15 s apart',
    (value) => {
      expect(configError(() => loadConfig({ ...base, EVENTS_HEARTBEAT_SECONDS: value })).problems).toEqual([
        expect.stringMatching(/^EVENTS_HEARTBEAT_SECONDS: /),
      ]);
    },
  );

  it('trusts no proxy by default: X-Forwarded-For is believed only from the addresses TRUST_PROXY lists', () => {
    expect(trustedProxies(loadConfig(base))).toBe(false);
    expect(trustedProxies(loadConfig({ ...base, TRUST_PROXY: 'false' }))).toBe(false);
    expect(trustedProxies(loadConfig({ ...base, TRUST_PROXY: '127.0.0.1' }))).toEqual(['127.0.0.1']);
    expect(trustedProxies(loadConfig({ ...base, TRUST_PROXY: ' 10.0.0.0/8, ::1 ,fd00::/8' }))).toEqual([
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
  });

  it.each([
    ['true', /"true" would believe the X-Forwarded-For of any client/],
    ['*', /"\*" would believe the X-Forwarded-For of any client/],
    ['0.0.0.0/0', /"0.0.0.0\/0" would believe the X-Forwarded-For of any client/],
    ['loadbalancer.internal', /"loadbalancer.internal" is not an IP address or a CIDR/],
    ['10.0.0.1,10.0.0.256', /"10.0.0.256" is not an IP address or a CIDR/],
    ['10.0.0.0/33', /"10.0.0.0\/33" has no valid prefix length/],
    ['::1/abc', /"::1\/abc" has no valid prefix length/],
  ])('refuses to start with TRUST_PROXY=%s, saying what to write instead', (value, reason) => {
    const [problem] = configError(() => loadConfig({ ...base, TRUST_PROXY: value })).problems;
    expect(problem).toMatch(
      /^TRUST_PROXY: TRUST_PROXY must list the proxies .* as comma-separated IP addresses or CIDRs/,
    );
    expect(problem).toMatch(reason);
  });

  it('reports a bad core variable and a bad provider variable together, in one error sorted by variable', () => {
    const error = configError(() =>
      loadConfig({ ...base, PORT: '70000', EXAMPLE_PROVIDER_URL: 'http://example.com/v1', ROLE: 'cron' }, [
        exampleProvider,
      ]),
    );
    expect(error.problems).toEqual([
      'EXAMPLE_PROVIDER_API_KEY must be set to an sk- key',
      'EXAMPLE_PROVIDER_URL must be an https:// URL',
      'PORT: PORT must not be greater than 65535',
      'ROLE: ROLE must be one of the following values: all, api, worker',
    ]);
    expect(error.message).toBe(`Invalid configuration:\n${error.problems.map((line) => `  ${line}`).join('\n')}`);
  });

  it("never repeats a secret's value in its message", () => {
    const error = configError(() =>
      loadConfig({ SECRETS_ENCRYPTION_KEY: 'hunter2-not-a-key', EXAMPLE_PROVIDER_API_KEY: 'sk-oops!' }, [
        exampleProvider,
      ]),
    );
    expect(error.message).toMatch(/SECRETS_ENCRYPTION_KEY/);
    expect(error.message).toMatch(/EXAMPLE_PROVIDER_API_KEY/);
    expect(error.message).not.toContain('hunter2');
    expect(error.message).not.toContain('sk-oops');
  });

  it("loads a valid environment, each section's settings behind a typed accessor", () => {
    const config = loadConfig({ ...base, ...provider, PORT: '8080', ROLE: 'worker' }, [exampleProvider]);
    expect(config.PORT).toBe(8080);
    expect(config.ROLE).toBe('worker');
    const settings: { url: string; apiKey: string } = config.section(exampleProvider);
    expect(settings).toEqual({ url: 'https://example.com/v1', apiKey: 'sk-example' });
  });

  it('refuses to hand out a section it was not given, naming the section', () => {
    const config = loadConfig({ ...base, ...provider });
    expect(() => config.section(exampleProvider)).toThrow(/"example provider" configuration section/);
  });
});
