import { createHmac } from 'node:crypto';
import type { LookupFunction } from 'node:net';
import { DataSource } from 'typeorm';
import { SigningSecretsService } from '../src/webhooks/signing-secrets.service';
import { verifyWebhookSignature } from '../src/webhooks/receiver/verify-webhook-signature';
import { HttpsReceiver, localhostCertificate } from './support/https-receiver';
import { createIsolatedDatabase } from './support/isolated-database';
import { deleteRedisKeys, startTestApp, TestApp, waitForTerminal } from './support/test-app';

/** Spec section 6 and DESIGN.md (Webhooks): signed, retried on schedule, recorded, rotatable, SSRF-safe. */
describe('Webhook delivery', () => {
  let t: TestApp;
  const receivers: HttpsReceiver[] = [];

  beforeAll(async () => {
    t = await startTestApp(
      {
        // The local receiver listens on loopback; production refuses such targets.
        WEBHOOK_ALLOW_PRIVATE: 'true',
        WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1',
        RECONCILER_ENABLED: 'false',
      },
      { webhookCa: localhostCertificate().cert },
    );
  });
  afterAll(async () => {
    await Promise.all(receivers.map((receiver) => receiver.stop()));
    await t.close();
  });

  const receiver = async (statuses?: number[]) => {
    const created = new HttpsReceiver(statuses);
    receivers.push(created);
    return { receiver: created, url: await created.start() };
  };

  const submit = async (apiKey: string, body: Record<string, unknown>) => {
    const response = await t.submitBook(apiKey, body);
    expect(response.statusCode).toBe(202);
    return response.json().requestId as string;
  };

  type AttemptRow = {
    attempt_number: number;
    status_code: number | null;
    error: string | null;
    attempted_at: Date;
    status: string;
  };
  const attempts = (requestId: string): Promise<AttemptRow[]> =>
    t.app.get(DataSource).query<AttemptRow[]>(
      `SELECT a.attempt_number, a.status_code, a.error, a.attempted_at, d.status
         FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
        WHERE d.job_id = $1 ORDER BY a.attempt_number`,
      [requestId],
    );

  it('delivers a completed job once, signed so the shipped verifier and an independent HMAC agree', async () => {
    const { receiver: hook, url } = await receiver();
    const customer = await t.createCustomer();
    const status = await t.finishedBook(customer.apiKey, { webhook_url: url, output_format: 'md' });
    const { requestId } = status;
    const [delivery] = await hook.waitFor(1);

    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(delivery!.headers['user-agent']).toMatch(/^Scriptorium/);
    expect(delivery!.headers['x-scriptorium-delivery']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(delivery!.rawBody)).toEqual({
      requestId,
      status: 'completed',
      completedAt: status.completedAt,
      creditsUsed: status.creditsUsed,
      resultUrl: status.resultUrl,
    });

    const header = String(delivery!.headers['x-service-signature']);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(
      verifyWebhookSignature({ header, rawBody: delivery!.rawBody, secrets: customer.webhookSecret }),
    ).toMatchObject({ ok: true });
    const [, t_, v1] = /^t=(\d+),v1=([0-9a-f]+)$/.exec(header)!;
    expect(Math.abs(Date.now() / 1000 - Number(t_))).toBeLessThan(60);
    expect(createHmac('sha256', customer.webhookSecret).update(`${t_}.${delivery!.rawBody}`).digest('hex')).toBe(v1);
    expect(verifyWebhookSignature({ header, rawBody: delivery!.rawBody, secrets: 'whsec_wrong' })).toMatchObject({
      ok: false,
    });

    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(hook.deliveries).toHaveLength(1);
    expect((await attempts(requestId)).map((a) => [a.attempt_number, a.status_code, a.status])).toEqual([
      [1, 200, 'delivered'],
    ]);
  });

  it('delivers a failed job with its error and creditsUsed 0', async () => {
    const { receiver: hook, url } = await receiver();
    const customer = await t.createCustomer({ credits: 10 });
    const requestId = await submit(customer.apiKey, { webhook_url: url });
    const [delivery] = await hook.waitFor(1);
    expect(JSON.parse(delivery!.rawBody)).toEqual({
      requestId,
      status: 'failed',
      completedAt: expect.any(String),
      creditsUsed: 0,
      resultUrl: null,
      error: 'Insufficient credits',
      errorMessage: 'Insufficient credits',
    });
    expect(
      verifyWebhookSignature({
        header: String(delivery!.headers['x-service-signature']),
        rawBody: delivery!.rawBody,
        secrets: customer.webhookSecret,
      }).ok,
    ).toBe(true);
  });

  it('retries after a 500 on the configured schedule and records every attempt', async () => {
    const { receiver: hook, url } = await receiver([500, 500, 200]);
    const customer = await t.createCustomer();
    const requestId = await submit(customer.apiKey, { webhook_url: url });
    const deliveries = await hook.waitFor(3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(deliveries).toHaveLength(3);
    const gaps = deliveries.slice(1).map((d, i) => d.receivedAt - deliveries[i]!.receivedAt);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(900);
    // Every attempt of one delivery carries the same delivery id and the same body.
    expect(new Set(deliveries.map((d) => d.headers['x-scriptorium-delivery'])).size).toBe(1);
    expect(new Set(deliveries.map((d) => d.rawBody)).size).toBe(1);
    const recorded = await attempts(requestId);
    expect(recorded.map((a) => [a.attempt_number, a.status_code])).toEqual([
      [1, 500],
      [2, 500],
      [3, 200],
    ]);
    expect(recorded.at(-1)!.status).toBe('delivered');
  });

  it('abandons a delivery after the first try and three retries; the status stays available', async () => {
    const { receiver: hook, url } = await receiver([503]);
    const customer = await t.createCustomer();
    const requestId = await submit(customer.apiKey, { webhook_url: url });
    await hook.waitFor(4);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(hook.deliveries).toHaveLength(4);
    const recorded = await attempts(requestId);
    expect(recorded.map((a) => a.status_code)).toEqual([503, 503, 503, 503]);
    expect(recorded[0]!.status).toBe('abandoned');
    const status = await t.app.inject({ method: 'GET', url: `/v1/status/${requestId}` });
    expect(status.json().status).toBe('completed');
  });

  it('signs with every signing secret during a rotation, the newest last', async () => {
    const { receiver: hook, url } = await receiver();
    const customer = await t.createCustomer();
    const newer = await t.app.get(SigningSecretsService, { strict: false }).create(customer.accountId);
    await submit(customer.apiKey, { webhook_url: url });
    const [delivery] = await hook.waitFor(1);
    const header = String(delivery!.headers['x-service-signature']);
    const t_ = /t=(\d+)/.exec(header)![1]!;
    const sign = (secret: string) => createHmac('sha256', secret).update(`${t_}.${delivery!.rawBody}`).digest('hex');
    expect(v1Values(header)).toEqual([sign(customer.webhookSecret), sign(newer.webhookSecret)]);
    for (const secret of [customer.webhookSecret, newer.webhookSecret]) {
      expect(verifyWebhookSignature({ header, rawBody: delivery!.rawBody, secrets: secret }).ok).toBe(true);
    }
  });

  it('rotates in stages that a verifier keeping only the last v1 survives', async () => {
    const secrets = t.app.get(SigningSecretsService, { strict: false });
    // Three books in a row: no pause between submissions (the default key waits between books).
    const customer = await t.createCustomer({ key: { minIntervalSeconds: 0 } });
    const deliveryOf = async () => {
      const { receiver: hook, url } = await receiver();
      await submit(customer.apiKey, { webhook_url: url });
      const [delivery] = await hook.waitFor(1);
      return { header: String(delivery!.headers['x-service-signature']), rawBody: delivery!.rawBody };
    };

    // 1. A staged secret is handed out but does not sign: receivers on the old secret see no change.
    const staged = await secrets.create(customer.accountId, { staged: true });
    expect(staged.state).toBe('staged');
    let delivery = await deliveryOf();
    expect(v1Values(delivery.header)).toHaveLength(1);
    expect(lastV1Verifies(delivery, customer.webhookSecret)).toBe(true);
    expect(lastV1Verifies(delivery, staged.webhookSecret)).toBe(false);

    // 2. Promoted, it signs too, last: a single-secret receiver switches to it now; multi-secret ones accept both.
    expect(await secrets.promote(staged.secretId)).toBe(true);
    expect(await secrets.promote(staged.secretId)).toBe(false);
    delivery = await deliveryOf();
    expect(v1Values(delivery.header)).toHaveLength(2);
    expect(lastV1Verifies(delivery, staged.webhookSecret)).toBe(true);
    for (const secret of [customer.webhookSecret, staged.webhookSecret]) {
      expect(verifyWebhookSignature({ ...delivery, secrets: secret }).ok).toBe(true);
    }

    // 3. The old secret retired: only the new one signs.
    const old = (await secrets.list(customer.accountId)).find((s) => s.secretId !== staged.secretId)!;
    expect(await secrets.revoke(old.secretId)).toBe(true);
    delivery = await deliveryOf();
    expect(v1Values(delivery.header)).toHaveLength(1);
    expect(lastV1Verifies(delivery, staged.webhookSecret)).toBe(true);
    expect(verifyWebhookSignature({ ...delivery, secrets: customer.webhookSecret }).ok).toBe(false);
    expect((await secrets.list(customer.accountId)).map((s) => [s.secretId, s.state])).toEqual([
      [old.secretId, 'retired'],
      [staged.secretId, 'signing'],
    ]);
  });
});

describe('Webhook signature under the names receivers expect', () => {
  it('sends the same signature under every name WEBHOOK_SIGNATURE_HEADERS lists', async () => {
    const t = await startTestApp(
      {
        WEBHOOK_ALLOW_PRIVATE: 'true',
        WEBHOOK_SIGNATURE_HEADERS: 'X-Service-Signature, X-Nellie-Signature',
        RECONCILER_ENABLED: 'false',
      },
      { webhookCa: localhostCertificate().cert },
    );
    const hook = new HttpsReceiver();
    try {
      const url = await hook.start();
      const customer = await t.createCustomer();
      expect((await t.submitBook(customer.apiKey, { webhook_url: url })).statusCode).toBe(202);
      const [delivery] = await hook.waitFor(1);
      const nellie = String(delivery!.headers['x-nellie-signature']);
      expect(nellie).toBe(String(delivery!.headers['x-service-signature']));
      // What a receiver built from the original API's SDK example does: read its header, keep the last v1.
      expect(lastV1Verifies({ header: nellie, rawBody: delivery!.rawBody }, customer.webhookSecret)).toBe(true);
    } finally {
      await hook.stop();
      await t.close();
    }
  });
});

/** The `v1` digests of a signature header, in order. */
function v1Values(header: string): string[] {
  return header
    .split(',')
    .filter((part) => part.startsWith('v1='))
    .map((part) => part.slice(3));
}

/**
 * A verifier that parses the header into a map, as the original API's SDK
 * does: a repeated `v1` overwrites the earlier one, so only the last counts.
 */
function lastV1Verifies(delivery: { header: string; rawBody: string }, secret: string): boolean {
  const fields = new Map(delivery.header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const expected = createHmac('sha256', secret)
    .update(`${fields.get('t')}.${delivery.rawBody}`)
    .digest('hex');
  return fields.get('v1') === expected;
}

describe('Webhook delivery after Redis loses its data', () => {
  it('still delivers a retry that was pending when Redis was flushed', async () => {
    // A database of its own: its reconciler re-queues every unfinished job it finds, and other suites'
    // jobs (in the shared database, possibly waiting for a retry) would be finished by this app.
    const database = await createIsolatedDatabase('webhook-recovery');
    const t = await startTestApp(
      {
        DATABASE_URL: database.url,
        WEBHOOK_ALLOW_PRIVATE: 'true',
        WEBHOOK_RETRY_DELAYS_SECONDS: '2,2,2',
        RECONCILER_ENABLED: 'true',
        RECONCILER_INTERVAL_SECONDS: '1',
      },
      { webhookCa: localhostCertificate().cert },
    );
    const hook = new HttpsReceiver([500, 200]);
    const url = await hook.start();
    try {
      const customer = await t.createCustomer();
      const response = await t.submitBook(customer.apiKey, { webhook_url: url });
      await hook.waitFor(1);
      // The retry waits in Redis as a delayed job; wipe everything under this app's prefix.
      await deleteRedisKeys(t.config.REDIS_URL, t.config.REDIS_PREFIX);
      const deliveries = await hook.waitFor(2, 20_000);
      expect(JSON.parse(deliveries[1]!.rawBody).requestId).toBe(response.json().requestId);
    } finally {
      await hook.stop();
      await t.close();
      await database.drop();
    }
  });
});

describe('Webhook delivery and DNS rebinding', () => {
  it('does not call a host that resolved public at submission but loopback at delivery', async () => {
    const hook = new HttpsReceiver();
    const url = await hook.start();
    const port = new URL(url).port;
    // At delivery the name points at our own machine, where the receiver listens.
    const rebindingLookup = ((_host: string, _options: unknown, callback: (...args: unknown[]) => void) =>
      callback(null, [{ address: '127.0.0.1', family: 4 }])) as unknown as LookupFunction;
    const t = await startTestApp(
      { WEBHOOK_ALLOW_PRIVATE: 'false', WEBHOOK_RETRY_DELAYS_SECONDS: '1' },
      { webhookCa: localhostCertificate().cert, webhookLookup: rebindingLookup },
    );
    try {
      t.resolver.set('rebind.example.net', ['93.184.215.14']);
      const customer = await t.createCustomer();
      const response = await t.submitBook(customer.apiKey, { webhook_url: `https://rebind.example.net:${port}/hooks` });
      expect(response.statusCode).toBe(202);
      const requestId = response.json().requestId;
      await waitForTerminal(t.app, requestId);
      const dataSource = t.app.get(DataSource);
      const deadline = Date.now() + 15_000;
      let rows: Array<{ error: string | null; status_code: number | null }> = [];
      while (rows.length < 2 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        rows = await dataSource.query(
          `SELECT a.error, a.status_code FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.job_id = $1`,
          [requestId],
        );
      }
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(row.status_code).toBeNull();
        expect(row.error).toMatch(/non-public address 127\.0\.0\.1/);
      }
      expect(hook.deliveries).toHaveLength(0);
    } finally {
      await hook.stop();
      await t.close();
    }
  });
});

describe('Webhook delivery over TLS', () => {
  const attemptsOf = async (t: TestApp, requestId: string, count: number) => {
    const dataSource = t.app.get(DataSource);
    const deadline = Date.now() + 15_000;
    let rows: Array<{ error: string | null; status_code: number | null }> = [];
    while (rows.length < count && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      rows = await dataSource.query(
        `SELECT a.error, a.status_code FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
          WHERE d.job_id = $1 ORDER BY a.attempt_number`,
        [requestId],
      );
    }
    return rows;
  };

  const submitWithHook = async (t: TestApp, url: string) => {
    const customer = await t.createCustomer();
    const response = await t.submitBook(customer.apiKey, { webhook_url: url });
    expect(response.statusCode).toBe(202);
    return response.json().requestId as string;
  };

  it('refuses a receiver whose certificate it cannot verify, and records why', async () => {
    const hook = new HttpsReceiver();
    const url = await hook.start();
    // No extra CA: the receiver's self-signed certificate is not trusted.
    const t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_DELAYS_SECONDS: '1' });
    try {
      const requestId = await submitWithHook(t, url);
      await waitForTerminal(t.app, requestId);
      const rows = await attemptsOf(t, requestId, 2);
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(row.status_code).toBeNull();
        expect(row.error).toMatch(/certificate/i);
      }
      expect(hook.deliveries).toHaveLength(0);
    } finally {
      await hook.stop();
      await t.close();
    }
  });

  it('does not follow a redirect: a 3xx answer is a failed attempt', async () => {
    const hook = new HttpsReceiver([302]);
    const url = await hook.start();
    const t = await startTestApp(
      { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_DELAYS_SECONDS: '1' },
      { webhookCa: localhostCertificate().cert },
    );
    try {
      const requestId = await submitWithHook(t, url);
      await waitForTerminal(t.app, requestId);
      const rows = await attemptsOf(t, requestId, 2);
      expect(rows.map((row) => row.status_code)).toEqual([302, 302]);
      expect(hook.deliveries).toHaveLength(2);
    } finally {
      await hook.stop();
      await t.close();
    }
  });
});
