import { ConfigValidationError, loadConfig } from './app-config';

describe('loadConfig', () => {
  const base = { SECRETS_ENCRYPTION_KEY: 'a'.repeat(64) };

  it('checks a cancelled job every 2 seconds by default, and accepts fractions of a second', () => {
    expect(loadConfig(base).CANCEL_CHECK_SECONDS).toBe(2);
    expect(loadConfig({ ...base, CANCEL_CHECK_SECONDS: '0.5' }).CANCEL_CHECK_SECONDS).toBe(0.5);
    expect(loadConfig({ ...base, CANCEL_CHECK_SECONDS: '60' }).CANCEL_CHECK_SECONDS).toBe(60);
  });

  it.each(['0.1', '61', '-1', 'soon', '1e3'])('refuses CANCEL_CHECK_SECONDS=%s, naming the variable', (value) => {
    expect(() => loadConfig({ ...base, CANCEL_CHECK_SECONDS: value })).toThrow(ConfigValidationError);
    expect(() => loadConfig({ ...base, CANCEL_CHECK_SECONDS: value })).toThrow(/CANCEL_CHECK_SECONDS/);
  });
});
