import { isIP } from 'node:net';
import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsString,
  Matches,
  Max,
  Min,
  ValidateBy,
  validateSync,
} from 'class-validator';
import type { ConfigEnv, ConfigSection } from './config-section';

export const ROLES = ['all', 'api', 'worker'] as const;
export type Role = (typeof ROLES)[number];

export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

const toBoolean = ({ value }: { value: unknown }): unknown => {
  if (typeof value !== 'string') return value;
  const normalised = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(normalised)) return true;
  if (['false', '0', 'no', 'off', ''].includes(normalised)) return false;
  return value;
};

const toInteger = ({ value }: { value: unknown }): unknown => {
  if (typeof value !== 'string') return value;
  return /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : value;
};

const toNumber = ({ value }: { value: unknown }): unknown => {
  if (typeof value !== 'string') return value;
  return /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value.trim()) : value;
};

/** The settings of the sections each loaded configuration was given, out of sight of the variable list. */
const sectionSettings = new WeakMap<AppConfig, ReadonlyMap<ConfigSection<unknown>, unknown>>();

/**
 * The service's core settings, validated once at start-up together with the
 * feature modules' own sections (see ConfigSection). A bad value stops the
 * process with a message naming the variable (never its value when the
 * variable is a secret). `.env.example` documents each one.
 */
export class AppConfig {
  @IsIn(ROLES)
  ROLE: Role = 'all';

