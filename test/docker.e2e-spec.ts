import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
// js-yaml reads the compose file as Docker Compose does (YAML 1.2 core schema, merge keys).
import { CORE_SCHEMA, load, mergeTag } from 'js-yaml';
import { ROLES, type Role } from '../src/config/app-config';
import { createIsolatedDatabase, type IsolatedDatabase } from './support/isolated-database';
import {
  SERVICE_DIST_DIR,
  serviceEnv,
  sleep,
  stopWithin,
  TEST_ENCRYPTION_KEY,
  type ServiceBackends,
} from './support/service-cluster';
import { freePort, spawnService } from './support/spawned-service';

/**
 * The Docker packaging: docker/Dockerfile, docker/compose.yaml, .dockerignore
 * and the README's "Running with Docker". What can be checked without Docker
 * runs everywhere: the files, and each service's healthcheck against the
 * service's real entrypoint in dist/ (built by `npm test`; SERVICE_DIST_DIR
 * points elsewhere). The image itself is built and run wherever a Docker
 * daemon answers, and skipped with the reason printed where none does.
 */

const ROOT = resolve(__dirname, '..');
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

// ---------------------------------------------------------------------------
// docker/Dockerfile
// ---------------------------------------------------------------------------

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions: continuation lines joined, comments and blank lines dropped. */
function dockerfileInstructions(): Instruction[] {
  const instructions: Instruction[] = [];
  let pending = '';
  for (const line of read('docker/Dockerfile').split('\n')) {
    if (/^\s*#/.test(line) || (pending === '' && line.trim() === '')) continue;
    const continued = /\\\s*$/.test(line);
    pending = `${pending} ${line.replace(/\\\s*$/, '').trim()}`.trim();
    if (continued) continue;
    const [, keyword, args] = /^(\S+)\s*(.*)$/s.exec(pending)!;
    instructions.push({ keyword: keyword!.toUpperCase(), args: args! });
    pending = '';
  }
  return instructions;
}

/** The instructions of the last stage, the image that runs. */
function runtimeStage(): Instruction[] {
  const all = dockerfileInstructions();
  const lastFrom = all.map((i) => i.keyword).lastIndexOf('FROM');
  return all.slice(lastFrom + 1);
}

/** Exec form (`["node", ...]`) or shell form, as Docker stores it. */
function commandOf(form: string): string[] {
  return form.trim().startsWith('[') ? (JSON.parse(form) as string[]) : ['/bin/sh', '-c', form];
}

/** Docker's HealthConfig.Test: ['CMD', ...argv], ['CMD-SHELL', command] or ['NONE']. */
type HealthTest = string[];

function imageHealthcheck(): HealthTest {
  const healthcheck = runtimeStage()
    .filter((i) => i.keyword === 'HEALTHCHECK')
    .pop();
  if (!healthcheck || healthcheck.args.trim() === 'NONE') return ['NONE'];
  const command = /^(?:--\S+\s+)*CMD\s+(.*)$/s.exec(healthcheck.args)?.[1];
  if (command === undefined) throw new Error(`Unreadable HEALTHCHECK: ${healthcheck.args}`);
  return command.trim().startsWith('[') ? ['CMD', ...(JSON.parse(command) as string[])] : ['CMD-SHELL', command];
}

function imageCommand(): string[] {
  const cmd = runtimeStage()
    .filter((i) => i.keyword === 'CMD')
    .pop();
  if (!cmd) throw new Error('docker/Dockerfile has no CMD');
  return commandOf(cmd.args);
}

/** ENV of the runtime stage (`ENV KEY=value ...`). */
function imageEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { args } of runtimeStage().filter((i) => i.keyword === 'ENV')) {
    for (const pair of args.split(/\s+/)) {
      const [key, ...value] = pair.split('=');
      if (key && value.length > 0) env[key] = value.join('=');
    }
  }
  return env;
}

/** The build-context paths each COPY/ADD takes (copies from another stage are not from the context). */
function copiedContextPaths(): string[] {
  const paths: string[] = [];
  for (const { keyword, args } of dockerfileInstructions()) {
    if (keyword !== 'COPY' && keyword !== 'ADD') continue;
    const words = args.split(/\s+/);
    if (words.some((word) => word.startsWith('--from='))) continue;
    const operands = words.filter((word) => !word.startsWith('--'));
    const list = operands.join(' ').startsWith('[') ? (JSON.parse(operands.join(' ')) as string[]) : operands;
    paths.push(...list.slice(0, -1));
  }
  return paths;
}

