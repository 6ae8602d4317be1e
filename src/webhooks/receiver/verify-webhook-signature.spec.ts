import crypto, { createHmac } from 'node:crypto';
import { computeSignature, signWebhookPayload } from '../webhook-signature';
import { verifyWebhookSignature } from './verify-webhook-signature';

const secret = 'whsec_receiver_test_secret_0123456789';
const otherSecret = 'whsec_some_other_secret';
const body =
  '{"requestId":"a1","status":"failed","completedAt":"2026-01-05T10:00:00.000Z","creditsUsed":0,"resultUrl":null,"error":"Insufficient credits"}';
const now = 1767607200;
const digest = (key: string, t: number, raw: string) => createHmac('sha256', key).update(`${t}.${raw}`).digest('hex');

describe('verifyWebhookSignature', () => {
  afterEach(() => jest.restoreAllMocks());

  it('accepts a round trip from signWebhookPayload', () => {
    const header = signWebhookPayload(body, [secret], now);
    expect(verifyWebhookSignature({ header, rawBody: body, secrets: secret, nowSeconds: now })).toEqual({
      ok: true,
      timestamp: now,
    });
  });

  it('accepts the raw body as a Buffer, including bytes that are not valid UTF-8', () => {
    const raw = Buffer.concat([Buffer.from('{"x":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const v1 = createHmac('sha256', secret).update(`${now}.`).update(raw).digest('hex');
    expect(
      verifyWebhookSignature({ header: `t=${now},v1=${v1}`, rawBody: raw, secrets: secret, nowSeconds: now }).ok,
    ).toBe(true);
    // Decoding to a string first would have replaced those bytes and broken the signature.
    expect(
      verifyWebhookSignature({
        header: `t=${now},v1=${v1}`,
        rawBody: raw.toString('utf8'),
        secrets: secret,
        nowSeconds: now,
      }),
    ).toEqual({ ok: false, reason: 'signature_mismatch' });
  });

  it('uses the current time by default', () => {
    const t = Math.floor(Date.now() / 1000);
    expect(
      verifyWebhookSignature({ header: signWebhookPayload(body, [secret], t), rawBody: body, secrets: secret }).ok,
    ).toBe(true);
  });

  it.each([undefined, null, '', '   '])('reports missing_header for %p', (header) => {
    expect(verifyWebhookSignature({ header, rawBody: body, secrets: secret, nowSeconds: now })).toEqual({
      ok: false,
      reason: 'missing_header',
    });
  });

  it('reports missing_timestamp', () => {
    const header = `v1=${digest(secret, now, body)}`;
    expect(verifyWebhookSignature({ header, rawBody: body, secrets: secret, nowSeconds: now })).toEqual({
      ok: false,
      reason: 'missing_timestamp',
    });
  });

  it.each([`t=${now}`, `t=${now},v1=`, `t=${now},v0=abc`, `t=${now},signature=abc`])(
    'reports missing_signature for %s',
    (header) => {
      expect(verifyWebhookSignature({ header, rawBody: body, secrets: secret, nowSeconds: now })).toEqual({
        ok: false,
        reason: 'missing_signature',
      });
    },
  );

  it.each(['abc', '', '12.5', '-5', '1e9', '0x10', '9999999999999999999'])(
    'reports invalid_timestamp for t=%s',
    (t) => {
      const header = `t=${t},v1=${digest(secret, now, body)}`;
      expect(verifyWebhookSignature({ header, rawBody: body, secrets: secret, nowSeconds: now })).toEqual({
        ok: false,
        reason: 'invalid_timestamp',
      });
    },
  );

  it('reports invalid_timestamp when two different t values are present', () => {
    const header = `t=${now},t=${now - 1},v1=${digest(secret, now, body)}`;
    expect(verifyWebhookSignature({ header, rawBody: body, secrets: secret, nowSeconds: now })).toEqual({
      ok: false,
      reason: 'invalid_timestamp',
    });
  });

  it.each([
    ['301 s in the past', now - 301],
    ['301 s in the future', now + 301],
    ['a day old', now - 86_400],
  ])('rejects a timestamp %s even with a valid digest', (_label, t) => {
    const header = signWebhookPayload(body, [secret], t);
    expect(verifyWebhookSignature({ header, rawBody: body, secrets: secret, nowSeconds: now })).toEqual({
      ok: false,
      reason: 'timestamp_out_of_tolerance',
    });
  });

  it.each([now - 300, now + 300])('accepts exactly 300 s of skew (t=%p)', (t) => {
    const header = signWebhookPayload(body, [secret], t);
    expect(verifyWebhookSignature({ header, rawBody: body, secrets: secret, nowSeconds: now })).toEqual({
      ok: true,
      timestamp: t,
    });
  });

  it('honours a custom tolerance', () => {
    const header = signWebhookPayload(body, [secret], now - 20);
    expect(
      verifyWebhookSignature({ header, rawBody: body, secrets: secret, nowSeconds: now, toleranceSeconds: 10 }),
    ).toEqual({
      ok: false,
      reason: 'timestamp_out_of_tolerance',
    });
  });

  it('rejects a wrong digest', () => {
    const header = `t=${now},v1=${'0'.repeat(64)}`;
    expect(verifyWebhookSignature({ header, rawBody: body, secrets: secret, nowSeconds: now })).toEqual({
      ok: false,
      reason: 'signature_mismatch',
    });
  });

  it('rejects a digest made with another secret', () => {
    const header = signWebhookPayload(body, [otherSecret], now);
    expect(verifyWebhookSignature({ header, rawBody: body, secrets: secret, nowSeconds: now })).toEqual({
      ok: false,
      reason: 'signature_mismatch',
    });
  });

  it('rejects a body altered by one byte', () => {
    const header = signWebhookPayload(body, [secret], now);
    const altered = body.replace('"creditsUsed":0', '"creditsUsed":1');
    expect(altered).toHaveLength(body.length);
    expect(verifyWebhookSignature({ header, rawBody: altered, secrets: secret, nowSeconds: now })).toEqual({
      ok: false,
      reason: 'signature_mismatch',
    });
    expect(verifyWebhookSignature({ header, rawBody: `${body} `, secrets: secret, nowSeconds: now }).ok).toBe(false);
  });

  it('rejects a digest signed over a different timestamp than the header claims', () => {
    const header = `t=${now},v1=${digest(secret, now - 1, body)}`;
    expect(verifyWebhookSignature({ header, rawBody: body, secrets: secret, nowSeconds: now })).toEqual({
      ok: false,
      reason: 'signature_mismatch',
    });
  });

  it.each([
    ['valid first', (good: string, bad: string) => `t=${now},v1=${good},v1=${bad}`],
    ['valid last', (good: string, bad: string) => `t=${now},v1=${bad},v1=${good}`],
    ['valid in the middle', (good: string, bad: string) => `t=${now},v1=${bad},v1=${good},v1=${bad}`],
    ['v1 before t', (good: string, bad: string) => `v1=${bad},v1=${good},t=${now}`],
  ])('accepts multiple v1 values when one matches (%s)', (_label, build) => {
    const header = build(digest(secret, now, body), digest(otherSecret, now, body));
    expect(verifyWebhookSignature({ header, rawBody: body, secrets: secret, nowSeconds: now }).ok).toBe(true);
  });

  it('accepts a rotation header from the sender with either secret on the receiver', () => {
    const header = signWebhookPayload(body, ['whsec_new', 'whsec_old'], now);
    for (const receiverSecret of ['whsec_new', 'whsec_old']) {
      expect(verifyWebhookSignature({ header, rawBody: body, secrets: receiverSecret, nowSeconds: now }).ok).toBe(true);
    }
    expect(verifyWebhookSignature({ header, rawBody: body, secrets: 'whsec_unrelated', nowSeconds: now }).ok).toBe(
      false,
    );
  });

  it('accepts when the receiver holds two secrets and either one signed', () => {
    for (const senderSecret of [secret, otherSecret]) {
      const header = signWebhookPayload(body, [senderSecret], now);
      expect(
        verifyWebhookSignature({ header, rawBody: body, secrets: [secret, otherSecret], nowSeconds: now }).ok,
      ).toBe(true);
    }
    const header = signWebhookPayload(body, ['whsec_third'], now);
    expect(verifyWebhookSignature({ header, rawBody: body, secrets: [secret, otherSecret], nowSeconds: now })).toEqual({
      ok: false,
      reason: 'signature_mismatch',
    });
  });

  it('parses tolerantly: whitespace, unknown keys, uppercase hex, repeated identical t', () => {
    const v1 = digest(secret, now, body);
    const headers = [
      ` t = ${now} ,  v1 = ${v1} `,
      `t=${now},v0=deadbeef,foo=bar,v1=${v1},novalue`,
      `t=${now},v1=${v1.toUpperCase()}`,
      // What Node hands over when a proxy repeats the header.
      `t=${now},v1=${v1}, t=${now},v1=${v1}`,
    ];
    for (const header of headers) {
      expect(verifyWebhookSignature({ header, rawBody: body, secrets: secret, nowSeconds: now })).toEqual({
        ok: true,
        timestamp: now,
      });
    }
  });

  it('accepts the string[] Node gives for a repeated header', () => {
    const header = [signWebhookPayload(body, [secret], now), signWebhookPayload(body, [secret], now)];
    expect(verifyWebhookSignature({ header, rawBody: body, secrets: secret, nowSeconds: now }).ok).toBe(true);
  });

  it('verifies what computeSignature produces and an independent HMAC agrees', () => {
    const independent = digest(secret, now, body);
    expect(computeSignature(secret, now, body)).toBe(independent);
    expect(
      verifyWebhookSignature({ header: `t=${now},v1=${independent}`, rawBody: body, secrets: secret, nowSeconds: now })
        .ok,
    ).toBe(true);
  });

  it('compares digests with crypto.timingSafeEqual', () => {
    const spy = jest.spyOn(crypto, 'timingSafeEqual');
    const header = signWebhookPayload(body, [otherSecret, secret], now);
    expect(verifyWebhookSignature({ header, rawBody: body, secrets: secret, nowSeconds: now }).ok).toBe(true);
    // Every candidate against the secret, without stopping at the first match.
    expect(spy).toHaveBeenCalledTimes(2);
  });

  // 'ü'.repeat(64) has the right number of characters but twice the bytes:
  // timingSafeEqual would throw on it if only string lengths were checked.
  it.each(['abc', 'a'.repeat(63), 'a'.repeat(65), 'a'.repeat(1000), 'ü'.repeat(64)])(
    'treats a v1 of the wrong byte length (%s) as a mismatch without throwing',
    (v1) => {
      const spy = jest.spyOn(crypto, 'timingSafeEqual');
      expect(() =>
        verifyWebhookSignature({ header: `t=${now},v1=${v1}`, rawBody: body, secrets: secret, nowSeconds: now }),
      ).not.toThrow();
      expect(
        verifyWebhookSignature({ header: `t=${now},v1=${v1}`, rawBody: body, secrets: secret, nowSeconds: now }),
      ).toEqual({
        ok: false,
        reason: 'signature_mismatch',
      });
      expect(spy).not.toHaveBeenCalled();
    },
  );

  it('compares a v1 of the right byte length but non-hex content, and rejects it', () => {
    const spy = jest.spyOn(crypto, 'timingSafeEqual');
    const header = `t=${now},v1=${'ü'.repeat(32)}`;
    expect(verifyWebhookSignature({ header, rawBody: body, secrets: secret, nowSeconds: now })).toEqual({
      ok: false,
      reason: 'signature_mismatch',
    });
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('refuses to run without a secret, which is a receiver misconfiguration', () => {
    const header = signWebhookPayload(body, [secret], now);
    expect(() => verifyWebhookSignature({ header, rawBody: body, secrets: [], nowSeconds: now })).toThrow(/secret/);
    expect(() => verifyWebhookSignature({ header, rawBody: body, secrets: '', nowSeconds: now })).toThrow(/secret/);
  });

  it('imports nothing but node:crypto, so receivers can copy the file alone', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { readFileSync } = require('node:fs') as typeof import('node:fs');
    const source = readFileSync(require.resolve('./verify-webhook-signature'), 'utf8');
    const imports = [...source.matchAll(/^\s*import\s.*?from\s+'([^']+)'/gm)].map((match) => match[1]);
    expect(imports).toEqual(['node:crypto']);
    expect(source).not.toMatch(/require\(/);
  });
});
