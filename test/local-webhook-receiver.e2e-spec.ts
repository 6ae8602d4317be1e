import { startLocalReceiver, type LocalReceiver } from '../src/webhooks/receiver/local-receiver';
import { loadConfig } from '../src/config/app-config';
import { startTestApp, TestApp } from './support/test-app';

/** `npm run webhooks:listen`: trying webhooks on one machine, with the walk-through's own submission. */
describe('the local webhook receiver', () => {
  let t: TestApp;
  let receiver: LocalReceiver | undefined;
  const lines: string[] = [];

  beforeAll(async () => {
    // As the quick start says to start the service for it.
    t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', RECONCILER_ENABLED: 'false' });
  });
  afterAll(async () => {
    await receiver?.close();
    await t.close();
  });

  it('prints a delivery of a book submitted to it, its signature verified against the account’s secret', async () => {
    const customer = await t.createCustomer();
    receiver = await startLocalReceiver({
      port: 0,
      secrets: [customer.webhookSecret],
      print: (line) => lines.push(line),
    });
    const status = await t.finishedBook(customer.apiKey, { webhook_url: receiver.url, output_format: 'md' });
    await waitUntil(() => lines.some((line) => line.includes(status.requestId as string)));
    const printed = lines.find((line) => line.includes(status.requestId as string))!;
    expect(printed).toMatch(/POST \/hooks {2}delivery [0-9a-f-]{36} {2}signature verified\n/);
    expect(printed).toContain(`job ${status.requestId as string}: completed, ${status.resultUrl as string}`);
  });

  it('says a delivery signed with another secret, or not signed, is not verified, and answers it 400', async () => {
    const forged = await fetch(receiver!.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-service-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
      },
      body: JSON.stringify({ requestId: 'forged', status: 'completed' }),
    });
    expect(forged.status).toBe(400);
    const unsigned = await fetch(receiver!.url, { method: 'POST', body: '{}' });
    expect(unsigned.status).toBe(400);
    expect(
      lines.some((line) => line.includes('signature NOT verified (signature_mismatch)') && line.includes('forged')),
    ).toBe(true);
    expect(lines.some((line) => line.includes('signature NOT verified (missing_header)'))).toBe(true);
  });

  it('cannot be called by a service running in production: WEBHOOK_ALLOW_PRIVATE is refused there', () => {
    const env = { SECRETS_ENCRYPTION_KEY: process.env.SECRETS_ENCRYPTION_KEY, WEBHOOK_ALLOW_PRIVATE: 'true' };
    expect(() => loadConfig({ ...env, NODE_ENV: 'production' })).toThrow(
      /WEBHOOK_ALLOW_PRIVATE: must not be true when NODE_ENV=production/,
    );
    expect(loadConfig(env).WEBHOOK_ALLOW_PRIVATE).toBe(true);
  });
});

async function waitUntil(condition: () => boolean): Promise<void> {
  // A delivery follows the job's end within a second or two; the suite's timeout bounds the wait.
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 100));
}