// ---------------------------------------------------------------------------
// docker/compose.yaml
// ---------------------------------------------------------------------------

interface ComposeService {
  image?: string;
  build?: string | { context?: string; dockerfile?: string };
  command?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  healthcheck?: { test?: string | string[]; disable?: boolean };
}

function composeServices(): Record<string, ComposeService> {
  // Compose's YAML is YAML 1.2 with merge keys (`<<: *service`).
  const compose = load(read('docker/compose.yaml'), { schema: CORE_SCHEMA.withTags(mergeTag) }) as {
    services: Record<string, ComposeService>;
  };
  return compose.services;
}

/** The services that run the image of docker/Dockerfile: built from it, or using the image such a service builds. */
function imageServices(): [string, ComposeService][] {
  const services = Object.entries(composeServices());
  const builtHere = ([, service]: [string, ComposeService]) => {
    if (!service.build) return false;
    const { context = '.', dockerfile = 'Dockerfile' } =
      typeof service.build === 'string' ? { context: service.build } : service.build;
    return resolve(ROOT, 'docker', context, dockerfile) === resolve(ROOT, 'docker/Dockerfile');
  };
  const images = new Set(services.filter(builtHere).map(([, service]) => service.image));
  return services.filter((entry) => builtHere(entry) || (entry[1].image && images.has(entry[1].image)));
}

/** Compose's variable substitution: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}, $VAR, $$. */
function interpolate(value: string, variables: Record<string, string>): string {
  return value.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (whole: string, braced?: string, operator?: string, argument = '', bare?: string) => {
      if (whole === '$$') return '$';
      const name = (braced ?? bare)!;
      const value = variables[name];
      const present = operator?.startsWith(':') ? Boolean(value) : value !== undefined;
      const kind = operator?.replace(':', '');
      if (kind === '-') return present ? value! : argument;
      if (kind === '+') return present ? argument : '';
      if (kind === '?' && !present) throw new Error(`${name} ${argument}`);
      return value ?? '';
    },
  );
}

function environmentOf(service: ComposeService, variables: Record<string, string>): Record<string, string> {
  const raw = service.environment ?? {};
  const entries: [string, string][] = Array.isArray(raw)
    ? raw.map((line) => [line.split('=')[0]!, line.split('=').slice(1).join('=')])
    : Object.entries(raw).map(([key, value]) => [key, value === null ? '' : String(value)]);
  return Object.fromEntries(entries.map(([key, value]) => [key, interpolate(value, variables)]));
}

function roleOf(service: ComposeService): string | undefined {
  return environmentOf(service, { SECRETS_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY }).ROLE;
}

/**
 * A service's environment as its container gets it, moved to this machine:
 * PostgreSQL and Redis where the tests have them, and free ports. PORT and
 * WORKER_METRICS_PORT always differ, so a probe of the other role's port
 * finds nothing.
 */
function environmentHere(
  service: ComposeService,
  backends: ServiceBackends,
  ports: { port: number; metricsPort: number },
): Record<string, string> {
  return {
    ...serviceEnv(backends),
    ...imageEnv(),
    ...environmentOf(service, { SECRETS_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY }),
    DATABASE_URL: backends.databaseUrl,
    REDIS_URL: backends.redisUrl,
    REDIS_PREFIX: backends.redisPrefix,
    HOST: '127.0.0.1',
    PORT: String(ports.port),
    WORKER_METRICS_PORT: String(ports.metricsPort),
    BASE_URL: `http://127.0.0.1:${ports.port}/v1`,
  };
}

function commandOfService(service: ComposeService): string[] {
  if (service.command === undefined) return imageCommand();
  return typeof service.command === 'string' ? ['/bin/sh', '-c', service.command] : service.command;
}

function healthcheckOf(service: ComposeService): HealthTest {
  if (service.healthcheck?.disable) return ['NONE'];
  const test = service.healthcheck?.test;
  if (test === undefined) return imageHealthcheck();
  return typeof test === 'string' ? ['CMD-SHELL', test] : test;
}

/** The variables compose refuses to run without (`${VAR:?...}` or `${VAR?...}`). */
function requiredComposeVariables(): string[] {
  return [...new Set([...read('docker/compose.yaml').matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*):?\?/g)].map((m) => m[1]!))];
}

// ---------------------------------------------------------------------------
// .dockerignore and the README
// ---------------------------------------------------------------------------

