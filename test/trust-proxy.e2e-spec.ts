import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { spawnService, startBuiltApi } from './support/spawned-service';
import { startTestApp, TestApp } from './support/test-app';

const ATTEMPTS_PER_ADDRESS = 3;

jest.setTimeout(180_000); // the last tests start service processes: allow a loaded machine

/**
 * Issue 37: the client's address (the console's per-address sign-in limit,
 * its audit log, the request logs) comes from X-Forwarded-For only when the
 * connection comes from a proxy TRUST_PROXY names. Without it, the address is
 * the connection's, whatever the client writes in the header. Every request
 * here comes over a real connection from 127.0.0.1.
 */
describe('TRUST_PROXY: whose X-Forwarded-For names the client', () => {
  const uniqueEmail = () => `sign-in-${randomBytes(4).toString('hex')}@example.com`;
  const forgedAddress = () => `198.51.100.${1 + (randomBytes(1)[0]! % 254)}`;

  /** Opens the sign-in page and posts a wrong password, both with these headers; the answer's status. */
  async function signInAttempt(origin: string, email: string, headers: Record<string, string>): Promise<number> {
    const page = await fetch(`${origin}/console/sign-in`, { headers });
    const cookie = page.headers
      .getSetCookie()
      .map((set) => set.split(';')[0])
      .join('; ');
    const csrf = /name="_csrf" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
    const answer = await fetch(`${origin}/console/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...headers, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf: csrf, email, password: 'not the password at all' }).toString(),
    });
    await answer.arrayBuffer();
    return answer.status;
  }

  /** The address the audit log recorded for each refused sign-in of these emails, in order. */
  async function auditedAddresses(t: TestApp, emails: string[]): Promise<string[]> {
    const rows: Array<{ target: string; ip: string }> = await t.app
      .get(DataSource)
      .query(
        `SELECT target, details->>'ip' AS ip FROM audit_log WHERE action = 'console.sign_in_failed' AND target = ANY($1)`,
        [emails],
      );
    return emails.map((email) => rows.find((row) => row.target === email)?.ip ?? 'none');
  }

  async function listening(settings: Record<string, string>): Promise<{ t: TestApp; origin: string }> {
    const t = await startTestApp({
      CONSOLE_SIGN_IN_ATTEMPTS_PER_IP: String(ATTEMPTS_PER_ADDRESS),
      CONSOLE_SIGN_IN_ATTEMPTS_PER_EMAIL: '100',
      ...settings,
    });
    await t.app.listen(0, '127.0.0.1');
    return { t, origin: `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}` };
  }

  describe('unset (the default): no proxy is trusted', () => {
    let t: TestApp;
    let origin: string;
    beforeAll(async () => ({ t, origin } = await listening({})));
    afterAll(() => t?.close());

    it('meets the per-address sign-in limit although every attempt forges another X-Forwarded-For', async () => {
      const emails = Array.from({ length: ATTEMPTS_PER_ADDRESS + 1 }, uniqueEmail);
      const statuses: number[] = [];
      for (const email of emails) {
        statuses.push(await signInAttempt(origin, email, { 'X-Forwarded-For': forgedAddress() }));
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      // The audit log names the connection's address, not the forged one.
      expect(await auditedAddresses(t, emails.slice(0, ATTEMPTS_PER_ADDRESS))).toEqual(
        Array(ATTEMPTS_PER_ADDRESS).fill('127.0.0.1'),
      );
    });
  });

  describe('TRUST_PROXY=127.0.0.1: the proxy on this machine names the client', () => {
    let t: TestApp;
    let origin: string;
    beforeAll(async () => ({ t, origin } = await listening({ TRUST_PROXY: '127.0.0.1' })));
    afterAll(() => t?.close());

    it('counts each forwarded client on its own, and records the forwarded address', async () => {
      const clients = ['203.0.113.10', '203.0.113.11', '203.0.113.12', '203.0.113.13'];
      const emails = clients.map(uniqueEmail);
      const statuses: number[] = [];
      for (const [index, client] of clients.entries()) {
        statuses.push(await signInAttempt(origin, emails[index]!, { 'X-Forwarded-For': client }));
      }
      expect(statuses).toEqual([401, 401, 401, 401]);
      expect(await auditedAddresses(t, emails)).toEqual(clients);
    });

    it('holds one forwarded client to the per-address limit, whatever it wrote in the header before the proxy', async () => {
      // The proxy appends the address it saw; what the client sent itself comes first and is not believed.
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= ATTEMPTS_PER_ADDRESS; attempt += 1) {
        statuses.push(
          await signInAttempt(origin, uniqueEmail(), { 'X-Forwarded-For': `${forgedAddress()}, 203.0.113.50` }),
        );
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    });
  });

  describe('the built service', () => {
    /** Starts dist/src/main.js with these settings, sends one request forging X-Forwarded-For; the remoteAddress logged. */
    async function loggedAddress(settings: Record<string, string>): Promise<unknown> {
      const { base, service: server } = await startBuiltApi(settings, 'test-proxy');
      try {
        const response = await fetch(`${base}/v1/models`, {
          headers: { 'X-Forwarded-For': '198.51.100.77', 'X-Request-Id': 'trust-proxy-log' },
        });
        expect(response.status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 300));
      } finally {
        await server.stop();
      }
      const incoming = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, any>)
        .find((line) => line.reqId === 'trust-proxy-log' && line.msg === 'incoming request');
      return incoming?.req?.remoteAddress;
    }

    it('logs the connection as the client without TRUST_PROXY, and the forwarded address with it', async () => {
      expect(await loggedAddress({})).toBe('127.0.0.1');
      expect(await loggedAddress({ TRUST_PROXY: '127.0.0.1' })).toBe('198.51.100.77');
    });

    it('refuses to start with a TRUST_PROXY that would believe any client, saying what to write', async () => {
      const service = spawnService('dist/src/main.js', { ROLE: 'api', TRUST_PROXY: 'true', LOG_LEVEL: 'info' });
      const code = await new Promise<number | null>((resolve) => service.process.once('exit', resolve));
      expect(code).toBe(1);
      expect(service.output()).toContain('TRUST_PROXY must list the proxies in front of the service');
      expect(service.output()).toContain('"true" would believe the X-Forwarded-For of any client');
    });
  });
});
