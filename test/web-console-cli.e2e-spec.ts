import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/database/data-source-options';

const run = promisify(execFile);

/** Issue 16: console users are created with the operator CLI (password from standard input), and CLI actions are audited. */
describe('Operator CLI: console users and the audit log', () => {
  // Seven commands, each a process of its own (npm, then Nest, a database pool and a password hash): more than the
  // suite's minute on a loaded 2-core machine (as in cli.e2e-spec.ts).
  jest.setTimeout(180_000);
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = new DataSource(dataSourceOptions(process.env.DATABASE_URL!));
    await dataSource.initialize();
  });
  afterAll(() => dataSource.destroy());

  /** Runs the built CLI with `input` on standard input; its exit code and output. */
  const cli = (args: string[], input = ''): Promise<{ code: number; stdout: string; stderr: string }> =>
    new Promise((resolve, reject) => {
      const child = spawn('npm', ['run', '-s', 'cli', '--', ...args], { env: process.env });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += String(chunk)));
      child.stderr.on('data', (chunk) => (stderr += String(chunk)));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
      child.stdin.end(input);
    });

  it('creates an operator and a member from a password on standard input, lists them, and audits it as cli', async () => {
    const suffix = randomBytes(4).toString('hex');
    const { stdout: accountJson } = await run(
      'npm',
      ['run', '-s', 'cli', '--', 'account:create', '--name', 'CLI audit', '--json'],
      {
        env: process.env,
      },
    );
    const { accountId } = JSON.parse(accountJson) as { accountId: string };

    const operator = await cli(
      ['console-user:create', '--email', `Ops-${suffix}@Example.com`, '--role', 'operator', '--json'],
      'a long enough password\n',
    );
    expect(operator.code).toBe(0);
    expect(JSON.parse(operator.stdout)).toMatchObject({ email: `ops-${suffix}@example.com`, role: 'operator' });

    const member = await cli(
      [
        'console-user:create',
        '--email',
        `member-${suffix}@example.com`,
        '--role',
        'member',
        '--account',
        accountId,
        '--json',
      ],
      'another long password\n',
    );
    expect(member.code).toBe(0);
    expect(JSON.parse(member.stdout)).toMatchObject({ role: 'member', accountIds: [accountId] });

    const tooShort = await cli(
      ['console-user:create', '--email', `short-${suffix}@example.com`, '--role', 'member'],
      'short\n',
    );
    expect(tooShort.code).not.toBe(0);
    expect(tooShort.stderr).toContain('at least 12 characters');
    const duplicate = await cli(
      ['console-user:create', '--email', `ops-${suffix}@example.com`, '--role', 'operator'],
      'a long enough password\n',
    );
    expect(duplicate.code).not.toBe(0);
    expect(duplicate.stderr).toContain('exists already');

    const listed = await cli(['console-user:list', '--json']);
    const users = JSON.parse(listed.stdout) as Array<{ email: string; accountIds: string[] }>;
    expect(users.find((user) => user.email === `member-${suffix}@example.com`)?.accountIds).toEqual([accountId]);
    expect(listed.stdout).not.toContain('argon2');

    const stored: Array<{ password_hash: string }> = await dataSource.query(
      `SELECT password_hash FROM console_users WHERE email = $1`,
      [`ops-${suffix}@example.com`],
    );
    expect(stored[0]!.password_hash).toMatch(/^\$argon2id\$/);

    const audit: Array<{ action: string; target: string | null }> = await dataSource.query(
      `SELECT action, target FROM audit_log WHERE actor = 'cli' AND (account_id = $1 OR target LIKE $2) ORDER BY id`,
      [accountId, `%-${suffix}@example.com`],
    );
    expect(audit).toEqual([
      { action: 'account.create', target: null },
      { action: 'console_user.create', target: `ops-${suffix}@example.com` },
      { action: 'console_user.create', target: `member-${suffix}@example.com` },
    ]);
  });

  it('has no option that takes a password on the command line', async () => {
    const help = await cli(['console-user:create', '--help']);
    expect(help.stderr + help.stdout).not.toMatch(/--password/);
    const refused = await cli(
      ['console-user:create', '--email', 'x@example.com', '--role', 'operator', '--password', 'a long enough password'],
      '',
    );
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/unknown option '--password'/);
  });
});
