import { createHmac } from 'node:crypto';

/** Spec 6.3; WEBHOOK_SIGNATURE_HEADERS may add other names carrying the same value. */
export const SIGNATURE_HEADER = 'X-Service-Signature';

/**
 * Builds the signature value: `t=<unix>,v1=<hex>[,v1=<hex>...]`.
 *
 * `secrets` are the account's signing secrets in the order they began to
 * sign, so the most recently promoted secret's `v1` comes LAST. Many
 * receivers (the original API's SDK among them) parse the header into a map
 * and keep only the last `v1`: a staged rotation (DESIGN.md, Webhooks) tells
 * them to switch to the new secret when it is promoted, and from then on the
 * last `v1` is the new secret's.
 */
export function signWebhookPayload(rawBody: string, secrets: string[], timestampSeconds: number): string {
  if (secrets.length === 0) {
    throw new Error('signWebhookPayload needs at least one signing secret');
  }
  if (!Number.isSafeInteger(timestampSeconds) || timestampSeconds < 0) {
    // Receivers parse `t` as digits only; a fraction or exponent would make every delivery fail.
    throw new RangeError('timestampSeconds must be a non-negative integer number of seconds');
  }
  const digests = secrets.map((secret) => `v1=${computeSignature(secret, timestampSeconds, rawBody)}`);
  return [`t=${timestampSeconds}`, ...digests].join(',');
}

/**
 * Lowercase hex HMAC-SHA256 of `<t>.<rawBody>`. The key is the whole secret
 * string, `whsec_` prefix included, as UTF-8: receivers paste the secret as
 * shown in the console, so no decoding step may differ between the two sides.
 */
export function computeSignature(secret: string, timestampSeconds: number, rawBody: string): string {
  if (secret.length === 0) {
    // An empty HMAC key is legal but means a secret failed to load.
    throw new Error('computeSignature needs a non-empty signing secret');
  }
  return createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(`${timestampSeconds}.${rawBody}`, 'utf8')
    .digest('hex');
}
