import { randomBytes } from 'node:crypto';
import { SecretCipher } from './secret-cipher';

describe('SecretCipher', () => {
  const key = randomBytes(32).toString('hex');

  it('decrypts what it encrypted, and never stores the plaintext', () => {
    const cipher = new SecretCipher(key);
    const stored = cipher.encrypt('whsec_example_secret');
    expect(stored.toString('latin1')).not.toContain('whsec_example_secret');
    expect(cipher.decrypt(stored)).toBe('whsec_example_secret');
  });

  it('uses a fresh IV per encryption', () => {
    const cipher = new SecretCipher(key);
    expect(cipher.encrypt('same').equals(cipher.encrypt('same'))).toBe(false);
  });

  it('refuses a tampered ciphertext or a different key', () => {
    const stored = new SecretCipher(key).encrypt('whsec_x');
    const tampered = Buffer.from(stored);
    tampered[tampered.length - 1]! ^= 1;
    expect(() => new SecretCipher(key).decrypt(tampered)).toThrow();
    expect(() => new SecretCipher(randomBytes(32).toString('hex')).decrypt(stored)).toThrow();
  });

  it('accepts a base64 key and rejects a short one', () => {
    expect(() => new SecretCipher(randomBytes(32).toString('base64'))).not.toThrow();
    expect(() => new SecretCipher('abcd')).toThrow();
  });
});
