import { generateApiKey, parseApiKey, secretMatches } from './api-key-format';

describe('API key format', () => {
  it('round-trips a generated key through parsing and hash comparison', () => {
    const key = generateApiKey();
    const parsed = parseApiKey(key.fullKey);
    expect(parsed).toEqual({ id: key.id, secret: expect.any(String) });
    expect(secretMatches(parsed!.secret, key.secretHash)).toBe(true);
  });

  it('never stores or previews the secret part', () => {
    const key = generateApiKey();
    const secret = parseApiKey(key.fullKey)!.secret;
    expect(key.secretHash.toString('utf8')).not.toContain(secret);
    expect(key.preview).not.toContain(secret.slice(0, 8));
    expect(key.preview.startsWith('bk_live_')).toBe(true);
    expect(key.preview.endsWith(key.fullKey.slice(-4))).toBe(true);
  });

  it('rejects a wrong secret for the right id', () => {
    const key = generateApiKey();
    const other = parseApiKey(generateApiKey().fullKey)!;
    expect(secretMatches(other.secret, key.secretHash)).toBe(false);
  });

  it.each([
    '',
    'bk_live_',
    'bk_live_abc_def',
    'sk_live_AAAAAAAAAAAA_' + 'a'.repeat(32),
    `bk_live_${'A'.repeat(12)}_${'a'.repeat(31)}!`,
  ])('rejects the malformed key %p', (value) => {
    expect(parseApiKey(value)).toBeNull();
  });

  it('generates distinct keys', () => {
    const keys = new Set(Array.from({ length: 200 }, () => generateApiKey().fullKey));
    expect(keys.size).toBe(200);
  });
});
