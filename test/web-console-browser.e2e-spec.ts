import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import type { BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/database/data-source-options';
import { verifyWebhookSignature } from '../src/webhooks/receiver/verify-webhook-signature';
import { expectAccessible, screenshot, useBrowser, VIEWPORTS, type ViewportName } from './support/browser';
import { HttpsReceiver, localhostCertificate, type ReceivedDelivery } from './support/https-receiver';
import {
  type ApiProcess,
  cli,
  entrypoint,
  eventually,
  http,
  receiverCaFile,
  serviceEnv,
  startApi,
  stopWithin,
  submitBook,
  TEST_ENCRYPTION_KEY,
} from './support/service-cluster';

/**
 * Issue 16: the web console driven in a real headless Chromium against the
 * built service running as a process (ROLE=all), as its users meet it.
 * Needs a current dist/ (`bash scripts/ensure-built.sh` builds it and copies
 * the console's templates and assets).
 */
jest.setTimeout(300_000);

const PASSWORD = 'a passphrase typed in a browser';

type Role = 'operator' | 'member';
interface ConsoleUser {
  email: string;
  role: Role;
}

/** `console-user:create` through the built CLI, the password on standard input as operators give it. */
function createConsoleUser(role: Role, accountIds: string[] = []): Promise<ConsoleUser> {
  const email = `${role}-${randomBytes(4).toString('hex')}@example.com`;
  const args = ['console-user:create', '--email', email, '--role', role, '--json'];
  for (const accountId of accountIds) args.push('--account', accountId);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entrypoint('cli'), ...args], {
      env: { ...process.env, SECRETS_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, LOG_LEVEL: 'error' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve({ email, role }) : reject(new Error(`console-user:create ended with ${code}: ${output}`)),
    );
    child.stdin.end(`${PASSWORD}\n`);
  });
}

/** What a receiver built from the original API's SDK does: parse the header into a map, so only the last v1 counts. */
function lastV1Verifies(delivery: ReceivedDelivery, secret: string): boolean {
  const header = String(delivery.headers['x-service-signature']);
  const fields = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const expected = createHmac('sha256', secret)
    .update(`${fields.get('t')}.${delivery.rawBody}`)
    .digest('hex');
  return fields.get('v1') === expected;
}

/** The shipped reference verifier (several secrets allowed, any may match). */
function referenceVerifies(delivery: ReceivedDelivery, secrets: string[]): boolean {
  return verifyWebhookSignature({
    header: delivery.headers['x-service-signature'],
    rawBody: delivery.rawBody,
    secrets,
  }).ok;
}

function v1Count(delivery: ReceivedDelivery): number {
  return String(delivery.headers['x-service-signature'])
    .split(',')
    .filter((part) => part.trim().startsWith('v1=')).length;
}

/** A value shown once, whether the page puts it in a `<code>` or a readonly `<input>`. */
async function shownValue(element: Locator): Promise<string> {
  const tag = await element.evaluate((node) => node.tagName);
  return (
    ['INPUT', 'TEXTAREA'].includes(tag) ? await element.inputValue() : ((await element.textContent()) ?? '')
  ).trim();
}

/**
 * In the page: the job's progress, a `<progress>`'s value (the live script
 * may set the property or the attribute) or else the element's text.
 */
const PROGRESS_IN_PAGE = `(() => {
  const node = document.querySelector('[data-testid="job-progress"]');
  return node instanceof HTMLProgressElement ? String(node.value) : (node?.textContent ?? '').trim();
})()`;

function progressOf(page: Page): Promise<string> {
  return page.evaluate<string>(PROGRESS_IN_PAGE);
}

/**
 * What makes a page wider than the screen: each element that sticks out
 * past `width` from a parent that does not, with its width, or nothing.
 */
async function tooWide(page: Page, width: number): Promise<string[]> {
  const pageWidth = await page.evaluate<number>('document.documentElement.scrollWidth');
  if (pageWidth <= width) return [];
  const culprits = await page.evaluate<string[]>(`(() => {
    const edge = (node) => node.getBoundingClientRect().right;
    const name = (node) => node.tagName.toLowerCase()
      + (node.dataset.testid ? '[data-testid=' + node.dataset.testid + ']' : node.id ? '#' + node.id : '');
    return [...document.body.querySelectorAll('*')]
      .filter((node) => edge(node) > ${width} + 0.5 && node.parentElement && edge(node.parentElement) <= ${width} + 0.5)
      .map((node) => name(node.parentElement) + ' > ' + name(node) + ' ends at ' + Math.round(edge(node)) + 'px');
  })()`);
  return [`the page is ${pageWidth}px wide on a ${width}px screen`, ...culprits.slice(0, 8)];
}

