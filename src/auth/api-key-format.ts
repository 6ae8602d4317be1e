import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * API keys look like `bk_live_<id>_<secret>`: the id finds the row, only a
 * hash of the secret is stored. 32 base62 characters of secret carry about
 * 190 bits, far beyond guessing, so one SHA-256 is a sufficient hash.
 */
const PREFIX = 'bk_live_';
const ID_LENGTH = 12;
const SECRET_LENGTH = 32;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const KEY_PATTERN = new RegExp(`^${PREFIX}([A-Za-z0-9]{${ID_LENGTH}})_([A-Za-z0-9]{${SECRET_LENGTH}})$`);

export interface GeneratedApiKey {
  id: string;
  fullKey: string;
  secretHash: Buffer;
  preview: string;
}

export interface ParsedApiKey {
  id: string;
  secret: string;
}

export function randomBase62(length: number): string {
  // Rejection sampling keeps every character equally likely.
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

export function hashSecret(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

export function previewOf(fullKey: string): string {
  return `${fullKey.slice(0, PREFIX.length + 4)}...${fullKey.slice(-4)}`;
}

export function generateApiKey(): GeneratedApiKey {
  const id = randomBase62(ID_LENGTH);
  const secret = randomBase62(SECRET_LENGTH);
  const fullKey = `${PREFIX}${id}_${secret}`;
  return { id, fullKey, secretHash: hashSecret(secret), preview: previewOf(fullKey) };
}

/** Returns null for anything that is not a well-formed key. */
export function parseApiKey(value: string): ParsedApiKey | null {
  const match = KEY_PATTERN.exec(value);
  if (!match) return null;
  return { id: match[1]!, secret: match[2]! };
}

export function secretMatches(secret: string, storedHash: Buffer): boolean {
  const candidate = hashSecret(secret);
  return candidate.length === storedHash.length && timingSafeEqual(candidate, storedHash);
}