  @Transform(toInteger)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  /**
   * The proxies (load balancers) in front of the service, whose
   * X-Forwarded-For is believed: comma-separated IP addresses or CIDRs, e.g.
   * `127.0.0.1` or `10.0.0.0/8,::1`. The client's address is then the
   * nearest one that is not a listed proxy, read back from the connection
   * through X-Forwarded-For. Empty (the default; `false` says the same): no
   * proxy, X-Forwarded-For is ignored and the client is the connection's
   * peer. The console's per-address sign-in limit, its audit log and the
   * request logs read that address; trusting anyone else would let a client
   * choose its own. `true`, `*` and a /0 network are refused for that reason.
   */
  @ValidateBy({
    name: 'isTrustedProxyList',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && trustedProxyProblem(value) === null,
      defaultMessage: (args) =>
        typeof args?.value === 'string' ? trustedProxyProblem(args.value)! : 'TRUST_PROXY must be a string',
    },
  })
  TRUST_PROXY = '';

  /** A worker-only process (ROLE=worker) serves GET /metrics on this port; 0 turns it off. */
  @Transform(toInteger)
  @IsInt()
  @Min(0)
  @Max(65535)
  WORKER_METRICS_PORT = 9464;

  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/scriptorium';

  @Matches(/^rediss?:\/\/\S+$/, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL = 'redis://127.0.0.1:6379';

  /** Prefix of every Redis key (queues, rate-limit counters): lets several deployments share one Redis. */
  @Matches(/^[A-Za-z0-9:_-]{1,64}$/, { message: 'REDIS_PREFIX must be 1-64 characters of A-Z a-z 0-9 : _ -' })
  REDIS_PREFIX = 'scriptorium';

  /**
   * Public base address including `/v1`; used in `statusUrl` and `resultUrl`.
   * Unset, it is `http://localhost:{PORT}/v1` (see loadConfig).
   */
  @Matches(/^https?:\/\/[^\s/]+(\/\S*)?\/v1$/, {
    message: 'BASE_URL must be an http(s) URL ending in /v1, e.g. http://localhost:3000/v1',
  })
  BASE_URL = 'http://localhost:3000/v1';

  @Transform(toBoolean)
  @IsBoolean()
  WEBHOOK_ALLOW_PRIVATE = false;

  /**
   * Ports a `webhook_url` may name, checked at submission and again at each
   * delivery: comma-separated ports or ranges, each 1-65535 (`443,8443` or
   * `443,9000-9099`). The default admits only 443, the https port, whether
   * written or not. WEBHOOK_ALLOW_PRIVATE=true lifts this rule like its other
   * checks (any port), because local receivers, including the test suites'
   * HTTPS receivers, listen on whatever port they were given.
   */
  @ValidateBy({
    name: 'isPortList',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && parsePortRanges(value) !== null,
      defaultMessage: () =>
        'WEBHOOK_ALLOWED_PORTS must be comma-separated ports or port ranges from 1 to 65535, e.g. 443,8443 or 443,9000-9099',
    },
  })
  WEBHOOK_ALLOWED_PORTS = '443';

  /**
   * Header names that carry the webhook signature, comma-separated: each gets
   * the same `t=...,v1=...` value. Receivers built for the original API read
   * `X-Nellie-Signature`; listing it beside ours serves them unchanged.
   */
  @Matches(/^\s*[A-Za-z0-9-]+\s*(,\s*[A-Za-z0-9-]+\s*)*$/, {
    message:
      'WEBHOOK_SIGNATURE_HEADERS must be comma-separated header names (letters, digits, hyphens), e.g. X-Service-Signature,X-Nellie-Signature',
  })
  WEBHOOK_SIGNATURE_HEADERS = 'X-Service-Signature';

  /** Delays before the webhook retries, in seconds (spec 6.5: 1, 5 and 30 minutes). */
  @Matches(/^\d+(,\d+)*$/, {
    message: 'WEBHOOK_RETRY_DELAYS_SECONDS must be comma-separated whole seconds, e.g. 60,300,1800',
  })
  WEBHOOK_RETRY_DELAYS_SECONDS = '60,300,1800';

  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(120)
  WEBHOOK_TIMEOUT_SECONDS = 30;

  /**
   * Book files older than this many days (after completion) are deleted by
   * the workers' housekeeping; the job records stay, saying the file is gone.
   * 0 (the default): files are kept until DELETE /v1/book/{id}.
   */
  @Transform(toInteger)
  @IsInt()
  @Min(0)
  BOOK_RETENTION_DAYS = 0;

  /** GET /v1/status/{id}/events sends a heartbeat comment this often (at most 15 s, so proxies keep it open). */
  @Transform(toNumber)
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0.1)
  @Max(15)
  EVENTS_HEARTBEAT_SECONDS = 15;

  /** Apply pending migrations at start instead of refusing to start. */
  @Transform(toBoolean)
  @IsBoolean()
  MIGRATIONS_RUN = false;

  @Transform(toBoolean)
  @IsBoolean()
  LEGACY_PATHS_ENABLED = true;

  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(256)
  GENERATION_CONCURRENCY = 4;

  /**
   * How long a worker's claim on a queue entry lasts without renewal. A worker
   * that dies (SIGKILL, lost machine) has its jobs taken over by another
   * worker after about twice this long.
   */
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(600)
  QUEUE_LOCK_SECONDS = 30;

  /**
   * Simulated model latency per section of the builtin provider, in
   * milliseconds: 0 in production; demos and fault tests raise it so a job
   * lasts long enough to watch or interrupt.
   */
  @Transform(toInteger)
  @IsInt()
  @Min(0)
  @Max(60_000)
  BUILTIN_SECTION_DELAY_MS = 0;

  /**
   * How often a worker looks at the row of each job it runs to notice a
   * cancel (seconds, fractions allowed): a cancelled job stops within about
   * this long, at the price of one primary-key query per running job per interval.
   */
  @Transform(toNumber)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'CANCEL_CHECK_SECONDS must be a number of seconds' })
  @Min(0.2)
  @Max(60)
  CANCEL_CHECK_SECONDS = 2;

  /** Re-queue unfinished work from PostgreSQL at worker start and every minute (keep on in production). */
  @Transform(toBoolean)
  @IsBoolean()
  RECONCILER_ENABLED = true;

  @Transform(toInteger)
  @IsInt()
  @Min(1)
  RECONCILER_INTERVAL_SECONDS = 60;

  /** A job still unfinished this long after submission is failed (refunded, webhook sent). */
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  JOB_DEADLINE_MINUTES = 60;

  /** How long a stopping worker waits for the jobs in hand before handing them back. */
  @Transform(toInteger)
  @IsInt()
  @Min(0)
  SHUTDOWN_GRACE_SECONDS = 30;

  @Transform(toInteger)
  @IsInt()
  @Min(1)
  RATE_LIMIT_DAILY = 15;

  /** Length of the daily window; tests shorten it. */
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  RATE_LIMIT_DAILY_WINDOW_SECONDS = 86_400;

  @Transform(toInteger)
  @IsInt()
  @Min(0)
  RATE_LIMIT_MIN_INTERVAL_SECONDS = 6;

  /** Credits granted to the demo account created by `npm start`. */
  @Transform(toInteger)
  @IsInt()
  @Min(0)
  DEMO_CREDITS = 10_000;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /** `json` (the default: one JSON object per line, for log stores) or `pretty` (readable lines, for development). */
  @IsIn(LOG_FORMATS)
  LOG_FORMAT: LogFormat = 'json';

  /**
   * A client must have sent all its request headers this long after
   * connecting (slowloris), and its whole request (headers and body) within
   * HTTP_REQUEST_TIMEOUT_SECONDS; otherwise it gets 408 and the connection closes.
   */
  @Transform(toNumber)
  @IsNumber(
    { allowNaN: false, allowInfinity: false },
    { message: 'HTTP_HEADERS_TIMEOUT_SECONDS must be a number of seconds' },
  )
  @Min(0.1)
  @Max(600)
  HTTP_HEADERS_TIMEOUT_SECONDS = 10;

  @Transform(toNumber)
  @IsNumber(
    { allowNaN: false, allowInfinity: false },
    { message: 'HTTP_REQUEST_TIMEOUT_SECONDS must be a number of seconds' },
  )
  @Min(0.1)
  @Max(3600)
  HTTP_REQUEST_TIMEOUT_SECONDS = 30;

  /**
   * How long an idle kept-alive connection stays open between requests. Behind
   * a load balancer, keep it longer than the balancer's own idle timeout.
   */
  @Transform(toNumber)
  @IsNumber(
    { allowNaN: false, allowInfinity: false },
    { message: 'HTTP_KEEP_ALIVE_TIMEOUT_SECONDS must be a number of seconds' },
  )
  @Min(0.1)
  @Max(3600)
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS = 72;

  /** A connection on which nothing moves in either direction for this long is closed. */
  @Transform(toNumber)
  @IsNumber(
    { allowNaN: false, allowInfinity: false },
    { message: 'HTTP_CONNECTION_TIMEOUT_SECONDS must be a number of seconds' },
  )
  @Min(1)
  @Max(3600)
  HTTP_CONNECTION_TIMEOUT_SECONDS = 120;

  /**
   * The web console's session cookie carries the Secure attribute (sent over
   * HTTPS only). Turn it off only where the console is reached over plain
   * http, e.g. `npm start` on localhost (which does so) and tests.
   */
  @Transform(toBoolean)
  @IsBoolean()
  CONSOLE_COOKIE_SECURE = true;

  /** A console session unused this long ends (the user signs in again). */
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(24 * 60)
  CONSOLE_SESSION_IDLE_MINUTES = 30;

  /** A console session ends this long after sign-in, however active. */
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(24 * 30)
  CONSOLE_SESSION_LIFETIME_HOURS = 12;

  /** Console sign-in attempts allowed per email address, and per client IP, in each CONSOLE_SIGN_IN_WINDOW_SECONDS. */
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  CONSOLE_SIGN_IN_ATTEMPTS_PER_EMAIL = 5;

  @Transform(toInteger)
  @IsInt()
  @Min(1)
  CONSOLE_SIGN_IN_ATTEMPTS_PER_IP = 30;

  @Transform(toInteger)
  @IsInt()
  @Min(1)
  CONSOLE_SIGN_IN_WINDOW_SECONDS = 900;

  /**
   * Key that encrypts webhook signing secrets at rest (AES-256-GCM).
   * Secret: never printed. 32 bytes as 64 hex characters or base64.
   */
  @Matches(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/, {
    message: 'SECRETS_ENCRYPTION_KEY is required: 32 random bytes as 64 hex characters (openssl rand -hex 32)',
  })
  SECRETS_ENCRYPTION_KEY = '';

  /** The settings of a section given to loadConfig, e.g. `config.section(PROVIDER_SETTINGS)`. */
  section<T>(section: ConfigSection<T>): T {
    const settings = sectionSettings.get(this);
    if (!settings?.has(section)) {
      throw new Error(`The "${section.name}" configuration section was not given to loadConfig`);
    }
    return settings.get(section) as T;
  }
}

