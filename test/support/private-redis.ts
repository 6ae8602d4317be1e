import { ChildProcess, spawn } from 'node:child_process';
import Redis from 'ioredis';
import { freePort } from './spawned-service';

/**
 * A Redis server of the test's own (`redis-server` as a child process, no
 * persistence), so a test may stop, restart or FLUSHALL it without touching
 * the machine's shared Redis.
 */
export class PrivateRedis {
  private child: ChildProcess | undefined;
  private output = '';

  private constructor(readonly port: number) {}

  static async create(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort());
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get isRunning(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts (or restarts, empty) the server on the same port; resolves once it accepts connections. */
  async start(timeoutMs = 20_000): Promise<void> {
    if (this.isRunning) return;
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    liveServers.add(child);
    child.once('exit', () => liveServers.delete(child));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`redis-server on ${this.port} did not start:\n${this.output}`)),
        timeoutMs,
      );
      const onData = (chunk: Buffer) => {
        this.output += chunk.toString();
        if (this.output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${code}:\n${this.output}`));
      });
    });
  }

  /** Stops the server (SIGKILL: gone at once, like a crash) and waits for the process to end. */
  async stop(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || !this.isRunning) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }

  async flushAll(): Promise<void> {
    await this.withClient((client) => client.flushall());
  }

  async dbSize(): Promise<number> {
    return this.withClient((client) => client.dbsize());
  }

  private async withClient<T>(action: (client: Redis) => Promise<T>): Promise<T> {
    const client = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await client.connect();
    try {
      return await action(client);
    } finally {
      client.disconnect();
    }
  }
}

const liveServers = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of liveServers) child.kill('SIGKILL');
});
