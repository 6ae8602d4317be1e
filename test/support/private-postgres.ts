import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { freePort } from './spawned-service';

const run = promisify(execFile);

/**
 * A throwaway PostgreSQL cluster for fault tests: made with the machine's
 * own server binaries in a temp dir, listening on 127.0.0.1 and a free
 * port only, with trust authentication. Unlike the machine's shared server
 * it may be stopped and started again (same port, same data), and it is
 * deleted at the end. As root the binaries run as the `postgres` user.
 */
export class PrivatePostgres {
  private running = false;
  private removed = false;

  private constructor(
    readonly port: number,
    private readonly dir: string,
    private readonly binDir: string,
    private readonly runAs: string | null,
  ) {}

  /** Creates the cluster, starts it, and creates `database` (default `scriptorium`). */
  static async create(database = 'scriptorium'): Promise<PrivatePostgres> {
    const binDir = postgresBinDir();
    const runAs = process.getuid?.() === 0 ? 'postgres' : null;
    const dir = mkdtempSync(join(tmpdir(), 'fault-pg-'));
    if (runAs) {
      const uid = Number(execFileSync('id', ['-u', runAs]).toString().trim());
      const gid = Number(execFileSync('id', ['-g', runAs]).toString().trim());
      chownSync(dir, uid, gid);
    }
    const cluster = new PrivatePostgres(await freePort(), dir, binDir, runAs);
    liveClusters.add(cluster);
    await cluster.exec('initdb', [
      '-D',
      cluster.dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
      '--no-instructions',
    ]);
    await cluster.start();
    const admin = new Client({ connectionString: cluster.url('postgres') });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${database}"`);
    } finally {
      await admin.end();
    }
    return cluster;
  }

  url(database = 'scriptorium'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** Starts (or restarts) the server on the same port and data directory; resolves once it accepts connections. */
  async start(): Promise<void> {
    const options = [
      `-p ${this.port}`,
      `-k ${this.dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ');
    await this.exec('pg_ctl', ['-D', this.dataDir, '-l', this.logFile, '-w', '-t', '60', '-o', options, 'start']);
    this.running = true;
  }

  /** Stops the server; `fast` (default) disconnects every client at once, like a crash seen from outside. */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    if (!this.running) return;
    await this.exec('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
    this.running = false;
  }

  /** Stops the server if needed and deletes every file of the cluster. */
  async remove(): Promise<void> {
    if (this.removed) return;
    try {
      await this.stop('immediate');
    } catch {
      // already down
    }
    rmSync(this.dir, { recursive: true, force: true });
    this.removed = true;
    liveClusters.delete(this);
  }

  /** The server's log, for a failing test's message. */
  log(): string {
    return existsSync(this.logFile) ? readFileSync(this.logFile, 'utf8') : '';
  }

  /** A query on the cluster with a short-lived client. */
  async query<T = Record<string, unknown>>(sql: string, parameters: unknown[] = [], database?: string): Promise<T[]> {
    const client = new Client({ connectionString: this.url(database) });
    await client.connect();
    try {
      return (await client.query(sql, parameters)).rows as T[];
    } finally {
      await client.end();
    }
  }

  private get dataDir(): string {
    return join(this.dir, 'data');
  }

  private get logFile(): string {
    return join(this.dir, 'server.log');
  }

  private async exec(binary: string, args: string[]): Promise<void> {
    const path = join(this.binDir, binary);
    const [command, commandArgs] = this.runAs ? ['runuser', ['-u', this.runAs, '--', path, ...args]] : [path, args];
    try {
      await run(command, commandArgs, { cwd: this.dir, timeout: 90_000 });
    } catch (error) {
      const detail = error as { stderr?: string; stdout?: string; message?: string };
      throw new Error(
        `${binary} ${args.join(' ')} failed: ${detail.stderr || detail.stdout || detail.message}\n${this.log()}`,
      );
    }
  }

  /** Synchronous last resort when the test process exits without cleaning up. */
  killSync(): void {
    try {
      const path = join(this.binDir, 'pg_ctl');
      const args = ['-D', this.dataDir, '-m', 'immediate', '-w', 'stop'];
      if (this.runAs) execFileSync('runuser', ['-u', this.runAs, '--', path, ...args], { stdio: 'ignore' });
      else execFileSync(path, args, { stdio: 'ignore' });
    } catch {
      // not running
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

const liveClusters = new Set<PrivatePostgres>();
process.once('exit', () => {
  for (const cluster of liveClusters) cluster.killSync();
});

/** The newest server binaries of the machine (`/usr/lib/postgresql/<version>/bin`), or PG_BIN_DIR. */
function postgresBinDir(): string {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return join(root, versions[0], 'bin');
  try {
    return execFileSync('pg_config', ['--bindir']).toString().trim();
  } catch {
    throw new Error('No PostgreSQL server binaries found: install postgresql or set PG_BIN_DIR');
  }
}
