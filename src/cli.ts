import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Command, InvalidArgumentError } from 'commander';
import { exitWith, prepare } from './bootstrap';
import { ConsoleCommands, ConsoleError } from './console/console-commands';
import { ConsoleModule } from './console/console.module';

/**
 * The operator console. With --json, standard output carries exactly one
 * JSON document and nothing else (scripts parse it); everything else goes
 * to standard error.
 */
function wholeNumber(minimum: number) {
  return (value: string): number => {
    if (!/^\d+$/.test(value) || Number(value) < minimum || !Number.isSafeInteger(Number(value))) {
      throw new InvalidArgumentError(`expected a whole number >= ${minimum}`);
    }
    return Number(value);
  };
}

/** A repeatable option's values, in order. */
function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/**
 * A password from standard input (its first line), or typed at a prompt
 * that does not echo it when standard input is a terminal: never from an
 * argument, which shell history and process lists would keep.
 */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += String(chunk);
    return text.split(/\r?\n/)[0] ?? '';
  }
  const first = await promptHidden('Password: ');
  const again = await promptHidden('Password again: ');
  if (first !== again) exitWith('The passwords differ');
  return first;
}

function promptHidden(prompt: string): Promise<string> {
  return new Promise((resolve) => {
    const stdin = process.stdin;
    process.stderr.write(prompt);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let typed = '';
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n' || character === '\u0004') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stderr.write('\n');
          resolve(typed);
          return;
        }
        if (character === '\u0003') {
          stdin.setRawMode(false);
          process.stderr.write('\n');
          process.exit(130);
        }
        if (character === '\u007f' || character === '\b') typed = typed.slice(0, -1);
        else typed += character;
      }
    };
    stdin.on('data', onData);
  });
}

function print(result: unknown, json: boolean | undefined, human: () => string): void {
  process.stdout.write(json ? `${JSON.stringify(result)}\n` : `${human()}\n`);
}

async function withConsole<T>(action: (commands: ConsoleCommands) => Promise<T>): Promise<T> {
  const config = await prepare({ checkSchema: true });
  const app = await NestFactory.createApplicationContext(ConsoleModule.forConfig(config), { logger: false });
  try {
    return await action(app.get(ConsoleCommands));
  } finally {
    await app.close();
  }
}

const program = new Command('scriptorium')
  .description('Scriptorium operator console: accounts, API keys, webhook signing secrets, credits, web-console users')
  .showHelpAfterError()
  .configureOutput({ writeOut: (text) => process.stderr.write(text), writeErr: (text) => process.stderr.write(text) });

program
  .command('account:create')
  .description('create an account (with its first webhook signing secret)')
  .requiredOption('--name <name>', 'display name')
  .option('--credits <n>', 'credits to grant at once', wholeNumber(0), 0)
  .option('--json', 'print {"accountId","webhookSecret"}')
  .action(async (options: { name: string; credits: number; json?: boolean }) => {
    const result = await withConsole((c) => c.createAccount(options.name, options.credits));
    print(
      result,
      options.json,
      () => `Account ${result.accountId}\nWebhook signing secret (shown once, store it now): ${result.webhookSecret}`,
    );
  });

program
  .command('key:create')
  .description('create an API key; the full key is shown this once')
  .requiredOption('--account <id>', 'account id')
  .requiredOption('--name <name>', 'key name')
  .option('--daily-limit <n>', 'requests per daily window (default: RATE_LIMIT_DAILY)', wholeNumber(1))
  .option(
    '--min-interval-seconds <n>',
    'seconds between requests (default: RATE_LIMIT_MIN_INTERVAL_SECONDS)',
    wholeNumber(0),
  )
  .option('--json', 'print {"keyId","apiKey","preview"}')
  .action(
    async (options: {
      account: string;
      name: string;
      dailyLimit?: number;
      minIntervalSeconds?: number;
      json?: boolean;
    }) => {
      const result = await withConsole((c) =>
        c.createKey({
          accountId: options.account,
          name: options.name,
          dailyLimit: options.dailyLimit,
          minIntervalSeconds: options.minIntervalSeconds,
        }),
      );
      print(result, options.json, () => `Key ${result.keyId}\nAPI key (shown once, store it now): ${result.apiKey}`);
    },
  );

program
  .command('key:revoke')
  .description('revoke an API key, immediately and permanently')
  .requiredOption('--key <keyId>', 'key id')
  .option('--json', 'print {"keyId","revoked"}')
  .action(async (options: { key: string; json?: boolean }) => {
    const result = await withConsole((c) => c.revokeKey(options.key));
    if (!result.revoked) exitWith(`No active key with id ${options.key}`);
    print(result, options.json, () => `Key ${result.keyId} revoked`);
  });

program
  .command('key:list')
  .description("list an account's keys (previews only)")
  .requiredOption('--account <id>', 'account id')
  .option('--json', 'print a JSON array')
  .action(async (options: { account: string; json?: boolean }) => {
    const keys = await withConsole((c) => c.listKeys(options.account));
    print(
      keys,
      options.json,
      () =>
        keys.map((k) => `${k.keyId}  ${k.preview}  ${k.name}${k.revokedAt ? '  (revoked)' : ''}`).join('\n') ||
        'No keys',
    );
  });

program
  .command('credits:grant')
  .description("add credits to an account's pool")
  .requiredOption('--account <id>', 'account id')
  .requiredOption('--amount <n>', 'credits to add', wholeNumber(1))
  .option('--json', 'print {"balance"}')
  .action(async (options: { account: string; amount: number; json?: boolean }) => {
    const result = await withConsole((c) => c.grantCredits(options.account, options.amount));
    print(result, options.json, () => `Balance: ${result.balance}`);
  });