export function webhookRetryDelaysMs(config: AppConfig): number[] {
  return config.WEBHOOK_RETRY_DELAYS_SECONDS.split(',').map((seconds) => Number(seconds) * 1000);
}

/** WEBHOOK_SIGNATURE_HEADERS as names, each once (HTTP header names are case-insensitive). */
export function webhookSignatureHeaders(config: AppConfig): string[] {
  const names = config.WEBHOOK_SIGNATURE_HEADERS.split(',').map((name) => name.trim());
  return names.filter(
    (name, index) => names.findIndex((other) => other.toLowerCase() === name.toLowerCase()) === index,
  );
}

/** WEBHOOK_ALLOWED_PORTS as inclusive `[low, high]` ranges (a single port is `[p, p]`). */
export function webhookAllowedPorts(config: AppConfig): Array<[number, number]> {
  // loadConfig has validated the setting, so it parses.
  return parsePortRanges(config.WEBHOOK_ALLOWED_PORTS)!;
}

/** `443,8443,9000-9099` as inclusive ranges; null unless every part is a port (1-65535) or an ascending range of them. */
export function parsePortRanges(text: string): Array<[number, number]> | null {
  const ranges: Array<[number, number]> = [];
  for (const part of text.split(',')) {
    const match = /^\s*(\d{1,5})(?:\s*-\s*(\d{1,5}))?\s*$/.exec(part);
    if (!match) return null;
    const low = Number(match[1]);
    const high = match[2] === undefined ? low : Number(match[2]);
    if (low < 1 || high > 65535 || low > high) return null;
    ranges.push([low, high]);
  }
  return ranges;
}

