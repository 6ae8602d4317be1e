/**
 * Verifies the `X-Service-Signature` header of a book-service webhook.
 * Self-contained (only node:crypto) so receivers can copy this one file.
 *
 * The signature covers the exact bytes received, so hand it the raw body,
 * never a re-serialised JSON object.
 *
 * Express:
 *
 *   app.post('/hooks/books', express.raw({ type: 'application/json' }), (req, res) => {
 *     const result = verifyWebhookSignature({
 *       header: req.headers['x-service-signature'],
 *       rawBody: req.body, // a Buffer, thanks to express.raw
 *       secrets: [process.env.BOOKS_WHSEC!, process.env.BOOKS_WHSEC_PREVIOUS].filter(Boolean) as string[],
 *     });
 *     if (!result.ok) return res.status(400).send(result.reason);
 *     const event = JSON.parse(req.body.toString('utf8'));
 *     // Deliveries may repeat or arrive out of order: deduplicate on the delivery id.
 *     res.sendStatus(204);
 *   });
 *
 * Fastify:
 *
 *   fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
 *   fastify.post('/hooks/books', async (req, reply) => {
 *     const result = verifyWebhookSignature({
 *       header: req.headers['x-service-signature'],
 *       rawBody: req.body as Buffer,
 *       secrets: process.env.BOOKS_WHSEC!,
 *     });
 *     if (!result.ok) return reply.code(400).send(result.reason);
 *     const event = JSON.parse((req.body as Buffer).toString('utf8'));
 *     return reply.code(204).send();
 *   });
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type VerificationResult =
  | { ok: true; timestamp: number }
  | {
      ok: false;
      reason:
        | 'missing_header'
        | 'missing_timestamp'
        | 'missing_signature'
        | 'invalid_timestamp'
        | 'timestamp_out_of_tolerance'
        | 'signature_mismatch';
    };

export interface VerifyWebhookSignatureOptions {
  /** The header value; an array (Node's type for repeated headers) is joined. */
  header: string | string[] | undefined | null;
  /** The exact request body as received. */
  rawBody: string | Buffer;
  /** One secret, or several while rotating: any of them may have signed. */
  secrets: string | string[];
  /** Default 300, as the spec requires. */
  toleranceSeconds?: number;
  /** For tests; default is the current time. */
  nowSeconds?: number;
}

const DEFAULT_TOLERANCE_SECONDS = 300;

/**
 * Throws only on a receiver misconfiguration (no secret, bad tolerance);
 * anything about the delivery itself comes back as `{ ok: false, reason }`.
 */
export function verifyWebhookSignature(options: VerifyWebhookSignatureOptions): VerificationResult {
  const secrets = (Array.isArray(options.secrets) ? options.secrets : [options.secrets]).filter(
    (secret) => typeof secret === 'string' && secret.length > 0,
  );
  if (secrets.length === 0) {
    throw new Error('verifyWebhookSignature needs at least one non-empty signing secret');
  }
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (!Number.isFinite(tolerance) || tolerance < 0) {
    throw new Error('toleranceSeconds must be a non-negative number');
  }

  const header = Array.isArray(options.header) ? options.header.join(',') : options.header;
  if (typeof header !== 'string' || header.trim() === '') {
    return { ok: false, reason: 'missing_header' };
  }

  const timestamps: string[] = [];
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    const key = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    // Unknown keys are skipped so that a future v2 scheme does not break this receiver.
    if (key === 't') timestamps.push(value);
    else if (key === 'v1' && value !== '') signatures.push(value.toLowerCase());
  }

  if (timestamps.length === 0) {
    return { ok: false, reason: 'missing_timestamp' };
  }
  if (signatures.length === 0) {
    return { ok: false, reason: 'missing_signature' };
  }
  // Repeated identical `t` happens when a proxy duplicates the header;
  // differing ones leave it unclear which was signed.
  const timestampText = timestamps[0] ?? '';
  if (!/^\d{1,15}$/.test(timestampText) || timestamps.some((t) => t !== timestampText)) {
    return { ok: false, reason: 'invalid_timestamp' };
  }
  const timestamp = Number(timestampText);

  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  // Both directions: a far-future `t` would otherwise make a captured
  // delivery replayable until then.
  if (Math.abs(now - timestamp) > tolerance) {
    return { ok: false, reason: 'timestamp_out_of_tolerance' };
  }

  const expected = secrets.map((secret) => Buffer.from(hmacHex(secret, timestampText, options.rawBody), 'utf8'));
  let matched = false;
  // No early exit: the work done does not depend on which pair matched.
  for (const candidate of signatures) {
    const received = Buffer.from(candidate, 'utf8');
    for (const digest of expected) {
      // timingSafeEqual throws on unequal lengths; a wrong length is simply a mismatch.
      if (received.length === digest.length && timingSafeEqual(received, digest)) {
        matched = true;
      }
    }
  }
  return matched ? { ok: true, timestamp } : { ok: false, reason: 'signature_mismatch' };
}

/** The key is the whole secret string (`whsec_` included) as UTF-8, exactly as shown in the console. */
function hmacHex(secret: string, timestampText: string, rawBody: string | Buffer): string {
  const hmac = createHmac('sha256', Buffer.from(secret, 'utf8'));
  hmac.update(`${timestampText}.`, 'utf8');
  // A Buffer is hashed as is: decoding it to a string would alter bytes that are not valid UTF-8.
  if (typeof rawBody === 'string') hmac.update(rawBody, 'utf8');
  else hmac.update(rawBody);
  return hmac.digest('hex');
}
