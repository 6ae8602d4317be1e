import { createHmac, timingSafeEqual } from 'node:crypto';
import { ScriptoriumError } from './errors';
import type { WebhookEvent } from './types';

/**
 * Why a delivery was refused. The same reasons, parsing and tolerance as the
 * service's reference receiver (src/webhooks/receiver/verify-webhook-signature.ts),
 * so a receiver may move between the two without a change of behaviour.
 */
export type WebhookVerificationFailure =
  | 'missing_header'
  | 'missing_timestamp'
  | 'missing_signature'
  | 'invalid_timestamp'
  | 'timestamp_out_of_tolerance'
  | 'signature_mismatch'
  | 'invalid_payload';

/** The delivery is not one the service signed with any of the secrets, or is too old: answer 400. */
export class WebhookVerificationError extends ScriptoriumError {
  constructor(readonly reason: WebhookVerificationFailure) {
    super(`Webhook verification failed: ${reason}`);
  }
}

export interface VerifyWebhookOptions {
  /** The exact request body as received; never a re-serialised object. */
  payload: string | Buffer;
  /** The X-Service-Signature (or X-Nellie-Signature) value; an array (a repeated header) is joined. */
  header: string | string[] | undefined | null;
  /**
   * Every signing secret that may have signed (`whsec_...`, whole): during a
   * rotation both the current and the previous one. Any of them matching any
   * `v1` of the header accepts the delivery.
   */
  secrets: string[];
  /** How far `t` may be from now, both ways; default 300 s. */
  toleranceSeconds?: number;
  /** For tests; default is the current time. */
  nowSeconds?: number;
}

const DEFAULT_TOLERANCE_SECONDS = 300;

/**
 * Checks a webhook delivery and returns its event, parsed. Throws
 * WebhookVerificationError (with `reason`) for a delivery to refuse, and a
 * plain Error for a receiver misconfiguration (no secret, bad tolerance).
 * Deliveries may repeat or arrive out of order: deduplicate on the
 * X-Scriptorium-Delivery header.
 */
export function verifyWebhook(options: VerifyWebhookOptions): WebhookEvent {
  const secrets = options.secrets.filter((secret) => typeof secret === 'string' && secret.length > 0);
  if (secrets.length === 0) throw new Error('verifyWebhook needs at least one non-empty signing secret');
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (!Number.isFinite(tolerance) || tolerance < 0) throw new Error('toleranceSeconds must be a non-negative number');

  const header = Array.isArray(options.header) ? options.header.join(',') : options.header;
  if (typeof header !== 'string' || header.trim() === '') throw new WebhookVerificationError('missing_header');

  const timestamps: string[] = [];
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    const key = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    // Other keys are skipped, so that a future scheme (v2) does not break this receiver.
    if (key === 't') timestamps.push(value);
    else if (key === 'v1' && value !== '') signatures.push(value.toLowerCase());
  }
  if (timestamps.length === 0) throw new WebhookVerificationError('missing_timestamp');
  if (signatures.length === 0) throw new WebhookVerificationError('missing_signature');
  // A proxy may repeat the header (identical `t`s); differing ones leave unclear which was signed.
  const timestampText = timestamps[0] ?? '';
  if (!/^\d{1,15}$/.test(timestampText) || timestamps.some((t) => t !== timestampText)) {
    throw new WebhookVerificationError('invalid_timestamp');
  }
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  // Both ways: a far-future `t` would make a captured delivery replayable until then.
  if (Math.abs(now - Number(timestampText)) > tolerance) {
    throw new WebhookVerificationError('timestamp_out_of_tolerance');
  }

  const expected = secrets.map((secret) => Buffer.from(signature(secret, timestampText, options.payload), 'utf8'));
  let matched = false;
  // No early exit: the work done does not depend on which pair matched.
  for (const candidate of signatures) {
    const received = Buffer.from(candidate, 'utf8');
    for (const digest of expected) {
      if (received.length === digest.length && timingSafeEqual(received, digest)) matched = true;
    }
  }
  if (!matched) throw new WebhookVerificationError('signature_mismatch');

  const text = typeof options.payload === 'string' ? options.payload : options.payload.toString('utf8');
  try {
    return JSON.parse(text) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError('invalid_payload');
  }
}

/** HMAC-SHA256 hex of `<t>.<payload>`, keyed by the whole secret string as UTF-8, as the service signs. */
function signature(secret: string, timestampText: string, payload: string | Buffer): string {
  const hmac = createHmac('sha256', Buffer.from(secret, 'utf8'));
  hmac.update(`${timestampText}.`, 'utf8');
  // A Buffer is hashed as received: decoding it first would alter bytes that are not valid UTF-8.
  if (typeof payload === 'string') hmac.update(payload, 'utf8');
  else hmac.update(payload);
  return hmac.digest('hex');
}