/** TRUST_PROXY as the list Fastify's `trustProxy` takes; false when no proxy is trusted (the default). */
export function trustedProxies(config: AppConfig): string[] | false {
  const entries = trustedProxyEntries(config.TRUST_PROXY);
  return entries.length > 0 ? entries : false;
}

function trustedProxyEntries(text: string): string[] {
  // An explicit "off" is the default, like an empty value.
  if (/^\s*(false|no|off|0)\s*$/i.test(text)) return [];
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

const TRUST_PROXY_FORM =
  'TRUST_PROXY must list the proxies in front of the service as comma-separated IP addresses or CIDRs, ' +
  'e.g. 127.0.0.1 or 10.0.0.0/8,::1 (empty: no proxy, X-Forwarded-For is ignored)';

/** Why a TRUST_PROXY value is refused (naming the entry), or null when every entry is an address or a CIDR. */
export function trustedProxyProblem(text: string): string | null {
  if (/^\s*(true|yes|on|1|\*)\s*$/i.test(text)) {
    return `${TRUST_PROXY_FORM}; "${text.trim()}" would believe the X-Forwarded-For of any client`;
  }
  for (const entry of trustedProxyEntries(text)) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return `${TRUST_PROXY_FORM}; "${entry}" is not an IP address or a CIDR`;
    if (prefix === undefined) continue;
    const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
    if (bits < 0 || bits > (family === 4 ? 32 : 128)) {
      return `${TRUST_PROXY_FORM}; "${entry}" has no valid prefix length`;
    }
    if (bits === 0) return `${TRUST_PROXY_FORM}; "${entry}" would believe the X-Forwarded-For of any client`;
  }
  return null;
}

/** Every problem of one configuration, one line each, sorted so each variable is easy to find. */
export class ConfigValidationError extends Error {
  /** Each names its variable, never a secret's value. */
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    const sorted = [...new Set(problems)].sort();
    super(`Invalid configuration:\n${sorted.map((problem) => `  ${problem}`).join('\n')}`);
    this.name = 'ConfigValidationError';
    this.problems = sorted;
  }
}

/**
 * Reads and validates the environment in one pass: AppConfig's variables and
 * those of every section given (the feature modules' own settings, e.g.
 * GENERATION_CONFIG_SECTIONS). Throws one ConfigValidationError listing every
 * bad variable of all of them. A process that reads only core settings
 * (migrations) may give no sections.
 */
export function loadConfig(env: ConfigEnv = process.env, sections: readonly ConfigSection<unknown>[] = []): AppConfig {
  const known = Object.keys(new AppConfig());
  const source: Record<string, string> = {};
  for (const name of known) {
    const value = env[name];
    if (value !== undefined && value !== '') source[name] = value;
  }
  const config = plainToInstance(AppConfig, source, { exposeDefaultValues: true });
  // The addresses the service hands out follow the port it serves on, unless set.
  if (source.BASE_URL === undefined && Number.isInteger(config.PORT)) {
    config.BASE_URL = `http://localhost:${config.PORT}/v1`;
  }
  const problems = validateSync(config, { forbidUnknownValues: false }).map(
    (error) => `${error.property}: ${Object.values(error.constraints ?? {}).join('; ')}`,
  );
  const settings = new Map<ConfigSection<unknown>, unknown>();
  for (const section of sections) {
    const result = section.parse(env);
    if ('value' in result) settings.set(section, result.value);
    else problems.push(...result.errors);
  }
  if (config.HTTP_HEADERS_TIMEOUT_SECONDS > config.HTTP_REQUEST_TIMEOUT_SECONDS) {
    // Node refuses a server whose headers may take longer than the whole request.
    problems.push('HTTP_HEADERS_TIMEOUT_SECONDS: must not be greater than HTTP_REQUEST_TIMEOUT_SECONDS');
  }
  if (config.WEBHOOK_ALLOW_PRIVATE && env.NODE_ENV === 'production') {
    // A development setting (the local webhook receiver): in production it would open the SSRF guard.
    problems.push(
      'WEBHOOK_ALLOW_PRIVATE: must not be true when NODE_ENV=production (it lets webhooks call private addresses)',
    );
  }
  if (problems.length > 0) throw new ConfigValidationError(problems);
  sectionSettings.set(config, settings);
  return config;
}
