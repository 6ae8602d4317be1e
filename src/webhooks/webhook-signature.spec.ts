import { createHmac } from 'node:crypto';
import { computeSignature, SIGNATURE_HEADER, signWebhookPayload } from './webhook-signature';

const body = JSON.stringify({
  requestId: '6f1c1f7e-2a8b-4a8e-9d55-0d7c3f3b9a10',
  status: 'completed',
  completedAt: '2026-01-05T10:00:00.000Z',
  creditsUsed: 247,
  resultUrl: 'https://api.example.com/v1/download/6f1c1f7e-2a8b-4a8e-9d55-0d7c3f3b9a10',
});
const t = 1767607200;

describe('webhook signing', () => {
  it('uses the header name of the spec', () => {
    expect(SIGNATURE_HEADER).toBe('X-Service-Signature');
  });

  it('computeSignature equals an independent HMAC-SHA256 keyed with the whole whsec_ string', () => {
    const secret = 'whsec_c2VjcmV0LXRoYXQtbG9va3MtYmFzZTY0';
    const independent = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(computeSignature(secret, t, body)).toBe(independent);
    expect(computeSignature(secret, t, body)).toMatch(/^[0-9a-f]{64}$/);
    // The prefix is part of the key, and the body is not base64-decoded.
    const withoutPrefix = createHmac('sha256', 'c2VjcmV0LXRoYXQtbG9va3MtYmFzZTY0').update(`${t}.${body}`).digest('hex');
    expect(computeSignature(secret, t, body)).not.toBe(withoutPrefix);
  });

  it('hashes non-ASCII bodies and secrets as UTF-8', () => {
    const secret = 'whsec_clé';
    const text = '{"title":"Les Misérables — 📚"}';
    const independent = createHmac('sha256', Buffer.from(secret, 'utf8'))
      .update(Buffer.from(`${t}.${text}`, 'utf8'))
      .digest('hex');
    expect(computeSignature(secret, t, text)).toBe(independent);
  });

  it('produces t=<unix>,v1=<hex> for one secret', () => {
    const header = signWebhookPayload(body, ['whsec_one'], t);
    expect(header).toBe(`t=${t},v1=${computeSignature('whsec_one', t, body)}`);
  });

  it('puts one v1 per secret in the order given, so the last-promoted secret (given last) comes last', () => {
    const header = signWebhookPayload(body, ['whsec_first', 'whsec_middle', 'whsec_promoted'], t);
    expect(header.split(',')).toEqual([
      `t=${t}`,
      `v1=${computeSignature('whsec_first', t, body)}`,
      `v1=${computeSignature('whsec_middle', t, body)}`,
      `v1=${computeSignature('whsec_promoted', t, body)}`,
    ]);
  });

  it('signs the timestamp as part of the content', () => {
    expect(computeSignature('whsec_one', t, body)).not.toBe(computeSignature('whsec_one', t + 1, body));
  });

  it('throws without secrets', () => {
    expect(() => signWebhookPayload(body, [], t)).toThrow(/at least one signing secret/);
  });

  it('throws on an empty secret', () => {
    expect(() => signWebhookPayload(body, ['whsec_ok', ''], t)).toThrow(/non-empty/);
  });

  it.each([1.5, -1, Number.NaN, Number.POSITIVE_INFINITY, 1e20])('throws on timestamp %p', (bad) => {
    expect(() => signWebhookPayload(body, ['whsec_one'], bad)).toThrow(RangeError);
  });
});
