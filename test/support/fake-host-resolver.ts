import type { HostResolver } from '../../src/webhooks/webhook-url-policy';

/** DNS answers the test decides; unknown names fail like NXDOMAIN. Never asks the internet. */
export class FakeHostResolver implements HostResolver {
  private readonly answers = new Map<string, string[]>();

  set(hostname: string, addresses: string[]): void {
    this.answers.set(hostname.toLowerCase(), addresses);
  }

  resolve(hostname: string): Promise<string[]> {
    const answer = this.answers.get(hostname.toLowerCase());
    if (!answer)
      return Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
    return Promise.resolve(answer);
  }
}
