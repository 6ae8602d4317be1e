/**
 * A webhook receiver to try deliveries on one machine, as payment APIs offer one (`npm run webhooks:listen`):
 * it listens on 127.0.0.1, prints every delivery with its signature checked against the account's signing
 * secrets, answers 204 to a verified one and 400 to any other, and says how to submit a job that calls it.
 * The service must be started with WEBHOOK_ALLOW_PRIVATE=true to call an http:// loopback address; that
 * setting is refused when NODE_ENV=production.
 *
 *   npm run webhooks:listen                       # the demo account's secret from .demo.json, port 4400
 *   npm run webhooks:listen -- --port 4500 --secret whsec_...   # another account's (repeat --secret while rotating)
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhookSignature } from './verify-webhook-signature';

export interface LocalReceiverOptions {
  port: number;
  /** The signing secrets a delivery may be signed with (`whsec_...`). */
  secrets: string[];
  /** Where lines go; stdout by default. */
  print?: (line: string) => void;
  /** Header names that carry the signature (the service's WEBHOOK_SIGNATURE_HEADERS). */
  signatureHeaders?: string[];
}

export interface LocalReceiver {
  url: string;
  close(): Promise<void>;
}

/** The largest body a delivery has: a job's status record, well under this. */
const MAX_BODY_BYTES = 64 * 1024;

export async function startLocalReceiver(options: LocalReceiverOptions): Promise<LocalReceiver> {
  const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`));
  const headers = (options.signatureHeaders ?? ['X-Service-Signature']).map((name) => name.toLowerCase());
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const header = headers.map((name) => request.headers[name]).find((value) => value !== undefined);
      const verdict =
        size > MAX_BODY_BYTES
          ? ({ ok: false, reason: 'body_too_large' } as const)
          : verifyWebhookSignature({ header, rawBody: raw, secrets: options.secrets });
      print(describeDelivery(request, raw, verdict.ok ? 'verified' : `NOT verified (${verdict.reason})`));
      response.writeHead(verdict.ok ? 204 : 400).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function describeDelivery(request: http.IncomingMessage, raw: Buffer, verdict: string): string {
  const delivery = request.headers['x-scriptorium-delivery'];
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    body = raw.toString('utf8').slice(0, 200);
  }
  const job = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  // A field as the delivery has it: a forged body may hold anything.
  const field = (name: string) => (typeof job[name] === 'string' ? job[name] : JSON.stringify(job[name] ?? null));
  return [
    `${new Date().toISOString()}  ${request.method} ${request.url}  delivery ${String(delivery ?? '-')}  signature ${verdict}`,
    `  job ${field('requestId')}: ${field('status')}` +
      (job.resultUrl ? `, ${field('resultUrl')}` : '') +
      (job.error ? `, error: ${field('error')}` : ''),
    `  ${JSON.stringify(body)}`,
  ].join('\n');
}

/** The command line: `--port N` (default 4400), `--secret whsec_...` (repeatable; default .demo.json's). */
export function readReceiverArguments(
  argv: readonly string[],
  demoFile = '.demo.json',
): { port: number; secrets: string[] } {
  let port = 4400;
  const secrets: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const value = argv[index + 1];
    if (argv[index] === '--port' && value) {
      port = Number(value);
      index += 1;
    } else if (argv[index] === '--secret' && value) {
      secrets.push(value);
      index += 1;
    }
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0-65535, not ${port}`);
  if (secrets.length === 0) {
    try {
      const demo = JSON.parse(readFileSync(demoFile, 'utf8')) as { webhookSecret?: string };
      if (demo.webhookSecret) secrets.push(demo.webhookSecret);
    } catch {
      // No demo account here: the message below says what to pass.
    }
  }
  if (secrets.length === 0) {
    throw new Error(
      "no signing secret: pass --secret whsec_... (the account's), or run npm start once for the demo account",
    );
  }
  return { port, secrets };
}

async function main(): Promise<void> {
  const { port, secrets } = readReceiverArguments(process.argv.slice(2));
  const headers = (process.env.WEBHOOK_SIGNATURE_HEADERS ?? 'X-Service-Signature')
    .split(',')
    .map((name) => name.trim());
  const receiver = await startLocalReceiver({ port, secrets, signatureHeaders: headers });
  let apiKey = '<your API key>';
  try {
    apiKey = (JSON.parse(readFileSync('.demo.json', 'utf8')) as { apiKey?: string }).apiKey ?? apiKey;
  } catch {
    // Not the demo account: the placeholder stands.
  }
  const base = process.env.BASE_URL ?? `http://localhost:${process.env.PORT ?? 3000}/v1`;
  process.stdout.write(
    [
      `Listening for webhooks on ${receiver.url} (${secrets.length} signing secret${secrets.length === 1 ? '' : 's'}).`,
      'The service must allow a loopback http:// target: start it with WEBHOOK_ALLOW_PRIVATE=true npm start',
      '(development only: refused when NODE_ENV=production). Then submit a job that calls this receiver:',
      `  curl -s -X POST ${base}/book -H "X-API-Key: ${apiKey}" -H "Content-Type: application/json" \\`,
      `    -d '{"prompt":"A lighthouse keeper named Mara","output_format":"md","webhook_url":"${receiver.url}"}'`,
      'Each delivery is printed here when the job ends. Ctrl-C stops.',
      '',
    ].join('\n'),
  );
  const stop = () => void receiver.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
