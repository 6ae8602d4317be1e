import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ReceivedDelivery {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  receivedAt: number;
}

let certificate: { key: string; cert: string } | undefined;

/** A self-signed certificate for localhost, made once per test process with openssl. */
export function localhostCertificate(): { key: string; cert: string } {
  if (!certificate) {
    const dir = mkdtempSync(join(tmpdir(), 'receiver-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    certificate = {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
  }
  return certificate;
}

/**
 * A local HTTPS webhook receiver that answers with the scripted status codes
 * in turn (the last one repeats) and records every delivery it gets.
 */
export class HttpsReceiver {
  readonly deliveries: ReceivedDelivery[] = [];
  private server: Server | undefined;

  constructor(private readonly statuses: number[] = [200]) {}

  async start(): Promise<string> {
    const { key, cert } = localhostCertificate();
    this.server = createServer({ key, cert }, (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.deliveries.push({
          headers: request.headers,
          rawBody: Buffer.concat(chunks).toString('utf8'),
          receivedAt: Date.now(),
        });
        const status = this.statuses[Math.min(this.deliveries.length - 1, this.statuses.length - 1)]!;
        response.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `https://localhost:${(this.server.address() as AddressInfo).port}/hooks/books`;
  }

  async waitFor(count: number, timeoutMs = 20_000): Promise<ReceivedDelivery[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.deliveries.length < count) {
      if (Date.now() > deadline) throw new Error(`Expected ${count} deliveries, got ${this.deliveries.length}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return this.deliveries;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