/** A .dockerignore glob as a regular expression (Docker's rules: `**` spans directories, `*` and `?` do not). */
function globToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i]!;
    if (char === '*' && pattern[i + 1] === '*') {
      i += 1;
      if (pattern[i + 1] === '/') {
        i += 1;
        source += '(?:.*/)?';
      } else {
        source += '.*';
      }
    } else if (char === '*') {
      source += '[^/]*';
    } else if (char === '?') {
      source += '[^/]';
    } else if (char === '\\' && i + 1 < pattern.length) {
      i += 1;
      source += pattern[i]!.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    } else if (char === '[' && pattern.indexOf(']', i) > i) {
      const end = pattern.indexOf(']', i);
      source += pattern.slice(i, end + 1).replace(/^\[!/, '[^');
      i = end;
    } else {
      source += char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`);
}

/**
 * Whether the build context leaves a path out: the last pattern matching the
 * path or one of its parent directories decides, `!` patterns let back in.
 */
function dockerignored(): (path: string) => boolean {
  const rules = read('.dockerignore')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const exception = line.startsWith('!');
      const pattern = posix.normalize((exception ? line.slice(1) : line).trim()).replace(/^\/+/, '');
      return { exception, regex: globToRegExp(pattern) };
    });
  return (path: string) => {
    const parts = posix.normalize(path).split('/');
    const selfAndParents = parts.map((_, index) => parts.slice(0, index + 1).join('/'));
    let ignored = false;
    for (const rule of rules) {
      if (selfAndParents.some((candidate) => rule.regex.test(candidate))) ignored = !rule.exception;
    }
    return ignored;
  };
}

function filesUnder(directory: string): string[] {
  return readdirSync(join(ROOT, directory), { withFileTypes: true }).flatMap((entry) => {
    const path = posix.join(directory, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** The README's "Running with Docker" subsection, up to the next heading outside a code block. */
function readmeDockerSection(): string {
  const lines = read('README.md').split('\n');
  const start = lines.findIndex((line) => /^#{2,3} Running with Docker\s*$/.test(line));
  if (start < 0) throw new Error('README.md has no "Running with Docker" section');
  const section: string[] = [];
  let inCode = false;
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('```')) inCode = !inCode;
    if (!inCode && /^#{1,3} /.test(line)) break;
    section.push(line);
  }
  return section.join('\n');
}

// ---------------------------------------------------------------------------
// Running commands
// ---------------------------------------------------------------------------

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(file: string, args: string[], options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}) {
  return new Promise<Outcome>((done, fail) => {
    const child = spawn(file, args, { cwd: ROOT, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.once('error', fail);
    child.once('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

/** Runs a healthcheck as Docker does (with the container's environment), here on this machine. */
function runHealthcheck(test: HealthTest, env: Record<string, string>): Promise<Outcome> {
  const [kind, ...rest] = test;
  if (kind === 'CMD-SHELL') return run('/bin/sh', ['-c', rest.join(' ')], { env, timeoutMs: 3_000 });
  if (kind !== 'CMD' || rest.length === 0) return Promise.resolve({ code: null, stdout: '', stderr: 'no healthcheck' });
  const [file, ...args] = rest;
  return run(file === 'node' ? process.execPath : file!, args, { env, timeoutMs: 3_000 });
}

// ---------------------------------------------------------------------------
// Everywhere: the files, and the healthchecks against the real entrypoints
// ---------------------------------------------------------------------------

describe('Docker packaging (checked without Docker)', () => {
  const services = imageServices();

  it('runs every role from the image: a ROLE per service and the entrypoint of that role', () => {
    const entrypointOf: Record<Role, string> = {
      all: 'dist/src/main.js',
      api: 'dist/src/main.js',
      worker: 'dist/src/worker.js',
    };
    for (const [name, service] of services) {
      const role = roleOf(service);
      expect({ name, knownRole: ROLES.includes(role as Role) }).toEqual({ name, knownRole: true });
      const command = commandOfService(service);
      expect({ name, command }).toEqual({ name, command: ['node', entrypointOf[role as Role]] });
      // The image builds dist/ from src/: the entrypoint's source must be there.
      expect(existsSync(join(ROOT, command[1]!.replace(/^dist\//, '').replace(/\.js$/, '.ts')))).toBe(true);
    }
    expect(services.map(([, service]) => roleOf(service))).toEqual(expect.arrayContaining(['api', 'worker']));
  });

  it.each(imageServices().map(([name]) => name))(
    'the healthcheck of %s passes against its own process and fails once that process is gone',
    async (name) => {
      const service = Object.fromEntries(services)[name]!;
      const env = environmentHere(
        service,
        {
          databaseUrl: process.env.DATABASE_URL!,
          redisUrl: process.env.REDIS_URL!,
          redisPrefix: `docker-health-${randomBytes(4).toString('hex')}`,
        },
        { port: await freePort(), metricsPort: await freePort() },
      );
      const healthcheck = healthcheckOf(service);
      expect(healthcheck[0]).toMatch(/^CMD(-SHELL)?$/);
      const command = commandOfService(service);
      const child = spawnService(join(SERVICE_DIST_DIR, command[1]!.replace(/^dist\//, '')), env);
      const probeEnv = { PATH: process.env.PATH ?? '', ...env };
      try {
        const deadline = Date.now() + 45_000;
        for (;;) {
          if (child.process.exitCode !== null) {
            throw new Error(`${name} ended (${child.process.exitCode}) before it was healthy:\n${child.output()}`);
          }
          const outcome = await runHealthcheck(healthcheck, probeEnv);
          if (outcome.code === 0) break;
          if (Date.now() > deadline) {
            throw new Error(`${name} never healthy: ${outcome.stdout}${outcome.stderr}\n${child.output()}`);
          }
          await sleep(250);
        }
      } finally {
        await stopWithin(child);
      }
      expect((await runHealthcheck(healthcheck, probeEnv)).code).not.toBe(0);
    },
  );

  it("names every variable the compose file requires in the README's Running with Docker section", () => {
    const section = readmeDockerSection();
    const required = requiredComposeVariables();
    expect(required).toContain('SECRETS_ENCRYPTION_KEY');
    expect(required.filter((name) => !section.includes(name))).toEqual([]);
    // The commands it gives use the compose file that exists.
    const files = [...section.matchAll(/docker compose -f (\S+)/g)].map((m) => m[1]!);
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((file) => !existsSync(join(ROOT, file)))).toEqual([]);
  });

  it('gives only console commands and flags that exist in the README Docker section', async () => {
    const uses = [...readmeDockerSection().matchAll(/node dist\/src\/cli\.js ([a-z:]+)([^\n]*)/g)].map((m) => ({
      command: m[1]!,
      flags: [...m[2]!.matchAll(/(--[a-z-]+)/g)].map((f) => f[1]!),
    }));
    expect(uses.map((use) => use.command)).toEqual(expect.arrayContaining(['account:create', 'key:create']));
    for (const { command, flags } of uses) {
      const help = await run(process.execPath, [join(SERVICE_DIST_DIR, 'src/cli.js'), command, '--help']);
      expect({ command, code: help.code }).toEqual({ command, code: 0 });
      const text = help.stdout + help.stderr;
      expect({ command, missing: flags.filter((flag) => !text.includes(flag)) }).toEqual({ command, missing: [] });
    }
  });

  it('keeps secrets, dependencies, builds and history out of the build context (.dockerignore)', () => {
    const ignored = dockerignored();
    const mustStayOut = [
      '.env',
      '.env.local',
      'docker/.env',
      '.demo.json',
      'node_modules/jest/package.json',
      '.git/HEAD',
      'dist/src/main.js',
      'coverage/lcov.info',
      'bench/results/admission.json',
      'npm-debug.log',
      'src/.env',
    ];
    expect(mustStayOut.filter((path) => !ignored(path))).toEqual([]);
  });

  it('copies only paths that exist and that .dockerignore lets into the build context', () => {
    const ignored = dockerignored();
    const copied = copiedContextPaths();
    expect(copied).toEqual(expect.arrayContaining(['package.json', 'package-lock.json', 'src']));
    for (const path of copied) {
      expect({ path, exists: existsSync(join(ROOT, path)), ignored: ignored(path) }).toEqual({
        path,
        exists: true,
        ignored: false,
      });
      if (statSync(join(ROOT, path)).isDirectory()) {
        // tsc compiles every source file: none may be left out.
        const leftOut = filesUnder(path).filter((file) => file.endsWith('.ts') && ignored(file));
        expect({ path, leftOut }).toEqual({ path, leftOut: [] });
      }
    }
  });
});

// ---------------------------------------------------------------------------
// Where Docker works: the compose file as Compose reads it, the image itself
// ---------------------------------------------------------------------------

function firstLine(text: string | undefined): string {
  return (text ?? '').trim().split('\n')[0] || 'no output';
}

/** Why the image cannot be built and run here, or undefined when it can. Decided once, when the file loads. */
function dockerUnavailable(): string | undefined {
  const cli = spawnSync('docker', ['--version'], { encoding: 'utf8', timeout: 20_000 });
  if (cli.error) return `docker CLI not usable: ${cli.error.message}`;
  const info = spawnSync('docker', ['info', '--format', '{{.ServerVersion}}|{{.OperatingSystem}}'], {
    encoding: 'utf8',
    timeout: 20_000,
  });
  if (info.error || info.status !== 0) {
    return `Docker daemon not reachable: ${firstLine(info.stderr || info.error?.message)}`;
  }
  // The containers reach this machine's PostgreSQL and Redis on 127.0.0.1 through the host's network.
  if (process.platform !== 'linux' || /Docker Desktop/i.test(info.stdout)) {
    return `--network host needs Docker Engine on Linux (found ${info.stdout.trim()} on ${process.platform})`;
  }
  return undefined;
}

function composeUnavailable(): string | undefined {
  const compose = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8', timeout: 20_000 });
  if (compose.error || compose.status !== 0) {
    return `docker compose not usable: ${firstLine(compose.stderr || compose.error?.message)}`;
  }
  return undefined;
}

const dockerSkip = dockerUnavailable();
const composeSkip = composeUnavailable();
for (const [what, reason] of [
  ['the image tests', dockerSkip],
  ['the compose CLI tests', composeSkip],
] as const) {
  if (reason) console.warn(`test/docker.e2e-spec.ts: ${what} are skipped: ${reason}`);
}

(composeSkip ? describe.skip : describe)(
  `docker/compose.yaml as Docker Compose reads it${composeSkip ? ` (skipped: ${composeSkip})` : ''}`,
  () => {
    const compose = (env: NodeJS.ProcessEnv) =>
      run('docker', ['compose', '-f', 'docker/compose.yaml', 'config', '--quiet'], { env });

    it('is valid once SECRETS_ENCRYPTION_KEY is set', async () => {
      const outcome = await compose({ ...process.env, SECRETS_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY });
      expect({ code: outcome.code, stderr: outcome.stderr }).toEqual({ code: 0, stderr: '' });
    });

    it('refuses to run without SECRETS_ENCRYPTION_KEY and points to docker/.env', async () => {
      // An empty env file stands in for docker/.env, which an operator's checkout may have.
      const { SECRETS_ENCRYPTION_KEY: _key, ...env } = process.env;
      const outcome = await run(
        'docker',
        ['compose', '--env-file', '/dev/null', '-f', 'docker/compose.yaml', 'config', '--quiet'],
        { env },
      );
      expect(outcome.code).not.toBe(0);
      expect(outcome.stderr).toContain('docker/.env');
    });
  },
);

(dockerSkip ? describe.skip : describe)(
  `Docker image built from docker/Dockerfile${dockerSkip ? ` (skipped: ${dockerSkip})` : ''}`,
  () => {
    const suffix = randomBytes(4).toString('hex');
    const image = `scriptorium-e2e:${suffix}`;
    const containers: string[] = [];
    let database: IsolatedDatabase | undefined;
    let backends: ServiceBackends;
    let api: { name: string; origin: string };
    let worker: { name: string; port: number; metricsPort: number };

    const docker = (args: string[], timeoutMs = 120_000) => run('docker', args, { timeoutMs });
    const envFlags = (values: Record<string, string>) =>
      Object.entries(values).flatMap(([key, value]) => ['-e', `${key}=${value}`]);

    /** Starts a container with a compose service's environment and command, on the host's network. */
    async function startContainer(service: ComposeService, ports: { port: number; metricsPort: number }) {
      const name = `scriptorium-e2e-${roleOf(service)}-${suffix}`;
      const started = await docker([
        'run',
        '-d',
        '--name',
        name,
        '--network',
        'host',
        ...envFlags(environmentHere(service, backends, ports)),
        image,
        ...(service.command === undefined ? [] : commandOfService(service)),
      ]);
      if (started.code !== 0) throw new Error(`docker run ${name} failed: ${started.stderr}`);
      containers.push(name);
      return name;
    }

    /** Waits for Docker itself to report the container healthy (its HEALTHCHECK passed). */
    async function waitHealthy(name: string, timeoutMs = 120_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const inspected = await docker(['inspect', '--format', '{{json .State}}', name]);
        const state = JSON.parse(inspected.stdout) as {
          Status: string;
          Health?: { Status: string; Log?: { ExitCode: number; Output: string }[] };
        };
        if (state.Health?.Status === 'healthy') return;
        if (state.Status !== 'running' || Date.now() > deadline) {
          const logs = await docker(['logs', '--tail', '50', name]);
          throw new Error(
            `${name} is ${state.Status}/${state.Health?.Status ?? 'no healthcheck'}; last probe: ` +
              `${JSON.stringify(state.Health?.Log?.at(-1))}\n${logs.stdout}${logs.stderr}`,
          );
        }
        await sleep(1_000);
      }
    }

    const cliJson = async <T>(...args: string[]): Promise<T> => {
      const outcome = await docker([
        'run',
        '--rm',
        '--network',
        'host',
        ...envFlags(serviceEnv(backends)),
        image,
        'node',
        'dist/src/cli.js',
        ...args,
        '--json',
      ]);
      if (outcome.code !== 0) throw new Error(`cli ${args.join(' ')} failed: ${outcome.stderr}`);
      return JSON.parse(outcome.stdout) as T;
    };

    beforeAll(async () => {
      const built = await docker(['build', '-f', 'docker/Dockerfile', '-t', image, '.'], 20 * 60_000);
      if (built.code !== 0) throw new Error(`docker build failed:\n${built.stderr.slice(-4_000)}`);
      // A database of its own: the worker's reconciler sweeps every unfinished job it finds.
      database = await createIsolatedDatabase('docker');
      backends = { databaseUrl: database.url, redisUrl: process.env.REDIS_URL!, redisPrefix: `docker-e2e-${suffix}` };
      const byRole = (role: string) => imageServices().find(([, service]) => roleOf(service) === role)![1];
      const apiPorts = { port: await freePort(), metricsPort: await freePort() };
      api = { name: await startContainer(byRole('api'), apiPorts), origin: `http://127.0.0.1:${apiPorts.port}` };
      await waitHealthy(api.name);
      const workerPorts = { port: await freePort(), metricsPort: await freePort() };
      worker = { name: await startContainer(byRole('worker'), workerPorts), ...workerPorts };
      await waitHealthy(worker.name);
    }, 25 * 60_000);

    afterAll(async () => {
      for (const name of containers) await docker(['rm', '-f', name]);
      await docker(['image', 'rm', '-f', image]);
      await database?.drop();
    }, 120_000);

    it('runs the API: healthy, and answers /health/live and /v1/models', async () => {
      expect((await fetch(`${api.origin}/health/live`)).status).toBe(200);
      const models = await fetch(`${api.origin}/v1/models`);
      expect(models.status).toBe(200);
    });

    it('runs the worker: healthy by its own probe, /metrics on WORKER_METRICS_PORT and no API on PORT', async () => {
      const metrics = await fetch(`http://127.0.0.1:${worker.metricsPort}/metrics`);
      expect(metrics.status).toBe(200);
      await expect(fetch(`http://127.0.0.1:${worker.port}/health/live`)).rejects.toThrow();
    });

    it('runs the operator console: --help lists its commands', async () => {
      const help = await docker(['run', '--rm', image, 'node', 'dist/src/cli.js', '--help']);
      expect(help.code).toBe(0);
      expect(help.stdout + help.stderr).toEqual(expect.stringContaining('account:create'));
      expect(help.stdout + help.stderr).toEqual(expect.stringContaining('key:create'));
    });

    it('serves a book to a key made with the console in the image, as the README shows', async () => {
      const account = await cliJson<{ accountId: string }>(
        'account:create',
        '--name',
        'Docker e2e',
        '--credits',
        '5000',
      );
      const key = await cliJson<{ apiKey: string }>('key:create', '--account', account.accountId, '--name', 'docker');
      const submitted = await fetch(`${api.origin}/v1/book`, {
        method: 'POST',
        headers: { 'X-API-Key': key.apiKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ prompt: 'A lighthouse keeper finds a map', output_format: 'md' }),
      });
      expect(submitted.status).toBe(202);
      const { requestId } = (await submitted.json()) as { requestId: string };
      const deadline = Date.now() + 90_000;
      let status = '';
      while (Date.now() < deadline) {
        status = ((await (await fetch(`${api.origin}/v1/status/${requestId}`)).json()) as { status: string }).status;
        if (status === 'completed' || status === 'failed') break;
        await sleep(500);
      }
      expect(status).toBe('completed');
      expect((await fetch(`${api.origin}/v1/download/${requestId}`)).status).toBe(200);
    }, 180_000);
  },
);
