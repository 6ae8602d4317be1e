import { randomBytes, randomUUID } from 'node:crypto';
import { getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import { DataSource } from 'typeorm';
import { AccountsService } from '../src/accounts/accounts.service';
import { ApiKeysService } from '../src/auth/api-keys.service';
import { CreditsService } from '../src/credits/credits.service';
import { QueueName } from '../src/queues/queue-names';
import { ConsoleUsersService } from '../src/web-console/console-users.service';
import { verifyWebhookSignature } from '../src/webhooks/receiver/verify-webhook-signature';
import { SigningSecretsService } from '../src/webhooks/signing-secrets.service';
import { HttpsReceiver, localhostCertificate } from './support/https-receiver';
import { ConsoleBrowser } from './support/console-browser';
import { startTestApp, TestApp, waitForTerminal } from './support/test-app';

const PASSWORD = 'correct horse battery staple';

/** The text of every element with this data-testid, in page order (its tags stripped). */
function testIds(html: string, testId: string): string[] {
  const pattern = new RegExp(`data-testid="${testId}"[^>]*>([\\s\\S]*?)</`, 'g');
  return [...html.matchAll(pattern)].map((match) => match[1]!.replace(/<[^>]+>/g, '').trim());
}

/** The `<tr>` of a row with this data attribute, for reading its cells. */
function row(html: string, attribute: string, value: string): string {
  const start = html.indexOf(`${attribute}="${value}"`);
  if (start < 0) throw new Error(`No row with ${attribute}="${value}"`);
  return html.slice(start, html.indexOf('</tr>', start));
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Issue 16 (slice 2): the console's account pages, through HTTP on the real service. */
describe('Web console account pages', () => {
  let t: TestApp;
  let db: DataSource;
  let users: ConsoleUsersService;
  let accounts: AccountsService;
  const receivers: HttpsReceiver[] = [];

  beforeAll(async () => {
    t = await startTestApp(
      {
        // The local HTTPS receiver listens on loopback; production refuses such targets.
        WEBHOOK_ALLOW_PRIVATE: 'true',
        WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1',
      },
      { webhookCa: localhostCertificate().cert },
    );
    db = t.app.get(DataSource);
    users = t.app.get(ConsoleUsersService, { strict: false });
    accounts = t.app.get(AccountsService, { strict: false });
  });
  afterAll(async () => {
    await Promise.all(receivers.map((receiver) => receiver.stop()));
    await t.close();
  });

  const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.com`;

  async function signedIn(role: 'operator' | 'member', accountIds: string[] = []) {
    const email = uniqueEmail(role);
    const user = await users.create({ email, password: PASSWORD, role, accountIds });
    const browser = new ConsoleBrowser(t.app);
    expect((await browser.signIn(email, PASSWORD)).statusCode).toBe(303);
    return { browser, userId: user.id };
  }

  async function auditOf(
    actor: string,
  ): Promise<Array<{ action: string; account_id: string | null; target: string | null }>> {
    return db.query(
      `SELECT action, account_id, target FROM audit_log WHERE actor = $1 AND action NOT LIKE 'console.%' ORDER BY id`,
      [actor],
    );
  }

  const receiver = async (statuses?: number[]) => {
    const created = new HttpsReceiver(statuses);
    receivers.push(created);
    return { hook: created, url: await created.start() };
  };

  it('creates a key shown once, which works against the API; sets its limits; revokes it (then 403)', async () => {
    const account = await accounts.create('Keys account');
    await t.app.get(CreditsService, { strict: false }).grant(account.id, 10_000);
    const { browser, userId } = await signedIn('member', [account.id]);
    const keysUrl = `/console/accounts/${account.id}/keys`;
    const empty = await browser.get(keysUrl);
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('data-testid="key-create-form"');

    const refused = await browser.post(keysUrl, { name: '  ', daily_limit: '', min_interval_seconds: '' });
    expect(refused.statusCode).toBe(400);
    const badLimit = await browser.post(keysUrl, { name: 'Bad', daily_limit: '0', min_interval_seconds: '' });
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.body).toContain('data-testid="keys-error"');

    const created = await browser.post(keysUrl, { name: 'Shop <live>', daily_limit: '', min_interval_seconds: '0' });
    expect(created.statusCode).toBe(200);
    const apiKey = /value="(bk_live_[A-Za-z0-9_]+)" data-testid="new-key-value"/.exec(created.body)?.[1] ?? '';
    expect(apiKey).toMatch(/^bk_live_[A-Za-z0-9]{12}_[A-Za-z0-9]{32}$/);
    expect(created.body).toContain('data-testid="new-key-copy"');
    expect(created.body).toMatch(/<script src="\/console\/assets\/copy-value\.js\?v=[0-9a-f]+" defer><\/script>/);
    expect(JSON.stringify(created.headers)).not.toContain(apiKey);
    const [key] = await t.app.get(ApiKeysService, { strict: false }).list(account.id);
    const keyRow = row(created.body, 'data-key-id', key!.keyId);
    expect(testIds(keyRow, 'key-name')).toEqual(['Shop &lt;live&gt;']);
    expect(testIds(keyRow, 'key-preview')).toEqual([key!.preview]);
    expect(testIds(keyRow, 'key-status')).toEqual(['active']);
    expect(testIds(keyRow, 'key-last-used')).toEqual(['Never']);

    // Shown once: the page, read again, has only the preview.
    const again = await browser.get(keysUrl);
    expect(again.body).not.toContain(apiKey);
    expect(again.body).not.toContain('new-key-value');
    expect(again.body).toContain(key!.preview);

    expect((await t.submitBook(apiKey, { prompt: 'A key from the console' })).statusCode).toBe(202);
    expect(testIds(row((await browser.get(keysUrl)).body, 'data-key-id', key!.keyId), 'key-last-used')[0]).toMatch(
      /UTC$/,
    );

    const limited = await browser.post(`${keysUrl}/${key!.keyId}/limits`, {
      daily_limit: '1',
      min_interval_seconds: '',
    });
    expect([limited.statusCode, limited.headers.location]).toEqual([303, keysUrl]);
    expect(testIds(row((await browser.get(keysUrl)).body, 'data-key-id', key!.keyId), 'key-limits')[0]).toMatch(
      /^1 a day, \d+ s apart \(default\)$/,
    );
    // The new daily limit applies at once: one book was already submitted today.
    expect((await t.submitBook(apiKey, { prompt: 'Over the new limit' })).statusCode).toBe(429);

    const confirm = await browser.get(`${keysUrl}/${key!.keyId}/revoke`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('data-testid="key-revoke-confirm"');
    const revoked = await browser.post(`${keysUrl}/${key!.keyId}/revoke`);
    expect([revoked.statusCode, revoked.headers.location]).toEqual([303, keysUrl]);
    const usage = await t.app.inject({ method: 'GET', url: '/v1/usage', headers: { 'x-api-key': apiKey } });
    expect(usage.statusCode).toBe(403);
    const after = await browser.get(keysUrl);
    expect(testIds(row(after.body, 'data-key-id', key!.keyId), 'key-status')).toEqual(['revoked']);
    expect(row(after.body, 'data-key-id', key!.keyId)).not.toContain('key-revoke');

    expect(await auditOf(userId)).toEqual([
      { action: 'key.create', account_id: account.id, target: key!.keyId },
      { action: 'key.set_limits', account_id: account.id, target: key!.keyId },
      { action: 'key.revoke', account_id: account.id, target: key!.keyId },
    ]);
    const details: Array<{ details: Record<string, unknown> }> = await db.query(
      `SELECT details FROM audit_log WHERE actor = $1 AND action LIKE 'key.%'`,
      [userId],
    );
    expect(JSON.stringify(details)).not.toContain(apiKey);
  });

  it('creates the first secret signing, then rotates: staged, promoted, the old one retired', async () => {
    const account = await accounts.create('Secrets account');
    const { browser, userId } = await signedIn('operator');
    const secretsUrl = `/console/accounts/${account.id}/secrets`;
    const none = await browser.get(secretsUrl);
    expect(none.statusCode).toBe(200);
    expect(none.body).toContain('data-testid="secrets-none-signing"');
    expect(none.body).toContain('data-testid="rotation-guide"');
    // The first secret of an account made in the console signs at once.
    expect(none.body).not.toContain('secret-create-staged');

    const first = await browser.post(secretsUrl, {});
    expect(first.statusCode).toBe(200);
    const firstValue = /value="(whsec_[A-Za-z0-9]+)"/.exec(first.body)![1]!;
    expect(first.body).toContain('data-testid="new-secret-copy"');
    const secrets = t.app.get(SigningSecretsService, { strict: false });
    expect(await secrets.signingSecrets(account.id)).toEqual([firstValue]);

    const page = await browser.get(secretsUrl);
    expect(page.body).not.toContain(firstValue);
    expect(page.body).toContain('data-testid="secret-create-staged"');
    const staged = await browser.post(secretsUrl, { staged: '1' });
    const stagedValue = /value="(whsec_[A-Za-z0-9]+)"/.exec(staged.body)![1]!;
    const [older, newer] = await secrets.list(account.id);
    const states = async () => {
      const body = (await browser.get(secretsUrl)).body;
      return [older!, newer!].map((secret) => testIds(row(body, 'data-secret-id', secret.secretId), 'secret-state')[0]);
    };
    expect(await states()).toEqual(['signing', 'staged']);
    expect(await secrets.signingSecrets(account.id)).toEqual([firstValue]);

    const promoted = await browser.post(`${secretsUrl}/${newer!.secretId}/promote`);
    expect([promoted.statusCode, promoted.headers.location]).toEqual([303, secretsUrl]);
    expect(await states()).toEqual(['signing', 'signing']);
    expect(await secrets.signingSecrets(account.id)).toEqual([firstValue, stagedValue]);

    const confirm = await browser.get(`${secretsUrl}/${older!.secretId}/retire`);
    expect(confirm.body).toContain('data-testid="secret-retire-confirm"');
    expect(confirm.body).not.toContain('secret-retire-last');
    expect((await browser.post(`${secretsUrl}/${older!.secretId}/retire`)).statusCode).toBe(303);
    expect(await states()).toEqual(['retired', 'signing']);
    expect(await secrets.signingSecrets(account.id)).toEqual([stagedValue]);

    expect(await auditOf(userId)).toEqual([
      { action: 'secret.create', account_id: account.id, target: older!.secretId },
      { action: 'secret.create', account_id: account.id, target: newer!.secretId },
      { action: 'secret.promote', account_id: account.id, target: newer!.secretId },
      { action: 'secret.revoke', account_id: account.id, target: older!.secretId },
    ]);
  });

  it('answers /favicon.ico with the console’s icon, which every page links', async () => {
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect([icon.statusCode, icon.headers['content-type']]).toEqual([200, 'image/png']);
    expect(icon.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    const signIn = await t.app.inject({ method: 'GET', url: '/console/sign-in' });
    expect(signIn.body).toMatch(
      /<link rel="icon" href="\/console\/assets\/favicon\.svg\?v=[0-9a-f]+" type="image\/svg\+xml">/,
    );
  });

  it('shows credits, the ledger paged and usage per day per key; operators grant, members may not', async () => {
    const customer = await t.createCustomer({ credits: 50_000, key: { name: 'Main key', minIntervalSeconds: 0 } });
    const book = await t.finishedBook(customer.apiKey, { output_format: 'md' });
    const credits = t.app.get(CreditsService, { strict: false });
    for (let grant = 0; grant < 25; grant += 1) await credits.grant(customer.accountId, 1, 'small grant');
    const creditsUrl = `/console/accounts/${customer.accountId}/credits`;

    const member = await signedIn('member', [customer.accountId]);
    const page = await member.browser.get(creditsUrl);
    expect(page.statusCode).toBe(200);
    const pool = await credits.pool(customer.accountId);
    expect(testIds(page.body, 'credits-balance')).toEqual([pool.balance.toLocaleString('en-US')]);
    expect(testIds(page.body, 'credits-reserved')).toEqual(['0']);
    expect(testIds(page.body, 'credits-available')).toEqual([pool.available.toLocaleString('en-US')]);
    expect(page.body.match(/data-testid="ledger-row"/g)).toHaveLength(25);
    expect(page.body).toContain('data-testid="ledger-next"');
    expect(page.body).not.toContain('data-testid="ledger-prev"');
    const older = await member.browser.get(`${creditsUrl}?page=2`);
    // 1 initial grant, the job's reserve and charge/release, 25 small grants: the rest on page 2, oldest last.
    expect(older.body).toContain('data-testid="ledger-prev"');
    expect(testIds(older.body, 'ledger-kind').at(-1)).toBe('grant');

    const today = new Date().toISOString().slice(0, 10);
    expect(page.body).toContain('data-testid="usage-chart"');
    expect(page.body).toContain(
      `data-testid="usage-row" data-day="${today}" data-key="Main key" data-books="1" data-credits="${book.creditsUsed}"`,
    );
    expect(page.body).toMatch(/<script src="\/console\/assets\/uPlot\.iife\.min\.js\?v=[0-9a-f]+" defer>/);
    for (const asset of ['uPlot.iife.min.js', 'uPlot.min.css', 'usage-chart.js', 'job-live.js', 'copy-value.js']) {
      const answer = await t.app.inject({ method: 'GET', url: `/console/assets/${asset}` });
      expect([asset, answer.statusCode]).toEqual([asset, 200]);
    }

    expect(page.body).not.toContain('credits-grant-form');
    expect((await member.browser.post(`${creditsUrl}/grant`, { amount: '100', note: '' })).statusCode).toBe(403);

    const operator = await signedIn('operator');
    expect((await operator.browser.get(creditsUrl)).body).toContain('data-testid="credits-grant-form"');
    expect((await operator.browser.post(`${creditsUrl}/grant`, { amount: '-5', note: '' })).statusCode).toBe(400);
    const granted = await operator.browser.post(`${creditsUrl}/grant`, { amount: '1000', note: 'Welcome bonus' });
    expect([granted.statusCode, granted.headers.location]).toEqual([303, creditsUrl]);
    const after = await operator.browser.get(creditsUrl);
    expect(testIds(after.body, 'credits-available')).toEqual([(pool.available + 1000).toLocaleString('en-US')]);
    expect(after.body).toContain('Welcome bonus');
    expect(await credits.pool(customer.accountId)).toMatchObject({ available: pool.available + 1000 });
    expect(await auditOf(operator.userId)).toEqual([
      { action: 'credits.grant', account_id: customer.accountId, target: null },
    ]);
    expect(await auditOf(member.userId)).toEqual([]);
  });

  it('lists jobs with filters, shows a job, cancels one, deletes a file (then the download answers 410)', async () => {
    const customer = await t.createCustomer({ credits: 100_000, key: { minIntervalSeconds: 0 } });
    const otherKey = await t.app
      .get(ApiKeysService, { strict: false })
      .create({ accountId: customer.accountId, name: 'Second key', minIntervalSeconds: 0 });
    const done = await t.finishedBook(customer.apiKey, { output_format: 'md', prompt: 'Lighthouse keepers' });
    const byOther = await t.finishedBook(otherKey.apiKey, { output_format: 'md' });
    const { browser, userId } = await signedIn('member', [customer.accountId]);
    const jobsUrl = `/console/accounts/${customer.accountId}/jobs`;

    const all = await browser.get(jobsUrl);
    expect(all.statusCode).toBe(200);
    expect(all.body).toContain('data-testid="jobs-filter"');
    expect([...all.body.matchAll(/data-testid="job-row" data-job-id="([^"]+)"/g)].map((m) => m[1])).toEqual([
      byOther.requestId,
      done.requestId,
    ]);
    expect(testIds(row(all.body, 'data-job-id', done.requestId), 'job-status')).toEqual(['completed']);
    expect(testIds(row(all.body, 'data-job-id', done.requestId), 'job-progress')).toEqual(['100%']);

    const byKey = await browser.get(`${jobsUrl}?key=${otherKey.keyId}`);
    expect([...byKey.body.matchAll(/data-job-id="([^"]+)"/g)].map((m) => m[1])).toEqual([byOther.requestId]);
    expect((await browser.get(`${jobsUrl}?status=failed`)).body).toContain('data-testid="jobs-empty"');
    const today = new Date().toISOString().slice(0, 10);
    const dated = await browser.get(`${jobsUrl}?status=completed&created_after=${today}&created_before=${today}`);
    expect(dated.body.match(/data-testid="job-row"/g)).toHaveLength(2);
    expect((await browser.get(`${jobsUrl}?created_after=2999-01-01`)).body).toContain('data-testid="jobs-empty"');
    expect((await browser.get(`${jobsUrl}?created_after=yesterday`)).statusCode).toBe(400);
    // Another account's key is not a filter of this account's jobs.
    const stranger = await t.createCustomer();
    expect((await browser.get(`${jobsUrl}?key=${stranger.keyId}`)).statusCode).toBe(400);

    const detailUrl = `${jobsUrl}/${done.requestId}`;
    const detail = await browser.get(detailUrl);
    expect(detail.statusCode).toBe(200);
    expect(testIds(detail.body, 'job-status')).toEqual(['completed']);
    expect(detail.body).toMatch(/<progress id="job-progress" max="100" value="100" data-testid="job-progress">/);
    expect(testIds(detail.body, 'job-cost')).toEqual([String(done.creditsUsed)]);
    expect(detail.body).toContain('Lighthouse keepers');
    expect(detail.body).toContain('data-testid="job-messages"');
    expect(detail.body).toContain(`href="/v1/download/${done.requestId}" data-testid="job-download"`);
    expect(detail.body).not.toContain('data-testid="job-cancel"');
    // Finished: no live script.
    expect(detail.body).not.toContain('job-live.js');
    // The parameters under the API's own field names; deleting the file is red and asks first.
    expect(detail.body).toContain('<dt>output_format</dt><dd>md</dd>');
    expect(detail.body).not.toMatch(/<dt>(outputFormat|customTone)<\/dt>/);
    expect(detail.body).toMatch(
      /<details class="destructive" data-testid="job-delete-details">\s*<summary data-testid="job-delete-open">Delete the book file…<\/summary>/,
    );
    expect(detail.body).toContain(
      '<button type="submit" class="danger" data-testid="job-delete">Yes, delete the book file</button>',
    );
    expect(detail.body).toContain('(the job has ended)');

    const download = await t.app.inject({ method: 'GET', url: `/v1/download/${done.requestId}` });
    expect(download.statusCode).toBe(200);
    const deleted = await browser.post(`${detailUrl}/delete`);
    expect([deleted.statusCode, deleted.headers.location]).toEqual([303, detailUrl]);
    expect((await t.app.inject({ method: 'GET', url: `/v1/download/${done.requestId}` })).statusCode).toBe(410);
    const status = await t.app.inject({ method: 'GET', url: `/v1/status/${done.requestId}` });
    expect(status.json()).toHaveProperty('fileDeletedAt');
    const afterDelete = await browser.get(detailUrl);
    expect(afterDelete.body).toContain('data-testid="job-file-deleted"');
    expect(afterDelete.body).not.toContain('data-testid="job-download"');
    expect(afterDelete.body).not.toContain('data-testid="job-delete"');

    // Cancel: a queued job (no worker takes it while the queue is paused here).
    const queue = t.app.get<Queue>(getQueueToken(QueueName.Generation), { strict: false });
    await queue.pause(true);
    let queuedId: string;
    try {
      const accepted = await t.submitBook(customer.apiKey, { prompt: 'Never written' });
      expect(accepted.statusCode).toBe(202);
      queuedId = accepted.json().requestId as string;
      const live = await browser.get(`${jobsUrl}/${queuedId}`);
      expect(testIds(live.body, 'job-status')).toEqual(['queued']);
      expect(live.body).toContain('data-testid="job-cancel"');
      expect(live.body).toContain(`data-events-url="/v1/status/${queuedId}/events"`);
      expect(live.body).toMatch(/<script src="\/console\/assets\/job-live\.js\?v=[0-9a-f]+" defer>/);
      expect(live.body).not.toContain('data-testid="job-delete"');
      // Its file cannot be deleted before it ends (the same rule as DELETE /v1/book/{id}).
      const early = await browser.post(`${jobsUrl}/${queuedId}/delete`);
      expect(early.statusCode).toBe(400);
      expect(early.headers['content-type']).toMatch(/^text\/html/);
      const cancelled = await browser.post(`${jobsUrl}/${queuedId}/cancel`);
      expect([cancelled.statusCode, cancelled.headers.location]).toEqual([303, `${jobsUrl}/${queuedId}`]);
    } finally {
      await queue.resume(true);
    }
    const final = await waitForTerminal(t.app, queuedId);
    expect(final).toMatchObject({ status: 'failed', error: 'Cancelled' });
    expect(testIds((await browser.get(`${jobsUrl}/${queuedId}`)).body, 'job-status')).toEqual(['failed']);
    // Cancelling again, once finished, changes nothing and is not audited again.
    expect((await browser.post(`${jobsUrl}/${queuedId}/cancel`)).statusCode).toBe(303);

    expect(await auditOf(userId)).toEqual([
      { action: 'job.delete_file', account_id: customer.accountId, target: done.requestId },
      { action: 'job.cancel', account_id: customer.accountId, target: queuedId },
    ]);
    expect((await browser.get(`${jobsUrl}/${stranger.accountId}`)).statusCode).toBe(404);
  });

  it('lists webhook deliveries with their attempts and sends an abandoned one again, signed', async () => {
    // Four failures (the first try and three retries) abandon it; the fifth attempt, the resend, is answered 200.
    const { hook, url } = await receiver([500, 500, 500, 500, 200]);
    const customer = await t.createCustomer();
    const book = await t.finishedBook(customer.apiKey, { output_format: 'md', webhook_url: url });
    await hook.waitFor(4);
    const deliveryId = await until('the delivery to be abandoned', async () => {
      const rows: Array<{ id: string; status: string }> = await db.query(
        `SELECT id, status FROM webhook_deliveries WHERE job_id = $1`,
        [book.requestId],
      );
      return rows[0]?.status === 'abandoned' ? rows[0].id : undefined;
    });
    const { browser, userId } = await signedIn('member', [customer.accountId]);
    const webhooksUrl = `/console/accounts/${customer.accountId}/webhooks`;

    const list = await browser.get(webhooksUrl);
    expect(list.statusCode).toBe(200);
    const deliveryRow = row(list.body, 'data-delivery-id', deliveryId);
    expect(testIds(deliveryRow, 'delivery-status')).toEqual(['abandoned']);
    expect(testIds(deliveryRow, 'delivery-attempts')).toEqual(['4']);
    expect(deliveryRow).toContain(book.requestId);

    const detailUrl = `${webhooksUrl}/${deliveryId}`;
    const detail = await browser.get(detailUrl);
    expect(detail.body.match(/data-testid="attempt-row"/g)).toHaveLength(4);
    expect(testIds(detail.body, 'attempt-status-code')).toEqual(['500', '500', '500', '500']);
    expect(testIds(detail.body, 'attempt-error')[0]).toBe('receiver answered 500');
    expect(testIds(detail.body, 'attempt-response-time')[0]).toMatch(/^\d+ ms$/);
    expect(detail.body).toContain('data-testid="delivery-resend"');

    const resent = await browser.post(`${detailUrl}/resend`);
    expect([resent.statusCode, resent.headers.location]).toEqual([303, detailUrl]);
    const deliveries = await hook.waitFor(5);
    const fifth = deliveries[4]!;
    expect(fifth.rawBody).toBe(deliveries[0]!.rawBody);
    expect(fifth.headers['x-scriptorium-delivery']).toBe(deliveryId);
    expect(
      verifyWebhookSignature({
        header: String(fifth.headers['x-service-signature']),
        rawBody: fifth.rawBody,
        secrets: customer.webhookSecret,
      }).ok,
    ).toBe(true);
    const delivered = await until('the resent delivery to be recorded', async () => {
      const page = await browser.get(detailUrl);
      return testIds(page.body, 'delivery-status')[0] === 'delivered' ? page.body : undefined;
    });
    expect(testIds(delivered, 'attempt-status-code')).toEqual(['500', '500', '500', '500', '200']);
    expect(delivered).not.toContain('data-testid="delivery-resend"');
    // Delivered: sending again is refused quietly (nothing queued, nothing audited).
    expect((await browser.post(`${detailUrl}/resend`)).statusCode).toBe(303);
    expect(await auditOf(userId)).toEqual([
      { action: 'webhook.resend', account_id: customer.accountId, target: deliveryId },
    ]);
  });

  it("answers a member 403 on every page and form of another account, and 404 for another account's objects", async () => {
    const own = await t.createCustomer();
    const other = await t.createCustomer();
    const otherSecret = (await t.app.get(SigningSecretsService, { strict: false }).list(other.accountId))[0]!;
    const { browser } = await signedIn('member', [own.accountId]);
    await browser.get(`/console/accounts/${own.accountId}/keys`);
    const base = `/console/accounts/${other.accountId}`;
    for (const path of ['keys', 'secrets', 'credits', 'jobs', 'webhooks', `keys/${other.keyId}/revoke`]) {
      const answer = await browser.get(`${base}/${path}`);
      expect([path, answer.statusCode]).toEqual([path, 403]);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
    }
    for (const path of [
      'keys',
      `keys/${other.keyId}/revoke`,
      `keys/${other.keyId}/limits`,
      'secrets',
      'credits/grant',
    ]) {
      expect([path, (await browser.post(`${base}/${path}`, { name: 'x', amount: '1' })).statusCode]).toEqual([
        path,
        403,
      ]);
    }
    // Through its own account's paths, another account's key and secret are unknown.
    const ownBase = `/console/accounts/${own.accountId}`;
    expect((await browser.post(`${ownBase}/keys/${other.keyId}/revoke`)).statusCode).toBe(404);
    expect((await browser.post(`${ownBase}/keys/${other.keyId}/limits`, { daily_limit: '5' })).statusCode).toBe(404);
    expect((await browser.post(`${ownBase}/secrets/${otherSecret.secretId}/retire`)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/usage', headers: { 'x-api-key': other.apiKey } })).statusCode,
    ).toBe(200);
    expect((await browser.get('/console/audit')).statusCode).toBe(403);
  });

  it('refuses every new form without its CSRF token', async () => {
    const customer = await t.createCustomer();
    const { browser } = await signedIn('operator');
    const base = `/console/accounts/${customer.accountId}`;
    const secret = (await t.app.get(SigningSecretsService, { strict: false }).list(customer.accountId))[0]!;
    const job = randomUUID();
    for (const path of [
      'keys',
      `keys/${customer.keyId}/limits`,
      `keys/${customer.keyId}/revoke`,
      'secrets',
      `secrets/${secret.secretId}/promote`,
      `secrets/${secret.secretId}/retire`,
      'credits/grant',
      `jobs/${job}/cancel`,
      `jobs/${job}/delete`,
      `webhooks/${job}/resend`,
    ]) {
      const refused = await browser.postRaw(`${base}/${path}`, 'name=forged&amount=5');
      expect([path, refused.statusCode]).toEqual([path, 403]);
      expect(refused.body).toContain('data-testid="error-heading">Form expired<');
    }
    expect(await t.app.get(ApiKeysService, { strict: false }).list(customer.accountId)).toHaveLength(1);
    expect((await t.app.get(ApiKeysService, { strict: false }).list(customer.accountId))[0]!.revokedAt).toBeNull();
  });

  it("shows operators the audit log, newest first, with the actor's email", async () => {
    const account = await accounts.create('Audited account');
    const email = uniqueEmail('auditor');
    const user = await users.create({ email, password: PASSWORD, role: 'operator' });
    const browser = new ConsoleBrowser(t.app);
    expect((await browser.signIn(email, PASSWORD)).statusCode).toBe(303);
    await browser.get(`/console/accounts/${account.id}/keys`);
    await browser.post(`/console/accounts/${account.id}/keys`, { name: 'Audited key' });
    const audit = await browser.get('/console/audit');
    expect(audit.statusCode).toBe(200);
    expect(audit.body).toContain('data-testid="nav-audit"');
    const first = audit.body.slice(audit.body.indexOf('data-testid="audit-row"'));
    expect(testIds(first, 'audit-action')[0]).toBe('key.create');
    expect(testIds(first, 'audit-actor')[0]).toBe(email);
    expect(testIds(first, 'audit-account')[0]).toBe('Audited account');
    expect(audit.body.match(/data-testid="audit-row"/g)!.length).toBeGreaterThanOrEqual(2);
    expect(await auditOf(user.id)).toHaveLength(1);
  });
});
