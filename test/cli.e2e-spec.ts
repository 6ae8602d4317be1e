import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/database/data-source-options';
import { startTestApp, TestApp } from './support/test-app';

const run = promisify(execFile);

/**
 * The operator console exactly as operators script it: `npm run -s cli -- ... --json`
 * prints one JSON document on standard output and nothing else.
 */
describe('Operator console (npm run -s cli)', () => {
  // Each command is a process of its own (npm, then Nest and a database pool), some seconds on a loaded
  // 2-core machine; a test that runs a dozen of them needs more than the suite's minute.
  jest.setTimeout(180_000);
  let t: TestApp;
  let dataSource: DataSource;

  beforeAll(async () => {
    t = await startTestApp();
    dataSource = new DataSource(dataSourceOptions(process.env.DATABASE_URL!));
    await dataSource.initialize();
  });
  afterAll(async () => {
    await dataSource.destroy();
    await t.close();
  });

  const cli = async (...args: string[]) => {
    const { stdout, stderr } = await run('npm', ['run', '-s', 'cli', '--', ...args], { env: process.env });
    return { stdout, stderr };
  };
  const cliJson = async (...args: string[]) => {
    const { stdout } = await cli(...args, '--json');
    return JSON.parse(stdout);
  };

  it('creates an account, a key, grants credits, lists and revokes, and the key works over HTTP', async () => {
    const account = await cliJson('account:create', '--name', 'Acme Books', '--credits', '500');
    expect(account).toEqual({
      accountId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      webhookSecret: expect.stringMatching(/^whsec_/),
    });

    const key = await cliJson(
      'key:create',
      '--account',
      account.accountId,
      '--name',
      'production',
      '--daily-limit',
      '40',
      '--min-interval-seconds',
      '0',
    );
    expect(key).toEqual({
      keyId: expect.any(String),
      apiKey: expect.stringMatching(/^bk_live_/),
      preview: expect.any(String),
    });
    expect(key.preview).not.toBe(key.apiKey);

    expect(await cliJson('credits:balance', '--account', account.accountId)).toEqual({ balance: 500 });
    await cli('credits:grant', '--account', account.accountId, '--amount', '250');
    expect(await cliJson('credits:balance', '--account', account.accountId)).toEqual({ balance: 750 });

    const listed = await cliJson('key:list', '--account', account.accountId);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      keyId: key.keyId,
      name: 'production',
      preview: key.preview,
      dailyLimit: 40,
      minIntervalSeconds: 0,
    });
    expect(JSON.stringify(listed)).not.toContain(key.apiKey);

    const accepted = await t.app.inject({ method: 'POST', url: '/v1/book', headers: { 'x-api-key': key.apiKey } });
    expect(accepted.statusCode).toBe(202);
    expect(accepted.headers['ratelimit-limit']).toBe('40');

    await cli('key:revoke', '--key', key.keyId);
    const revoked = await t.app.inject({ method: 'POST', url: '/v1/book', headers: { 'x-api-key': key.apiKey } });
    expect(revoked.statusCode).toBe(403);
  });

  it('stores only a hash of the key and an encrypted signing secret', async () => {
    const account = await cliJson('account:create', '--name', 'Secrets check');
    const key = await cliJson('key:create', '--account', account.accountId, '--name', 'k');
    const secret = key.apiKey.split('_').at(-1);
    const keyRows = await dataSource.query('SELECT * FROM api_keys WHERE id = $1', [key.keyId]);
    expect(JSON.stringify(keyRows)).not.toContain(secret);
    const secretRows: Array<{ encrypted_secret: Buffer }> = await dataSource.query(
      'SELECT encrypted_secret FROM signing_secrets WHERE account_id = $1',
      [account.accountId],
    );
    expect(secretRows).toHaveLength(1);
    expect(secretRows[0]!.encrypted_secret.toString('latin1')).not.toContain(account.webhookSecret);
  });

  it('manages signing secrets through a staged rotation and lists the ledger', async () => {
    const account = await cliJson('account:create', '--name', 'Rotation', '--credits', '100');
    const [first] = await cliJson('secret:list', '--account', account.accountId);
    const second = await cliJson('secret:create', '--account', account.accountId, '--staged');
    expect(second).toEqual({
      secretId: expect.any(String),
      webhookSecret: expect.stringMatching(/^whsec_/),
      state: 'staged',
    });
    const states = async () =>
      (await cliJson('secret:list', '--account', account.accountId)).map((s: { state: string }) => s.state);
    expect(await states()).toEqual(['signing', 'staged']);
    expect(await cliJson('secret:promote', '--secret', second.secretId)).toEqual({
      secretId: second.secretId,
      promoted: true,
    });
    expect(await states()).toEqual(['signing', 'signing']);
    await expect(cli('secret:promote', '--secret', second.secretId)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No staged signing secret'),
    });
    await cli('secret:retire', '--secret', first.secretId);
    expect(await states()).toEqual(['retired', 'signing']);
    const secrets = await cliJson('secret:list', '--account', account.accountId);
    expect(secrets.find((s: { secretId: string }) => s.secretId === first.secretId).revokedAt).not.toBeNull();
    expect(JSON.stringify(secrets)).not.toContain(second.webhookSecret);

    const ledger = await cliJson('credits:ledger', '--account', account.accountId);
    expect(ledger).toEqual([expect.objectContaining({ kind: 'grant', amount: 100, balanceAfter: 100 })]);
  });

  it('fails with a clear message and a non-zero exit for bad input', async () => {
    await expect(cli('credits:balance', '--account', 'not-a-uuid', '--json')).rejects.toMatchObject({
      code: 1,
      stdout: '',
      stderr: expect.stringContaining('--account must be an account id'),
    });
    await expect(
      cli('credits:grant', '--account', '00000000-0000-4000-8000-000000000000', '--amount', '5'),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining('No account with id'),
    });
    await expect(
      cli('credits:grant', '--account', '00000000-0000-4000-8000-000000000000', '--amount', '-5'),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining('whole number'),
    });
  });

  it("leaves npm's own errors audible: a script that does not exist says so", async () => {
    await expect(run('npm', ['run', 'nosuchscript'], { env: process.env })).rejects.toMatchObject({
      stderr: expect.stringContaining('Missing script: "nosuchscript"'),
    });
  });
});
