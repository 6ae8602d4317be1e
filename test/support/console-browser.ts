import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Response as LightMyRequestResponse } from 'light-my-request';

/**
 * A browser for the web console over app.inject: keeps the cookies the
 * console sets (as a browser would for /console), posts forms urlencoded,
 * and comes from an address of its own (the connection's, as the service
 * sees it without TRUST_PROXY), so the per-IP sign-in limit of one test never
 * meets another's.
 */
export class ConsoleBrowser {
  readonly cookies = new Map<string, string>();
  /** The last page's CSRF token (its first hidden `_csrf` field). */
  csrf = '';

  constructor(
    private readonly app: NestFastifyApplication,
    readonly ip = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`,
  ) {}

  get(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    return this.send('GET', url, undefined, headers);
  }

  /** A form post; `_csrf` is the last page's token unless the fields say otherwise. */
  post(
    url: string,
    fields: Record<string, string> = {},
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    return this.send('POST', url, new URLSearchParams({ _csrf: this.csrf, ...fields }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    });
  }

  /** A post with exactly these fields (no token added). */
  postRaw(url: string, body: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    return this.send('POST', url, body, { 'content-type': 'application/x-www-form-urlencoded', ...headers });
  }

  /** Opens the sign-in page and signs in; the answer to the form. */
  async signIn(email: string, password: string): Promise<LightMyRequestResponse> {
    await this.get('/console/sign-in');
    return this.post('/console/sign-in', { email, password });
  }

  async send(
    method: 'GET' | 'POST',
    url: string,
    payload?: string,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await this.app.inject({
      method,
      url,
      payload,
      remoteAddress: this.ip,
      headers: { ...(cookie ? { cookie } : {}), ...headers },
    });
    for (const set of response.cookies as Array<{ name: string; value: string; maxAge?: number }>) {
      if (set.value === '' || set.maxAge === 0) this.cookies.delete(set.name);
      else this.cookies.set(set.name, set.value);
    }
    const token = /name="_csrf" value="([^"]+)"/.exec(response.body)?.[1];
    if (token) this.csrf = token;
    return response;
  }
}
