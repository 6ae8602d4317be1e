import { createHmac } from 'node:crypto';
import { verifyWebhook, WebhookVerificationError, type WebhookVerificationFailure } from '../../src/webhooks';
// The service's own signer and reference receiver: the client must accept exactly what the service signs.
import { verifyWebhookSignature } from '../../../../src/webhooks/receiver/verify-webhook-signature';
import { signWebhookPayload } from '../../../../src/webhooks/webhook-signature';

const OLD_SECRET = 'whsec_old0000000000000000000000000000000000';
const NEW_SECRET = 'whsec_new1111111111111111111111111111111111';
const NOW = 1_800_000_000;
const PAYLOAD = JSON.stringify({
  requestId: '3f0b2c7e-5d1a-4c8e-9a51-2f6f0c1d9b7a',
  status: 'completed',
  completedAt: '2027-01-15T08:00:00.000Z',
  creditsUsed: 247,
  resultUrl: 'https://books.example/v1/download/3f0b2c7e-5d1a-4c8e-9a51-2f6f0c1d9b7a',
  title: 'Café at the end of the pier',
});

function reasonOf(run: () => unknown): WebhookVerificationFailure | 'accepted' {
  try {
    run();
    return 'accepted';
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error.reason;
    throw error;
  }
}

describe('verifyWebhook', () => {
  it('accepts a delivery the service signed, and returns its event', () => {
    const header = signWebhookPayload(PAYLOAD, [NEW_SECRET], NOW);

    const event = verifyWebhook({ payload: PAYLOAD, header, secrets: [NEW_SECRET], nowSeconds: NOW });

    expect(event).toEqual(JSON.parse(PAYLOAD));
  });

  it('during a rotation (several v1, the newest last) accepts with the old secret, the new one, or both', () => {
    const header = signWebhookPayload(PAYLOAD, [OLD_SECRET, NEW_SECRET], NOW);
    expect(header.match(/v1=/g)).toHaveLength(2);

    for (const secrets of [[OLD_SECRET], [NEW_SECRET], [NEW_SECRET, OLD_SECRET]]) {
      expect(reasonOf(() => verifyWebhook({ payload: PAYLOAD, header, secrets, nowSeconds: NOW }))).toBe('accepted');
    }
    expect(reasonOf(() => verifyWebhook({ payload: PAYLOAD, header, secrets: ['whsec_other'], nowSeconds: NOW }))).toBe(
      'signature_mismatch',
    );
  });

  it('verifies the raw bytes of a Buffer, not a re-encoding of them', () => {
    const payload = Buffer.concat([Buffer.from('{"note":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const digest = createHmac('sha256', NEW_SECRET).update(`${NOW}.`).update(payload).digest('hex');

    expect(
      reasonOf(() =>
        verifyWebhook({ payload, header: `t=${NOW},v1=${digest}`, secrets: [NEW_SECRET], nowSeconds: NOW }),
      ),
    ).toBe('accepted');
  });

  it('reads the header as Node gives a repeated one (an array)', () => {
    const [timestamp, signature] = signWebhookPayload(PAYLOAD, [NEW_SECRET], NOW).split(',');

    expect(
      verifyWebhook({ payload: PAYLOAD, header: [timestamp!, signature!], secrets: [NEW_SECRET], nowSeconds: NOW }),
    ).toMatchObject({ status: 'completed' });
  });

  it('throws on a misconfigured receiver rather than refusing every delivery', () => {
    const header = signWebhookPayload(PAYLOAD, [NEW_SECRET], NOW);
    expect(() => verifyWebhook({ payload: PAYLOAD, header, secrets: [''] })).toThrow(/at least one/);
    expect(() => verifyWebhook({ payload: PAYLOAD, header, secrets: [NEW_SECRET], toleranceSeconds: -1 })).toThrow(
      /toleranceSeconds/,
    );
  });

  /** Every case decided as the service's reference receiver decides it, reason for reason. */
  describe('agrees with the reference receiver', () => {
    const signed = (secrets: string[], t = NOW, payload = PAYLOAD) => signWebhookPayload(payload, secrets, t);
    const cases: Array<[string, { payload: string; header: string | undefined; toleranceSeconds?: number }]> = [
      ['valid', { payload: PAYLOAD, header: signed([NEW_SECRET]) }],
      ['tampered body', { payload: PAYLOAD.replace('247', '1'), header: signed([NEW_SECRET]) }],
      ['another secret', { payload: PAYLOAD, header: signed(['whsec_unknown']) }],
      ['no header', { payload: PAYLOAD, header: undefined }],
      ['blank header', { payload: PAYLOAD, header: '  ' }],
      ['no timestamp', { payload: PAYLOAD, header: signed([NEW_SECRET]).replace(/^t=\d+,/, '') }],
      ['no signature', { payload: PAYLOAD, header: `t=${NOW}` }],
      ['timestamp not digits', { payload: PAYLOAD, header: signed([NEW_SECRET]).replace(`t=${NOW}`, 't=1e9') }],
      ['two differing timestamps', { payload: PAYLOAD, header: `${signed([NEW_SECRET])},t=${NOW + 1}` }],
      ['a repeated identical timestamp', { payload: PAYLOAD, header: `${signed([NEW_SECRET])},t=${NOW}` }],
      ['too old', { payload: PAYLOAD, header: signed([NEW_SECRET], NOW - 301) }],
      ['too far ahead', { payload: PAYLOAD, header: signed([NEW_SECRET], NOW + 301) }],
      [
        'old but within a wider tolerance',
        { payload: PAYLOAD, header: signed([NEW_SECRET], NOW - 900), toleranceSeconds: 1000 },
      ],
      [
        'upper-case hex and spaces',
        { payload: PAYLOAD, header: signed([NEW_SECRET]).toUpperCase().replace('T=', 't=').replace('V1=', ' v1 = ') },
      ],
      ['an unknown v2 beside v1', { payload: PAYLOAD, header: `${signed([NEW_SECRET])},v2=abc` }],
      ['a short v1 among good ones', { payload: PAYLOAD, header: `${signed([OLD_SECRET, NEW_SECRET])},v1=00` }],
    ];

    it.each(cases)('%s', (_name, delivery) => {
      const secrets = [OLD_SECRET, NEW_SECRET];
      const reference = verifyWebhookSignature({
        rawBody: delivery.payload,
        header: delivery.header,
        secrets,
        toleranceSeconds: delivery.toleranceSeconds,
        nowSeconds: NOW,
      });
      const ours = reasonOf(() =>
        verifyWebhook({
          payload: delivery.payload,
          header: delivery.header,
          secrets,
          toleranceSeconds: delivery.toleranceSeconds,
          nowSeconds: NOW,
        }),
      );

      expect(ours).toBe(reference.ok ? 'accepted' : reference.reason);
    });

    it('covers every reason the reference receiver gives, and acceptance', () => {
      const outcomes = new Set(
        cases.map(([, delivery]) => {
          const result = verifyWebhookSignature({
            rawBody: delivery.payload,
            header: delivery.header,
            secrets: [OLD_SECRET, NEW_SECRET],
            toleranceSeconds: delivery.toleranceSeconds,
            nowSeconds: NOW,
          });
          return result.ok ? 'accepted' : result.reason;
        }),
      );
      expect([...outcomes].sort()).toEqual(
        [
          'accepted',
          'invalid_timestamp',
          'missing_header',
          'missing_signature',
          'missing_timestamp',
          'signature_mismatch',
          'timestamp_out_of_tolerance',
        ].sort(),
      );
    });
  });

  it('refuses a signed body that is not JSON', () => {
    const payload = 'not json';

    expect(
      reasonOf(() =>
        verifyWebhook({
          payload,
          header: signWebhookPayload(payload, [NEW_SECRET], NOW),
          secrets: [NEW_SECRET],
          nowSeconds: NOW,
        }),
      ),
    ).toBe('invalid_payload');
  });
});
