import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AccountsService } from '../src/accounts/accounts.service';
import { ConsoleUsersService } from '../src/web-console/console-users.service';
import { ConsoleBrowser } from './support/console-browser';
import { startTestApp, TestApp } from './support/test-app';

const PASSWORD = 'correct horse battery staple';

/** Issue 16: the web console's foundation (sign-in, sessions, CSRF, roles, accounts), through HTTP on the real service. */
describe('Web console', () => {
  let t: TestApp;
  let users: ConsoleUsersService;
  let db: DataSource;

  beforeAll(async () => {
    t = await startTestApp({ CONSOLE_SIGN_IN_ATTEMPTS_PER_EMAIL: '3', CONSOLE_SIGN_IN_ATTEMPTS_PER_IP: '6' });
    users = t.app.get(ConsoleUsersService, { strict: false });
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.com`;

  async function operator(): Promise<{ email: string; browser: ConsoleBrowser; id: string }> {
    const email = uniqueEmail('operator');
    const user = await users.create({ email, password: PASSWORD, role: 'operator' });
    const browser = new ConsoleBrowser(t.app);
    expect((await browser.signIn(email, PASSWORD)).statusCode).toBe(303);
    return { email, browser, id: user.id };
  }

  async function auditRows(
    actor: string,
  ): Promise<Array<{ action: string; account_id: string | null; target: string | null }>> {
    return db.query(`SELECT action, account_id, target FROM audit_log WHERE actor = $1 ORDER BY id`, [actor]);
  }

  it('signs in with a session cookie that is HttpOnly, SameSite=Lax, Secure and scoped to /console', async () => {
    const email = uniqueEmail('signin');
    const user = await users.create({ email, password: PASSWORD, role: 'operator' });
    const browser = new ConsoleBrowser(t.app);
    const page = await browser.get('/console/sign-in');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('data-testid="sign-in-form"');

    const signedIn = await browser.post('/console/sign-in', { email: email.toUpperCase(), password: PASSWORD });
    expect(signedIn.statusCode).toBe(303);
    expect(signedIn.headers.location).toBe('/console');
    const session = (signedIn.cookies as Array<Record<string, unknown>>).find((c) => c.name === 'scriptorium_console');
    expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/console' });
    expect(String(session!.value)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the token's SHA-256 is stored.
    const stored: Array<{ id: string }> = await db.query(`SELECT id FROM console_sessions WHERE user_id = $1`, [
      user.id,
    ]);
    expect(stored.map((row) => row.id)).not.toContain(session!.value);
    expect(stored).toHaveLength(1);

    const home = await browser.get('/console');
    expect([home.statusCode, home.headers.location]).toEqual([303, '/console/accounts']);
    const accounts = await browser.get('/console/accounts');
    expect(accounts.statusCode).toBe(200);
    expect(accounts.headers['content-security-policy']).toContain("default-src 'self'");
    expect(accounts.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(accounts.headers['x-frame-options']).toBe('DENY');
    expect(accounts.headers['referrer-policy']).toBe('same-origin');
    expect(accounts.headers['cache-control']).toBe('no-store');
    expect(accounts.body).toContain(`data-testid="signed-in-email">${email}<`);
    expect(accounts.body).not.toMatch(/<script>|<style>|\sstyle=/);
    expect((await auditRows(user.id)).map((row) => row.action)).toEqual(['console.sign_in']);
  });

  it('refuses a wrong password and an unknown email with the same page, and audits both', async () => {
    const email = uniqueEmail('refused');
    const user = await users.create({ email, password: PASSWORD, role: 'member' });
    const wrong = await new ConsoleBrowser(t.app).signIn(email, 'not the password at all');
    const unknownEmail = uniqueEmail('nobody');
    const unknown = await new ConsoleBrowser(t.app).signIn(unknownEmail, PASSWORD);
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.body).toContain('The email or password is not right.');
      expect(response.cookies.map((c) => c.name)).not.toContain('scriptorium_console');
    }
    const comparable = (body: string, typed: string) =>
      body.replace(typed, 'E').replace(/name="_csrf" value="[^"]+"/, 'name="_csrf"');
    expect(comparable(wrong.body, email)).toBe(comparable(unknown.body, unknownEmail));
    expect(await auditRows(user.id)).toEqual([{ action: 'console.sign_in_failed', account_id: null, target: email }]);
    const anonymous: unknown[] = await db.query(
      `SELECT 1 FROM audit_log WHERE actor = 'anonymous' AND action = 'console.sign_in_failed' AND target = $1`,
      [unknownEmail],
    );
    expect(anonymous).toHaveLength(1);
  });

  it('limits sign-in attempts per email (even with the right password) and per address, with 429 and Retry-After', async () => {
    const email = uniqueEmail('limited');
    await users.create({ email, password: PASSWORD, role: 'operator' });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      // Each from its own address: only the email's count grows.
      expect((await new ConsoleBrowser(t.app).signIn(email, 'wrong password, again')).statusCode).toBe(401);
    }
    const limited = await new ConsoleBrowser(t.app).signIn(email, PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body).toContain('Too many sign-in attempts');
    expect(limited.cookies.map((c) => c.name)).not.toContain('scriptorium_console');

    const sameAddress = new ConsoleBrowser(t.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      statuses.push((await sameAddress.signIn(uniqueEmail('spray'), PASSWORD)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
  });

  it('sends a browser without a session to the sign-in page, and signs out for good', async () => {
    const anonymous = new ConsoleBrowser(t.app);
    for (const url of ['/console', '/console/accounts', '/console/password']) {
      const response = await anonymous.get(url);
      expect([url, response.statusCode, response.headers.location]).toEqual([url, 303, '/console/sign-in']);
    }
    const { browser, id } = await operator();
    const token = browser.cookies.get('scriptorium_console')!;
    await browser.get('/console/accounts');
    const signedOut = await browser.post('/console/sign-out');
    expect([signedOut.statusCode, signedOut.headers.location]).toEqual([303, '/console/sign-in']);
    expect(browser.cookies.has('scriptorium_console')).toBe(false);
    // The old cookie, replayed, is no longer a session.
    const replay = await t.app.inject({
      method: 'GET',
      url: '/console/accounts',
      headers: { cookie: `scriptorium_console=${token}` },
    });
    expect([replay.statusCode, replay.headers.location]).toEqual([303, '/console/sign-in']);
    expect((await auditRows(id)).map((row) => row.action)).toEqual(['console.sign_in', 'console.sign_out']);
  });

  it('refuses a form without its CSRF token, or with a wrong one, with a 403 HTML page; htmx may send it as a header', async () => {
    const { browser } = await operator();
    await browser.get('/console/accounts');
    // Other suites create accounts in the same database at the same time: the check is by this test's own name.
    const forgedName = `Forged-${randomBytes(4).toString('hex')}`;
    for (const body of [
      `name=${forgedName}`,
      `name=${forgedName}&_csrf=${'A'.repeat(43)}`,
      `_csrf=&name=${forgedName}`,
    ]) {
      const refused = await browser.postRaw('/console/accounts', body);
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['content-type']).toMatch(/^text\/html/);
      expect(refused.body).toContain('data-testid="error-heading">Form expired<');
    }
    const accounts = await t.app.get(AccountsService, { strict: false }).list();
    expect(accounts.filter((account) => account.name === forgedName)).toEqual([]);
    const viaHeader = await browser.postRaw('/console/accounts', 'name=Through%20htmx', {
      'x-csrf-token': browser.csrf,
      'hx-request': 'true',
    });
    expect(viaHeader.statusCode).toBe(303);

    // Before a session, the sign-in form must carry the value of the cookie its page set.
    const stranger = new ConsoleBrowser(t.app);
    const forged = await stranger.postRaw('/console/sign-in', `email=a%40b.c&password=x&_csrf=${'B'.repeat(43)}`);
    expect(forged.statusCode).toBe(403);
    expect(forged.headers['content-type']).toMatch(/^text\/html/);
  });

  it('lets a member open only its own accounts: 403 on another account, operator-only actions refused', async () => {
    const accounts = t.app.get(AccountsService, { strict: false });
    const own = await accounts.create('Member account');
    const other = await accounts.create('Someone else');
    const email = uniqueEmail('member');
    await users.create({ email, password: PASSWORD, role: 'member', accountIds: [own.id] });
    const browser = new ConsoleBrowser(t.app);
    await browser.signIn(email, PASSWORD);

    const home = await browser.get('/console');
    expect([home.statusCode, home.headers.location]).toEqual([303, `/console/accounts/${own.id}`]);
    expect((await browser.get(`/console/accounts/${own.id}`)).statusCode).toBe(200);
    const forbidden = await browser.get(`/console/accounts/${other.id}`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.headers['content-type']).toMatch(/^text\/html/);
    expect(forbidden.body).not.toContain('Someone else');

    const list = await browser.get('/console/accounts');
    expect(list.body).toContain(`data-account-id="${own.id}"`);
    expect(list.body).not.toContain(`data-account-id="${other.id}"`);
    expect(list.body).not.toContain('account-create-form');
    expect((await browser.post('/console/accounts', { name: 'Not allowed' })).statusCode).toBe(403);
    expect((await browser.post(`/console/accounts/${own.id}/suspend`)).statusCode).toBe(403);
    expect((await accounts.get(own.id)).suspendedAt).toBeNull();
  });

  it("lets an operator create and suspend an account: the account's API keys get 403 until it is lifted", async () => {
    const { browser, id } = await operator();
    await browser.get('/console/accounts');
    const created = await browser.post('/console/accounts', { name: 'Acme <Books>' });
    expect(created.statusCode).toBe(303);
    const accountId = /\/console\/accounts\/([0-9a-f-]{36})$/.exec(String(created.headers.location))![1]!;
    const customerKey = await t.createKey(accountId);
    const overview = await browser.get(`/console/accounts/${accountId}`);
    expect(overview.statusCode).toBe(200);
    expect(overview.body).toContain('Acme &lt;Books&gt;');
    expect(overview.body).toContain('data-testid="overview-keys">1<');
    expect(overview.body).toContain('data-testid="overview-available">0<');
    for (const section of ['keys', 'secrets', 'credits', 'jobs', 'webhooks']) {
      expect(overview.body).toContain(`href="/console/accounts/${accountId}/${section}"`);
    }

    await browser.get('/console/accounts');
    const suspended = await browser.post(`/console/accounts/${accountId}/suspend`);
    expect([suspended.statusCode, suspended.headers.location]).toEqual([303, '/console/accounts']);
    const refused = await t.submitBook(customerKey, { prompt: 'A suspended story' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, errorCode: 'FORBIDDEN', error: 'Account suspended' });
    const usage = await t.app.inject({ method: 'GET', url: '/v1/usage', headers: { 'x-api-key': customerKey } });
    expect(usage.statusCode).toBe(403);
    expect((await browser.get('/console/accounts')).body).toContain('data-testid="account-unsuspend"');

    await browser.post(`/console/accounts/${accountId}/unsuspend`);
    const usageAgain = await t.app.inject({ method: 'GET', url: '/v1/usage', headers: { 'x-api-key': customerKey } });
    expect(usageAgain.statusCode).toBe(200);
    expect(await auditRows(id)).toEqual([
      { action: 'console.sign_in', account_id: null, target: expect.any(String) },
      { action: 'account.create', account_id: accountId, target: null },
      { action: 'account.suspend', account_id: accountId, target: null },
      { action: 'account.unsuspend', account_id: accountId, target: null },
    ]);
  });

  it('refuses a key read from memory once its account is suspended (the admitting transaction checks again)', async () => {
    const customer = await t.createCustomer({ credits: 100_000, key: { minIntervalSeconds: 0 } });
    // POST /v1/book may read its key from memory: warm it, then suspend behind its back.
    expect((await t.submitBook(customer.apiKey, { prompt: 'First' })).statusCode).toBe(202);
    await t.app.get(AccountsService, { strict: false }).suspend(customer.accountId);
    const refused = await t.submitBook(customer.apiKey, { prompt: 'Second' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 'FORBIDDEN' });
  });

  it("changes the password and ends the user's other sessions, not this one", async () => {
    const email = uniqueEmail('password');
    const user = await users.create({ email, password: PASSWORD, role: 'operator' });
    const laptop = new ConsoleBrowser(t.app);
    const phone = new ConsoleBrowser(t.app);
    await laptop.signIn(email, PASSWORD);
    await phone.signIn(email, PASSWORD);
    expect((await phone.get('/console/accounts')).statusCode).toBe(200);

    await laptop.get('/console/password');
    const mismatch = await laptop.post('/console/password', {
      current_password: PASSWORD,
      new_password: 'a brand new passphrase',
      confirm_password: 'something else entirely',
    });
    expect(mismatch.statusCode).toBe(400);
    const wrongCurrent = await laptop.post('/console/password', {
      current_password: 'not my password',
      new_password: 'a brand new passphrase',
      confirm_password: 'a brand new passphrase',
    });
    expect(wrongCurrent.statusCode).toBe(400);
    expect((await phone.get('/console/accounts')).statusCode).toBe(200);

    const changed = await laptop.post('/console/password', {
      current_password: PASSWORD,
      new_password: 'a brand new passphrase',
      confirm_password: 'a brand new passphrase',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('data-testid="password-notice"');
    expect((await laptop.get('/console/accounts')).statusCode).toBe(200);
    const ended = await phone.get('/console/accounts');
    expect([ended.statusCode, ended.headers.location]).toEqual([303, '/console/sign-in']);
    expect((await new ConsoleBrowser(t.app).signIn(email, PASSWORD)).statusCode).toBe(401);
    expect((await new ConsoleBrowser(t.app).signIn(email, 'a brand new passphrase')).statusCode).toBe(303);
    expect((await auditRows(user.id)).map((row) => row.action)).toContain('console.password_change');
  });

  it('serves its stylesheets, script and icon from a fixed list with long cache headers, and nothing else', async () => {
    const page = (await new ConsoleBrowser(t.app).get('/console/sign-in')).body;
    const urls = [...page.matchAll(/(?:href|src)="(\/console\/assets\/[^"]+)"/g)].map((match) => match[1]!);
    expect(urls).toHaveLength(4);
    for (const url of urls) {
      const asset = await t.app.inject({ method: 'GET', url });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers['content-type']).toMatch(/^(text\/(css|javascript)|image\/svg\+xml)/);
      expect(asset.body.length).toBeGreaterThan(100);
    }
    for (const url of [
      '/console/assets/package.json',
      '/console/assets/..%2F..%2F..%2Fpackage.json',
      '/console/assets/%2E%2E/%2E%2E/package.json',
      '/console/assets/../../package.json',
      '/console/assets/pico.min.css',
      '/console/assets/__proto__',
      '/console/assets/constructor',
    ]) {
      const refused = await t.app.inject({ method: 'GET', url });
      expect([url, refused.statusCode]).toEqual([url, 404]);
      expect(refused.body).not.toContain('"dependencies"');
    }
  });

  it('answers unknown console paths with an HTML 404, while the API keeps its JSON envelope', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/console/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/html/);
    const posted = await t.app.inject({
      method: 'POST',
      url: '/console/no-such-page',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=b',
    });
    expect([posted.statusCode, posted.headers['content-type']]).toEqual([404, expect.stringMatching(/^text\/html/)]);
    const api = await t.app.inject({ method: 'GET', url: '/v1/no-such-page' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
  });

  it('answers a form it cannot read (too large, not UTF-8) with an HTML page, never the API envelope', async () => {
    const browser = new ConsoleBrowser(t.app);
    await browser.get('/console/sign-in');
    const tooLarge = await browser.postRaw('/console/sign-in', `email=${'a'.repeat(70 * 1024)}`);
    expect([tooLarge.statusCode, tooLarge.headers['content-type']]).toEqual([
      413,
      expect.stringMatching(/^text\/html/),
    ]);
    expect(tooLarge.body).toContain('The form sent too much data.');
    const latin1 = Buffer.concat([Buffer.from('email=caf'), Buffer.from([0xe9])]);
    const notUtf8 = await t.app.inject({
      method: 'POST',
      url: '/console/sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: latin1,
    });
    expect([notUtf8.statusCode, notUtf8.headers['content-type']]).toEqual([400, expect.stringMatching(/^text\/html/)]);
    expect(notUtf8.body).not.toContain('errorCode');
  });

  it('still refuses a form body on the API, as before there was a form parser', async () => {
    const customer = await t.createCustomer();
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/book',
      headers: { 'x-api-key': customer.apiKey, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'prompt=hello',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: 'Unsupported Content-Type: send the request body as application/json',
      errorCode: 'INVALID_PARAMETER',
    });
  });
});
