import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits, base64url: session tokens and CSRF tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function looksLikeToken(value: string | undefined): value is string {
  return value !== undefined && TOKEN.test(value);
}

/** What the sessions table keeps of a cookie's token: its SHA-256, hex. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Constant-time comparison of a presented token with the expected one; false unless both are tokens. */
export function tokensMatch(expected: string | undefined, presented: string | undefined): boolean {
  if (!looksLikeToken(expected) || !looksLikeToken(presented)) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(presented));
}
