import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { WebhookUrlPolicy } from './webhook-url-policy';

export interface WebhookHttpOptions {
  /** Local development and tests only: plain http and private addresses. */
  allowPrivate: boolean;
  timeoutMs: number;
  /** DNS used when connecting; tests inject one to simulate rebinding. */
  lookup?: LookupFunction;
  /** Extra trusted CA (PEM), e.g. a test receiver's self-signed certificate. */
  ca?: string;
}

export interface WebhookHttpResult {
  statusCode: number | null;
  error: string | null;
  latencyMs: number;
}

/**
 * POSTs a webhook. The address checked is the one the socket connects to
 * (DNS answers are filtered at connect time, and the agent refuses private
 * ranges), which defeats DNS rebinding between submission and delivery.
 * TLS is verified, redirects are not followed, and the whole exchange is
 * bounded by `timeoutMs`. Global fetch would bypass the filtering agent.
 */
export class WebhookHttpClient {
  private readonly httpsAgent: https.Agent;
  private readonly httpAgent: http.Agent;

  constructor(private readonly options: WebhookHttpOptions) {
    const filtering = { allowPrivateIPAddress: options.allowPrivate, allowMetaIPAddress: false, keepAlive: false };
    this.httpsAgent = new RequestFilteringHttpsAgent({ ...filtering, ...(options.ca ? { ca: options.ca } : {}) });
    this.httpAgent = new RequestFilteringHttpAgent(filtering);
  }

  post(url: string, body: string, headers: Record<string, string>): Promise<WebhookHttpResult> {
    const started = performance.now();
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    if (!secure && !this.options.allowPrivate) {
      return Promise.resolve({ statusCode: null, error: 'webhook_url must use https', latencyMs: 0 });
    }
    const transport = secure ? https : http;
    return new Promise((resolve) => {
      const finish = (statusCode: number | null, error: string | null) =>
        resolve({ statusCode, error, latencyMs: Math.round(performance.now() - started) });
      const request = transport.request(
        target,
        {
          method: 'POST',
          agent: secure ? this.httpsAgent : this.httpAgent,
          headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
          lookup: this.filteredLookup(),
          signal: AbortSignal.timeout(this.options.timeoutMs),
        },
        (response) => {
          // The body is not needed; drain it so the socket closes cleanly.
          response.resume();
          response.on('end', () => finish(response.statusCode ?? null, null));
          response.on('error', (error) => finish(response.statusCode ?? null, error.message));
        },
      );
      request.on('error', (error: Error & { code?: string }) => {
        const timedOut = error.name === 'AbortError' || error.name === 'TimeoutError';
        finish(null, timedOut ? `timed out after ${this.options.timeoutMs} ms` : error.message);
      });
      request.end(body);
    });
  }

  /** Resolves the host and refuses to connect when any answer is not a public address. */
  private filteredLookup(): LookupFunction {
    const resolve = this.options.lookup ?? dnsLookup;
    const allowPrivate = this.options.allowPrivate;
    return ((hostname: string, options: object, callback: (...args: unknown[]) => void) => {
      resolve(hostname, { ...options, all: true }, (error, addresses) => {
        if (error) {
          callback(error);
          return;
        }
        const list: LookupAddress[] = Array.isArray(addresses) ? addresses : [{ address: addresses, family: 4 }];
        const blocked = list.find((entry) => !allowPrivate && !WebhookUrlPolicy.isPublicAddress(entry.address));
        if (blocked || list.length === 0) {
          callback(
            new Error(`refused to connect to non-public address ${blocked?.address ?? '(none)'} for ${hostname}`),
          );
          return;
        }
        const wantsAll = (options as { all?: boolean }).all === true;
        if (wantsAll) callback(null, list);
        else callback(null, list[0]!.address, list[0]!.family);
      });
    }) as LookupFunction;
  }
}