/** In the page: the clipboard's text (needs the clipboard-read permission). */
const CLIPBOARD_IN_PAGE = 'navigator.clipboard.readText()';

describe('Web console in a real browser', () => {
  const browser = useBrowser();
  let service: ApiProcess;
  let origin: string;
  let db: DataSource;
  let trustedCa: { path: string; remove(): void };
  const receivers: HttpsReceiver[] = [];

  let operator: ConsoleUser;
  let member: ConsoleUser;
  /** The member's account, with credits, its first signing secret and a key made with the CLI. */
  let mine: { accountId: string; webhookSecret: string; apiKey: string };
  /** An account the member does not belong to, with a job of its own. */
  let other: { accountId: string; jobId: string };
  /** A finished job of `mine` with one delivered webhook. */
  let seeded: { jobId: string; deliveryId: string };
  /** The secret that signs `mine`'s deliveries last (the rotation below changes it). */
  let signingSecret: string;

  /**
   * A real job's webhook without waiting for its book: cancelled at once, the
   * job ends `failed` and its webhook is sent as for any failure, signed like
   * every delivery. (Books here take seconds: BUILTIN_SECTION_DELAY_MS.)
   */
  async function cancelledJob(webhookUrl: string): Promise<string> {
    const submitted = await submitBook(origin, mine.apiKey, { type: 'short_story', webhook_url: webhookUrl });
    expect(submitted.status).toBe(202);
    const jobId = submitted.json.requestId as string;
    const cancelled = await http(`${origin}/v1/book/${jobId}/cancel`, {
      method: 'POST',
      headers: { 'X-API-Key': mine.apiKey },
    });
    expect(cancelled.status).toBe(200);
    return jobId;
  }

  const receiver = async (statuses?: number[]): Promise<{ hook: HttpsReceiver; url: string }> => {
    const hook = new HttpsReceiver(statuses);
    receivers.push(hook);
    return { hook, url: await hook.start() };
  };

  const accountPath = (accountId: string, section = '') =>
    `/console/accounts/${accountId}${section ? `/${section}` : ''}`;

  beforeAll(async () => {
    db = new DataSource(dataSourceOptions(process.env.DATABASE_URL!));
    await db.initialize();
    trustedCa = receiverCaFile(localhostCertificate().cert);
    service = await startApi(
      serviceEnv(
        {
          databaseUrl: process.env.DATABASE_URL!,
          redisUrl: process.env.REDIS_URL!,
          redisPrefix: `test-console-browser-${randomBytes(4).toString('hex')}`,
        },
        {
          ROLE: 'all',
          // The local HTTPS receivers listen on loopback with a self-signed certificate.
          WEBHOOK_ALLOW_PRIVATE: 'true',
          NODE_EXTRA_CA_CERTS: trustedCa.path,
          WEBHOOK_RETRY_DELAYS_SECONDS: '1,1',
          // The browser talks plain http to 127.0.0.1.
          CONSOLE_COOKIE_SECURE: 'false',
          // Every browser context signs in from 127.0.0.1; the sign-in limits have their own tests.
          CONSOLE_SIGN_IN_ATTEMPTS_PER_IP: '10000',
          CONSOLE_SIGN_IN_ATTEMPTS_PER_EMAIL: '10000',
          // A book of several sections then takes seconds: long enough to watch it progress and to cancel it.
          BUILTIN_SECTION_DELAY_MS: '1500',
        },
      ),
    );
    origin = service.origin;

    const created = await cli<{ accountId: string; webhookSecret: string }>(process.env.DATABASE_URL!, [
      'account:create',
      '--name',
      'Lighthouse Press',
      '--credits',
      '100000',
    ]);
    const key = await cli<{ apiKey: string }>(process.env.DATABASE_URL!, [
      'key:create',
      '--account',
      created.accountId,
      '--name',
      'Publishing pipeline',
      '--min-interval-seconds',
      '0',
      '--daily-limit',
      '100000',
    ]);
    mine = { ...created, apiKey: key.apiKey };
    signingSecret = created.webhookSecret;
    const otherAccount = await cli<{ accountId: string }>(process.env.DATABASE_URL!, [
      'account:create',
      '--name',
      'Someone else',
      '--credits',
      '10000',
    ]);
    const otherKey = await cli<{ apiKey: string }>(process.env.DATABASE_URL!, [
      'key:create',
      '--account',
      otherAccount.accountId,
      '--name',
      'Theirs',
    ]);
    operator = await createConsoleUser('operator');
    member = await createConsoleUser('member', [mine.accountId]);

    const { hook, url } = await receiver();
    const seededJob = await submitBook(origin, mine.apiKey, { type: 'short_story', webhook_url: url });
    expect(seededJob.status).toBe(202);
    const otherJob = await submitBook(origin, otherKey.apiKey, { type: 'short_story' });
    expect(otherJob.status).toBe(202);
    other = { accountId: otherAccount.accountId, jobId: otherJob.json.requestId };
    await hook.waitFor(1, 120_000);
    const deliveryId = await eventually('the seeded delivery to be recorded as delivered', async () => {
      const rows: Array<{ id: string }> = await db.query(
        `SELECT id FROM webhook_deliveries WHERE job_id = $1 AND status = 'delivered'`,
        [seededJob.json.requestId],
      );
      return rows[0]?.id;
    });
    seeded = { jobId: seededJob.json.requestId, deliveryId };
  }, 300_000);

  afterAll(async () => {
    await Promise.all(receivers.map((hook) => hook.stop()));
    if (service) await stopWithin(service);
    trustedCa?.remove();
    await db?.destroy();
  });

  /** Fills and sends the sign-in form as a person would; waits for the console page it lands on. */
  async function signIn(page: Page, user: ConsoleUser): Promise<void> {
    await page.goto(`${origin}/console/sign-in`);
    await page.getByTestId('sign-in-email').fill(user.email);
    await page.getByTestId('sign-in-password').fill(PASSWORD);
    await Promise.all([
      page.waitForURL((url) => url.pathname !== '/console/sign-in'),
      page.getByTestId('sign-in-submit').click(),
    ]);
    expect((await page.getByTestId('signed-in-email').textContent())?.trim()).toBe(user.email);
  }

  const sessions = new Map<string, Awaited<ReturnType<BrowserContext['storageState']>>>();
  /** A fresh context already signed in as `user` (signed in through the form once per user, then its cookies reused). */
  async function signedInPage(user: ConsoleUser, options: BrowserContextOptions = {}): Promise<Page> {
    let state = sessions.get(user.email);
    if (!state) {
      const first = await browser.page();
      await signIn(first, user);
      state = await first.context().storageState();
      sessions.set(user.email, state);
    }
    return browser.page({ ...options, storageState: state });
  }

  describe('sign-in', () => {
    it('refuses a wrong password, signs in, shows who is signed in, and signs out for good', async () => {
      const page = await browser.page();
      await page.goto(`${origin}/console/accounts`);
      expect(page.url()).toBe(`${origin}/console/sign-in`);
      await page.getByTestId('sign-in-email').fill(member.email);
      await page.getByTestId('sign-in-password').fill('not the password at all');
      await page.getByTestId('sign-in-submit').click();
      await page.getByTestId('sign-in-error').waitFor();
      await expectAccessible(page, 'sign-in with an error');
      await screenshot(page, 'sign-in-error');

      await signIn(page, member);
      await Promise.all([page.waitForURL(`${origin}/console/sign-in`), page.getByTestId('nav-sign-out').click()]);
      await page.goto(`${origin}/console/accounts`);
      expect(page.url()).toBe(`${origin}/console/sign-in`);
    });
  });

  /** Every page, as the user who would open it; `ready` is an element that shows it rendered. */
  const pages: Array<{
    name: string;
    as: Role | null;
    path: () => string;
    ready: string;
    status?: number;
  }> = [
    { name: 'sign-in', as: null, path: () => '/console/sign-in', ready: 'sign-in-form' },
    { name: 'accounts', as: 'operator', path: () => '/console/accounts', ready: 'accounts-table' },
    { name: 'overview', as: 'member', path: () => accountPath(mine.accountId), ready: 'overview-balance' },
    { name: 'password', as: 'member', path: () => '/console/password', ready: 'password-form' },
    { name: 'keys', as: 'member', path: () => accountPath(mine.accountId, 'keys'), ready: 'keys-table' },
    { name: 'secrets', as: 'member', path: () => accountPath(mine.accountId, 'secrets'), ready: 'secrets-table' },
    { name: 'credits', as: 'operator', path: () => accountPath(mine.accountId, 'credits'), ready: 'ledger-table' },
    { name: 'jobs', as: 'member', path: () => accountPath(mine.accountId, 'jobs'), ready: 'jobs-table' },
    {
      name: 'job',
      as: 'member',
      path: () => accountPath(mine.accountId, `jobs/${seeded.jobId}`),
      ready: 'job-status',
    },
    {
      name: 'webhooks',
      as: 'member',
      path: () => accountPath(mine.accountId, 'webhooks'),
      ready: 'deliveries-table',
    },
    {
      name: 'webhook-delivery',
      as: 'member',
      path: () => accountPath(mine.accountId, `webhooks/${seeded.deliveryId}`),
      ready: 'attempts-table',
    },
    { name: 'audit', as: 'operator', path: () => '/console/audit', ready: 'audit-table' },
    {
      name: 'forbidden',
      as: 'member',
      path: () => accountPath(other.accountId, 'keys'),
      ready: 'error-status',
      status: 403,
    },
    { name: 'not-found', as: 'member', path: () => '/console/no-such-page', ready: 'error-status', status: 404 },
  ];

  describe.each(pages)('the $name page', ({ name, as, path, ready, status = 200 }) => {
    it.each(Object.keys(VIEWPORTS) as ViewportName[])(
      'renders and passes axe (no serious or critical violation) on a %s, without scrolling sideways',
      async (viewport) => {
        const user = as === 'operator' ? operator : as === 'member' ? member : undefined;
        const page = user ? await signedInPage(user, VIEWPORTS[viewport]) : await browser.page(VIEWPORTS[viewport]);
        const response = await page.goto(`${origin}${path()}`);
        expect(response?.status()).toBe(status);
        await page.getByTestId(ready).first().waitFor();
        await screenshot(page, `${name}-${viewport}`);
        await expectAccessible(page, `${name} page (${viewport})`);
        // Tables may scroll inside their figure; the page itself must not be wider than the screen. (On a
        // phone the browser widens its layout viewport to the content, so the screen's width is the measure.)
        const screenWidth = VIEWPORTS[viewport].viewport.width;
        expect(await tooWide(page, screenWidth)).toEqual([]);
        // A signed-in page (not an error page) has the account switcher, its button as wide as its word, not
        // the header (Pico widens submit buttons).
        const switcher = user !== undefined && status === 200;
        const open = page.getByTestId('account-switcher-open');
        expect(await open.count()).toBe(switcher ? 1 : 0);
        if (switcher) expect((await open.boundingBox())?.width).toBeLessThan(160);
      },
    );
  });

  describe('API keys and jobs', () => {
    let apiKey: string;
    let keyId: string;
    let jobId: string;

    it('creates a key that is shown once, copies it, and the API accepts it', async () => {
      const page = await signedInPage(member);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
      await page.goto(`${origin}${accountPath(mine.accountId, 'keys')}`);
      const name = `Browser key ${randomBytes(2).toString('hex')}`;
      await page.getByTestId('key-create-name').fill(name);
      await page.getByTestId('key-create-daily-limit').fill('500');
      await page.getByTestId('key-create-min-interval').fill('0');
      await page.getByTestId('key-create-submit').click();
      const shown = page.getByTestId('new-key-value');
      await shown.waitFor();
      apiKey = await shownValue(shown);
      expect(apiKey).toMatch(/^\S{24,}$/);

      await page.getByTestId('new-key-copy').click();
      expect(await page.evaluate(CLIPBOARD_IN_PAGE)).toBe(apiKey);

      const row = page.getByTestId('key-row').filter({ has: page.getByTestId('key-name').getByText(name) });
      keyId = (await row.getAttribute('data-key-id'))!;
      expect(keyId).toBeTruthy();
      const preview = (await row.getByTestId('key-preview').textContent())!.trim();
      const [head, tail] = [preview.split(/…|\.\.\./)[0]!, preview.split(/…|\.\.\./).at(-1)!];
      expect(preview.length).toBeLessThan(apiKey.length);
      expect(apiKey.startsWith(head) && apiKey.endsWith(tail)).toBe(true);
      expect(await row.getByTestId('key-status').textContent()).toMatch(/active/i);

      // The README's picture: the new key replaced by its preview, so no real key is ever committed.
      await shown.evaluate((node, text) => {
        if ('value' in node) {
          node.value = text;
          node.setAttribute('value', text);
        } else node.textContent = text;
      }, preview);
      expect(await page.content()).not.toContain(apiKey);
      await screenshot(page, 'readme-keys');

      // Never shown again.
      await page.goto(`${origin}${accountPath(mine.accountId, 'keys')}`);
      expect(await page.content()).not.toContain(apiKey);
      expect(await page.getByTestId('new-key-value').count()).toBe(0);

      const submitted = await submitBook(origin, apiKey, { type: 'novel', model: '3.0' });
      expect(submitted.status).toBe(202);
      jobId = submitted.json.requestId;
    });

    it("lists the key's job and follows its progress live, then cancels it", async () => {
      expect(jobId).toBeDefined();
      const page = await signedInPage(member);
      await page.goto(`${origin}${accountPath(mine.accountId, 'jobs')}`);
      const row = page.locator(`[data-testid="job-row"][data-job-id="${jobId}"]`);
      await row.waitFor();
      await Promise.all([
        page.waitForURL(`${origin}${accountPath(mine.accountId, `jobs/${jobId}`)}`),
        row.getByTestId('job-link').click(),
      ]);
      await page.getByTestId('job-live').getByText('live', { exact: true }).waitFor();
      // A mark that a reload would erase: the progress below must change in this same document.
      await page.evaluate('window.sameDocument = true');
      const before = await progressOf(page);
      await eventually(
        'the progress bar to move without a reload',
        async () => ((await progressOf(page)) !== before ? true : undefined),
        60_000,
        100,
      );
      expect(await page.evaluate('window.sameDocument')).toBe(true);
      expect(Number(await progressOf(page))).toBeGreaterThan(Number(before));
      expect(await page.getByTestId('job-messages').locator('li').count()).toBeGreaterThan(0);
      await screenshot(page, 'readme-job-live');

      // Cancelling asks first: the red button is inside the disclosure.
      expect(await page.getByTestId('job-cancel').isVisible()).toBe(false);
      await page.getByTestId('job-cancel-open').click();
      await Promise.all([page.waitForLoadState('load'), page.getByTestId('job-cancel').click()]);
      await page
        .getByTestId('job-status')
        .getByText(/failed|cancel/i)
        .waitFor({ timeout: 30_000 });
      const status = await http(`${origin}/v1/status/${jobId}`, { headers: { 'X-API-Key': apiKey } });
      expect(status.json).toMatchObject({ status: 'failed', error: 'Cancelled' });
      await page.goto(`${origin}${accountPath(mine.accountId, `jobs/${jobId}`)}`);
      expect(await page.getByTestId('job-cancel').count()).toBe(0);
    });

    it('revokes the key after a confirmation, and the API then answers 403', async () => {
      expect(keyId).toBeDefined();
      const page = await signedInPage(member);
      await page.goto(`${origin}${accountPath(mine.accountId, 'keys')}`);
      const row = page.locator(`[data-testid="key-row"][data-key-id="${keyId}"]`);
      await Promise.all([page.waitForURL(/\/revoke$/), row.getByTestId('key-revoke').click()]);
      await screenshot(page, 'key-revoke-confirm');
      await expectAccessible(page, 'key revoke confirmation');
      await Promise.all([
        page.waitForURL(`${origin}${accountPath(mine.accountId, 'keys')}`),
        page.getByTestId('key-revoke-confirm').click(),
      ]);
      expect(
        await page.locator(`[data-testid="key-row"][data-key-id="${keyId}"]`).getByTestId('key-status').textContent(),
      ).toMatch(/revoked/i);
      expect((await submitBook(origin, apiKey, { type: 'short_story' })).status).toBe(403);
    });
  });

  describe('signing secrets', () => {
    /** Submits a short book with a webhook to a new receiver; the delivery it gets. */
    async function delivery(): Promise<ReceivedDelivery> {
      const { hook, url } = await receiver();
      await cancelledJob(url);
      const [received] = await hook.waitFor(1, 120_000);
      return received!;
    }

    const secretRow = (page: Page, secretId: string) =>
      page.locator(`[data-testid="secret-row"][data-secret-id="${secretId}"]`);

    it('rotates in stages (stage, promote, retire), each verified on a real delivery', async () => {
      const page = await signedInPage(member);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
      const secretsUrl = `${origin}${accountPath(mine.accountId, 'secrets')}`;
      await page.goto(secretsUrl);
      await page.getByTestId('rotation-guide').waitFor();
      expect(await page.getByTestId('rotation-guide').textContent()).toMatch(/stage[\s\S]*promote[\s\S]*retire/i);
      const oldId = (await page.getByTestId('secret-row').first().getAttribute('data-secret-id'))!;
      expect(await page.getByTestId('secret-row').count()).toBe(1);

      // 1. Staged: handed to receivers, not signing yet.
      await page.getByTestId('secret-create-staged').check();
      await page.getByTestId('secret-create-submit').click();
      const shown = page.getByTestId('new-secret-value');
      await shown.waitFor();
      const staged = await shownValue(shown);
      expect(staged).toMatch(/^whsec_\S+$/);
      await page.getByTestId('new-secret-copy').click();
      expect(await page.evaluate(CLIPBOARD_IN_PAGE)).toBe(staged);
      await page.goto(secretsUrl);
      expect(await page.content()).not.toContain(staged);
      const stagedRow = page
        .getByTestId('secret-row')
        .filter({ has: page.getByTestId('secret-state').getByText('staged') });
      const stagedId = (await stagedRow.getAttribute('data-secret-id'))!;
      expect(stagedId).not.toBe(oldId);

      let received = await delivery();
      expect(v1Count(received)).toBe(1);
      expect(referenceVerifies(received, [mine.webhookSecret])).toBe(true);
      expect(referenceVerifies(received, [staged])).toBe(false);
      expect(lastV1Verifies(received, mine.webhookSecret)).toBe(true);

      // 2. Promoted: both sign, the new one last; a single-secret receiver switches now.
      await secretRow(page, stagedId).getByTestId('secret-promote').click();
      await secretRow(page, stagedId).getByTestId('secret-state').getByText('signing').waitFor();
      received = await delivery();
      expect(v1Count(received)).toBe(2);
      expect(referenceVerifies(received, [staged])).toBe(true);
      expect(referenceVerifies(received, [mine.webhookSecret])).toBe(true);
      expect(lastV1Verifies(received, staged)).toBe(true);
      signingSecret = staged;

      // 3. The old one retired, after a confirmation: only the new one signs.
      await page.goto(secretsUrl);
      await Promise.all([page.waitForURL(/\/retire$/), secretRow(page, oldId).getByTestId('secret-retire').click()]);
      await expectAccessible(page, 'secret retire confirmation');
      await Promise.all([page.waitForURL(secretsUrl), page.getByTestId('secret-retire-confirm').click()]);
      await secretRow(page, oldId).getByTestId('secret-state').getByText('retired').waitFor();
      received = await delivery();
      expect(v1Count(received)).toBe(1);
      expect(referenceVerifies(received, [staged])).toBe(true);
      expect(referenceVerifies(received, [mine.webhookSecret])).toBe(false);
      expect(lastV1Verifies(received, staged)).toBe(true);
      await screenshot(page, 'secrets-after-rotation');
    });
  });

  describe('credits, usage, deliveries and the audit log', () => {
    it('shows the balance, the ledger and the usage table, and an operator grants credits', async () => {
      const page = await signedInPage(operator);
      await page.goto(`${origin}${accountPath(mine.accountId, 'credits')}`);
      const figure = async (testId: string) =>
        Number((await page.getByTestId(testId).textContent())!.replace(/\D/g, ''));
      const balance = await figure('credits-balance');
      expect(balance).toBeGreaterThan(0);
      expect(balance - (await figure('credits-reserved'))).toBe(await figure('credits-available'));
      expect(await page.getByTestId('ledger-row').count()).toBeGreaterThan(0);
      await page.getByTestId('usage-table').waitFor({ state: 'attached' });
      await page.getByTestId('usage-chart').waitFor({ state: 'attached' });

      await page.getByTestId('credits-grant-amount').fill('1234');
      await Promise.all([page.waitForLoadState('load'), page.getByTestId('credits-grant-submit').click()]);
      await page.waitForURL(`${origin}${accountPath(mine.accountId, 'credits')}`);
      expect(await figure('credits-balance')).toBe(balance + 1234);
    });

    it('draws the usage chart over the 30 days its heading names, with one day of data and with thirty', async () => {
      const page = await signedInPage(member);
      await page.goto(`${origin}${accountPath(mine.accountId, 'credits')}`);
      const chart = page.getByTestId('usage-chart');
      const drawn = async () => {
        await page.locator('[data-testid="usage-chart"][data-drawn-to]').waitFor({ state: 'attached' });
        return [await chart.getAttribute('data-drawn-from'), await chart.getAttribute('data-drawn-to')];
      };
      const today = new Date().toISOString().slice(0, 10);
      const first = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
      expect(await page.getByRole('heading', { name: 'Books and credits per day, last 30 days' }).count()).toBe(1);
      // The account's books so far were all requested today: one day of data.
      expect([await chart.getAttribute('data-from'), await chart.getAttribute('data-to')]).toEqual([first, today]);
      expect(await drawn()).toEqual([first, today]);

      // Thirty days of data (the table as the page would render it), drawn again: the same axis.
      const days = Array.from({ length: 30 }, (_, index) =>
        new Date(Date.parse(`${first}T00:00:00Z`) + index * 86_400_000).toISOString().slice(0, 10),
      );
      // In the page (the suite's scripts run as strings there: no DOM types in this file).
      await page.evaluate(`(() => {
        const days = ${JSON.stringify(days)};
        document.querySelector('#usage-table tbody').innerHTML = days
          .map((day, index) => '<tr data-day="' + day + '" data-key="Demo key" data-books="' + (index + 1) +
            '" data-credits="' + 10 * index + '"></tr>')
          .join('');
        const container = document.getElementById('usage-chart');
        container.replaceChildren();
        container.removeAttribute('data-drawn-to');
        const script = document.createElement('script');
        script.src = document.querySelector('script[src*="usage-chart"]').src + '?again';
        document.body.appendChild(script);
      })()`);
      expect(await drawn()).toEqual([first, today]);
      await screenshot(page, 'usage-chart-thirty-days');
    });

    it('lists deliveries with their attempts, and sends a failed one again', async () => {
      const { hook, url } = await receiver([500, 500, 500, 200]);
      const failedJob = await cancelledJob(url);
      const page = await signedInPage(member);
      const listUrl = `${origin}${accountPath(mine.accountId, 'webhooks')}`;
      const row = page
        .getByTestId('delivery-row')
        .filter({ has: page.getByTestId('delivery-job').getByText(failedJob) });
      // Three attempts (the first and two retries 1 s apart), then abandoned.
      await hook.waitFor(3, 120_000);
      const deliveryId = await eventually(
        'the delivery to be abandoned and listed',
        async () => {
          await page.goto(listUrl);
          const text = (await row.count()) === 1 ? await row.getByTestId('delivery-status').textContent() : '';
          return /abandon|fail/i.test(text ?? '') ? (await row.getAttribute('data-delivery-id'))! : undefined;
        },
        60_000,
      );
      expect(await row.getByTestId('delivery-attempts').textContent()).toContain('3');

      await page.goto(`${listUrl}/${deliveryId}`);
      expect(await page.getByTestId('attempt-row').count()).toBe(3);
      expect(await page.getByTestId('attempts-table').textContent()).toContain('500');
      await page.getByTestId('delivery-resend').click();
      const [first, , , resent] = await hook.waitFor(4, 60_000);
      // Signed like any delivery: a new timestamp, the same body, the secret that signs now.
      expect(resent!.rawBody).toBe(first!.rawBody);
      expect(lastV1Verifies(resent!, signingSecret)).toBe(true);
      expect(referenceVerifies(resent!, [signingSecret])).toBe(true);
      await eventually('the fourth attempt to be listed', async () => {
        await page.goto(`${listUrl}/${deliveryId}`);
        return (await page.getByTestId('attempt-row').count()) === 4 || undefined;
      });
      await screenshot(page, 'webhook-delivery-resent');
    });

    it("shows operators the audit log with the members' actions", async () => {
      const page = await signedInPage(operator);
      await page.goto(`${origin}/console/audit`);
      const keyCreations = page
        .locator('[data-testid="audit-row"][data-audit-action="key.create"]')
        .filter({ has: page.getByTestId('audit-actor').getByText(member.email, { exact: true }) });
      await keyCreations.first().waitFor();
      expect(await keyCreations.first().getByTestId('audit-account').textContent()).toContain('Lighthouse Press');
      await screenshot(page, 'audit-after-actions');
    });
  });

  describe('access', () => {
    it('answers a member 403 on every page of another account, and on the audit log', async () => {
      const page = await signedInPage(member);
      await page.goto(`${origin}/console/accounts`);
      const rows = page.getByTestId('account-row');
      expect(await rows.count()).toBe(1);
      expect(await rows.first().getAttribute('data-account-id')).toBe(mine.accountId);

      const forbidden = [
        accountPath(other.accountId),
        ...['keys', 'secrets', 'credits', 'jobs', `jobs/${other.jobId}`, 'webhooks'].map((section) =>
          accountPath(other.accountId, section),
        ),
        '/console/audit',
      ];
      for (const path of forbidden) {
        const response = await page.goto(`${origin}${path}`);
        expect([path, response?.status()]).toEqual([path, 403]);
        expect([path, (await page.getByTestId('error-status').textContent())?.trim()]).toEqual([path, '403']);
        expect(await page.content()).not.toContain('Someone else');
      }
    });

    it('refuses a form posted from the page without its CSRF token or with a wrong one', async () => {
      const page = await signedInPage(member);
      await page.goto(`${origin}${accountPath(mine.accountId, 'keys')}`);
      const token = await page.locator('input[name="_csrf"]').first().inputValue();
      const post = (path: string, fields: Record<string, string>) =>
        page.evaluate(
          async ({ path, fields }) =>
            (
              await fetch(path, {
                method: 'POST',
                body: new URLSearchParams(fields),
                redirect: 'manual',
              })
            ).status,
          { path, fields },
        );
      const keys = accountPath(mine.accountId, 'keys');
      expect(await post(keys, { name: 'Forged without token' })).toBe(403);
      expect(await post(keys, { name: 'Forged with a wrong token', _csrf: 'x'.repeat(token.length) })).toBe(403);
      expect(
        await post('/console/password', {
          current_password: PASSWORD,
          new_password: 'x'.repeat(20),
          confirm_password: 'x'.repeat(20),
        }),
      ).toBe(403);
      // The right token from another account's form does not open that account either.
      expect(await post(accountPath(other.accountId, 'keys'), { name: 'Across accounts', _csrf: token })).toBe(403);
      // The same request with the page's own token goes through: the refusals above are the token's doing.
      expect(await post(keys, { name: 'With the page token', _csrf: token })).toBe(200);

      await page.goto(`${origin}${keys}`);
      const names = await page.getByTestId('key-name').allTextContents();
      expect(names.join('\n')).toContain('With the page token');
      expect(names.join('\n')).not.toMatch(/Forged|Across/);
    });

    it('works with JavaScript disabled: sign in, create a key and use it, read the usage table', async () => {
      const page = await browser.page({ javaScriptEnabled: false });
      await signIn(page, member);
      await page.goto(`${origin}${accountPath(mine.accountId, 'keys')}`);
      await page.getByTestId('key-create-name').fill('Made without JavaScript');
      await Promise.all([page.waitForLoadState('load'), page.getByTestId('key-create-submit').click()]);
      const apiKey = await shownValue(page.getByTestId('new-key-value'));
      const submitted = await submitBook(origin, apiKey, { type: 'short_story' });
      expect(submitted.status).toBe(202);

      await page.goto(`${origin}${accountPath(mine.accountId, `jobs/${submitted.json.requestId}`)}`);
      expect(await page.getByTestId('job-status').textContent()).toMatch(/queued|processing|completed/);
      await page.goto(`${origin}${accountPath(mine.accountId, 'credits')}`);
      expect(await page.getByTestId('usage-table').locator('tbody tr').count()).toBeGreaterThan(0);
      await screenshot(page, 'credits-without-javascript');
    });
  });
});