program
  .command('credits:balance')
  .description("show an account's available credits")
  .requiredOption('--account <id>', 'account id')
  .option('--json', 'print {"balance"}')
  .action(async (options: { account: string; json?: boolean }) => {
    const result = await withConsole((c) => c.balance(options.account));
    print(result, options.json, () => `Balance: ${result.balance}`);
  });

program
  .command('credits:ledger')
  .description("list an account's credit movements, oldest first")
  .requiredOption('--account <id>', 'account id')
  .option('--json', 'print a JSON array')
  .action(async (options: { account: string; json?: boolean }) => {
    const rows = await withConsole((c) => c.ledger(options.account));
    print(
      rows,
      options.json,
      () =>
        rows
          .map(
            (r) =>
              `${r.createdAt}  ${r.kind.padEnd(8)} ${String(r.amount).padStart(8)}  -> ${r.balanceAfter}  ${r.jobId ?? ''}`,
          )
          .join('\n') || 'No movements',
    );
  });

program
  .command('secret:create')
  .description('create a webhook signing secret (whsec_...); shown this once')
  .requiredOption('--account <id>', 'account id')
  .option('--staged', 'do not sign with it until secret:promote (step 1 of a staged rotation)')
  .option('--json', 'print {"secretId","webhookSecret","state"}')
  .action(async (options: { account: string; staged?: boolean; json?: boolean }) => {
    const result = await withConsole((c) => c.createSecret(options.account, { staged: options.staged === true }));
    print(result, options.json, () =>
      [
        `Secret ${result.secretId} (${result.state})`,
        `Signing secret (shown once): ${result.webhookSecret}`,
        ...(result.state === 'staged'
          ? [
              'It does not sign yet. Give it to your receivers, then run',
              `  secret:promote --secret ${result.secretId}`,
              'Receivers that keep a single secret switch to it at that moment.',
            ]
          : []),
      ].join('\n'),
    );
  });

program
  .command('secret:promote')
  .description('a staged secret starts signing: its v1 comes last in every delivery (step 2 of a staged rotation)')
  .requiredOption('--secret <id>', 'secret id')
  .option('--json', 'print {"secretId","promoted"}')
  .action(async (options: { secret: string; json?: boolean }) => {
    const result = await withConsole((c) => c.promoteSecret(options.secret));
    if (!result.promoted) exitWith(`No staged signing secret with id ${options.secret}`);
    print(
      result,
      options.json,
      () =>
        `Secret ${result.secretId} now signs. Receivers that keep one secret switch to it now; ` +
        'retire the old secret (secret:retire) once every receiver has.',
    );
  });

program
  .command('secret:revoke')
  .alias('secret:retire')
  .description('retire (revoke) a webhook signing secret: immediate and permanent (step 3 of a staged rotation)')
  .requiredOption('--secret <id>', 'secret id')
  .option('--json', 'print {"secretId","revoked"}')
  .action(async (options: { secret: string; json?: boolean }) => {
    const result = await withConsole((c) => c.revokeSecret(options.secret));
    if (!result.revoked) exitWith(`No active signing secret with id ${options.secret}`);
    print(result, options.json, () => `Secret ${result.secretId} revoked`);
  });

program
  .command('secret:list')
  .description("list an account's signing secrets (previews and states only)")
  .requiredOption('--account <id>', 'account id')
  .option('--json', 'print a JSON array')
  .action(async (options: { account: string; json?: boolean }) => {
    const rows = await withConsole((c) => c.listSecrets(options.account));
    print(
      rows,
      options.json,
      () => rows.map((s) => `${s.secretId}  ${s.preview}  ${s.state}`).join('\n') || 'No secrets',
    );
  });

program
  .command('console-user:create')
  .description('create a web-console user; the password is read from standard input (or a prompt), never an argument')
  .requiredOption('--email <email>', 'sign-in email')
  .requiredOption('--role <role>', 'operator (every account) or member (the accounts given with --account)')
  .option('--account <id>', 'an account a member may open (repeat for several)', collect, [])
  .option('--json', 'print {"id","email","role","accountIds",...}')
  .action(async (options: { email: string; role: string; account: string[]; json?: boolean }) => {
    const password = await readPassword();
    const user = await withConsole((c) =>
      c.createConsoleUser({ email: options.email, password, role: options.role, accountIds: options.account }),
    );
    print(user, options.json, () => `Console user ${user.email} (${user.role}) created`);
  });

program
  .command('console-user:add-member')
  .description("let a member open one more account's console pages")
  .requiredOption('--email <email>', "the member's email")
  .requiredOption('--account <id>', 'account id')
  .option('--json', 'print {"email","accountId","added"}')
  .action(async (options: { email: string; account: string; json?: boolean }) => {
    const result = await withConsole((c) => c.addConsoleMember(options.email, options.account));
    print(result, options.json, () =>
      result.added ? `${result.email} may now open ${result.accountId}` : `${result.email} could already open it`,
    );
  });

program
  .command('console-user:list')
  .description('list web-console users and their accounts')
  .option('--json', 'print a JSON array')
  .action(async (options: { json?: boolean }) => {
    const users = await withConsole((c) => c.listConsoleUsers());
    print(
      users,
      options.json,
      () =>
        users
          .map(
            (u) =>
              `${u.email}  ${u.role}${u.accountIds.length ? `  ${u.accountIds.join(',')}` : ''}${u.disabledAt ? '  (disabled)' : ''}`,
          )
          .join('\n') || 'No console users',
    );
  });

program.parseAsync(process.argv).catch((error: unknown) => {
  exitWith(
    error instanceof ConsoleError
      ? error.message
      : `Command failed: ${error instanceof Error ? error.message : String(error)}`,
  );
});
