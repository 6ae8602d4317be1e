import { promises as dnsPromises } from 'node:dns';
import { isIP, isIPv4 } from 'node:net';
import ipaddr from 'ipaddr.js';
import { FIELD_MAX_LENGTHS } from '../catalog/catalog';

/** Why a `webhook_url` was refused; `reason` is safe to show the client (error `details`). */
export type WebhookUrlRejection = { reason: string };

/** Resolves a hostname to all of its A and AAAA addresses. */
export interface HostResolver {
  resolve(hostname: string): Promise<string[]>;
}

/**
 * Uses getaddrinfo (dns.lookup), not dns.resolve*, because that is what the
 * HTTP client will use when it connects: /etc/hosts and the system resolver
 * configuration must be judged the same way at submission and at delivery.
 */
export const systemHostResolver: HostResolver = {
  async resolve(hostname: string): Promise<string[]> {
    const results = await dnsPromises.lookup(hostname, { all: true, verbatim: true });
    return results.map((result) => result.address);
  },
};

/** Inclusive range of TCP ports; a single port is `[p, p]`. */
export type PortRange = readonly [low: number, high: number];

/** The https port, whether written (`:443`) or not: the only one allowed unless WEBHOOK_ALLOWED_PORTS says otherwise. */
const HTTPS_PORT_ONLY: readonly PortRange[] = [[443, 443]];

export interface WebhookUrlPolicyOptions {
  /** WEBHOOK_ALLOW_PRIVATE: local development and tests only. Lifts the address and port rules. */
  allowPrivate: boolean;
  resolver: HostResolver;
  /** WEBHOOK_ALLOWED_PORTS. Default 443 only. Not applied when `allowPrivate`. */
  allowedPorts?: readonly PortRange[];
  /** Default: the `webhook_url` limit of the catalog (2,048, DESIGN section 3). */
  maxLength?: number;
  /** Default 5000. A hanging resolver must not hold a POST /book open. */
  resolveTimeoutMs?: number;
}

const DEFAULT_RESOLVE_TIMEOUT_MS = 5000;

/**
 * WHATWG URL silently drops tabs and newlines anywhere, trims spaces, turns
 * `\` into `/` for http(s), and IDNA drops invisible characters from hosts
 * (`exa\u200bmple.com` is example.com). Another parser on the delivery path
 * (a proxy, a log reader, an HTTP client) may not, so a URL that only means
 * something after that repair is refused instead of being guessed at. Listed:
 * C0 and C1 controls, space, DEL, no-break and other Unicode spaces, soft
 * hyphen, zero-width and bidi formatting characters, line and paragraph
 * separators, variation selectors, the byte order mark, and the backslash.
 * The combining grapheme joiner and variation selectors stand outside the
 * bracket because they combine with the character before them.
 */
const AMBIGUOUS_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0020\u007f-\u00a0\u00ad\u061c\u115f\u1160\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\u3164\ufeff\\]|\u034f|[\ufe00-\ufe0f]/;

/**
 * The scheme, then `//` and the host: `https:example.com` and
 * `https:///example.com` mean example.com only after WHATWG's repair.
 */
const AUTHORITY_FORM = /^https?:\/\/[^/]/i;

/**
 * Cloud and platform metadata names. Most are also caught by the name or
 * address rules, but the client gets a clearer message this way, and a custom
 * resolver (or /etc/hosts) might map them to something that looks public.
 */
const METADATA_HOSTNAMES = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.tencentyun.com',
]);

/**
 * Metadata and platform addresses, named explicitly so the check survives
 * ipaddr.js reclassifying a range. 168.63.129.16 is Azure's WireServer: a
 * public-looking address that only means something from inside Azure.
 */
const METADATA_ADDRESSES = new Set(
  [
    '169.254.169.254', // AWS, GCP, Azure, OCI, DigitalOcean IMDS
    '169.254.170.2', // AWS ECS task metadata
    '169.254.0.23', // Tencent Cloud
    '100.100.100.200', // Alibaba Cloud
    '192.0.0.192', // Oracle Cloud (legacy)
    '168.63.129.16', // Azure WireServer
    'fd00:ec2::254', // AWS IMDS over IPv6
  ].map((address) => ipaddr.parse(address).toNormalizedString()),
);

/**
 * Special-use (RFC 6761, 6762, 7686, 8375) and de-facto private suffixes: no
 * public webhook lives there, and search-domain or mDNS resolution of them
 * lands on internal hosts.
 */
const INTERNAL_SUFFIXES = [
  'local',
  'localdomain',
  'internal',
  'intranet',
  'lan',
  'home',
  'corp',
  'arpa',
  'test',
  'invalid',
  'example',
  'onion',
];

/**
 * Hard-coded on top of ipaddr.js's range() so that a library update that
 * reclassifies a block cannot open it; the two must agree for "public".
 */
const NON_PUBLIC_IPV4 = [
  '0.0.0.0/8', // "this network"; 0.0.0.0 reaches localhost on Linux
  '10.0.0.0/8',
  '100.64.0.0/10', // carrier-grade NAT, includes Alibaba metadata
  '127.0.0.0/8',
  '169.254.0.0/16', // link-local, includes most metadata services
  '172.16.0.0/12',
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // TEST-NET-1
  '192.88.99.0/24', // 6to4 relay anycast
  '192.168.0.0/16',
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // TEST-NET-2
  '203.0.113.0/24', // TEST-NET-3
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, includes 255.255.255.255
].map((cidr) => ipaddr.IPv4.parseCIDR(cidr));

/** Only 2000::/3 is allocated for global unicast; ipaddr.js calls everything unlisted "unicast". */
const GLOBAL_UNICAST_IPV6 = ipaddr.IPv6.parseCIDR('2000::/3');
/** Deprecated IPv4-compatible addresses (::a.b.c.d), plus :: and ::1. */
const IPV4_COMPATIBLE_IPV6 = ipaddr.IPv6.parseCIDR('::/96');
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
const SIX_TO_FOUR = ipaddr.IPv6.parseCIDR('2002::/16');

const reject = (reason: string): WebhookUrlRejection => ({ reason });

export class WebhookUrlPolicy {
  private readonly allowPrivate: boolean;
  private readonly resolver: HostResolver;
  private readonly allowedPorts: readonly PortRange[];
  private readonly maxLength: number;
  private readonly resolveTimeoutMs: number;

  constructor(options: WebhookUrlPolicyOptions) {
    this.allowPrivate = options.allowPrivate;
    this.resolver = options.resolver;
    this.allowedPorts = options.allowedPorts ?? HTTPS_PORT_ONLY;
    this.maxLength = options.maxLength ?? FIELD_MAX_LENGTHS.webhook_url;
    this.resolveTimeoutMs = options.resolveTimeoutMs ?? DEFAULT_RESOLVE_TIMEOUT_MS;
  }

  /** Returns null when acceptable, else the rejection. Never throws. */
  async check(rawUrl: string): Promise<WebhookUrlRejection | null> {
    try {
      return await this.evaluate(rawUrl);
    } catch {
      // Fail closed: an unexpected error must not let a URL through.
      return reject('webhook_url could not be validated');
    }
  }

  /**
   * The port rule alone, for delivery time: a URL accepted under an earlier
   * WEBHOOK_ALLOWED_PORTS is not called on a port the current one refuses.
   * Addresses are re-checked by the HTTP client on the socket itself.
   */
  portRejection(rawUrl: string): WebhookUrlRejection | null {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      return reject('webhook_url is not a valid absolute URL');
    }
    return this.checkPort(url);
  }

  /**
   * True only for a canonical IP address that is globally routable unicast.
   * Used at delivery time on the address actually connected to, so it accepts
   * exactly what sockets report and nothing looser.
   */
  static isPublicAddress(address: string): boolean {
    try {
      return isPublicIp(address);
    } catch {
      return false;
    }
  }

  private async evaluate(rawUrl: string): Promise<WebhookUrlRejection | null> {
    if (typeof rawUrl !== 'string' || rawUrl.length === 0) {
      return reject('webhook_url must be a non-empty URL');
    }
    // Before parsing, so a huge string costs nothing.
    if (rawUrl.length > this.maxLength) {
      return reject(`webhook_url must be at most ${this.maxLength} characters`);
    }
    if (AMBIGUOUS_CHARACTERS.test(rawUrl)) {
      return reject('webhook_url must not contain whitespace, control characters, invisible characters or backslashes');
    }

    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      return reject('webhook_url is not a valid absolute URL');
    }

    if (this.allowPrivate) {
      if (url.protocol !== 'https:' && url.protocol !== 'http:') {
        return reject('webhook_url must use http or https');
      }
    } else if (url.protocol !== 'https:') {
      return reject('webhook_url must use https');
    }
    if (!AUTHORITY_FORM.test(rawUrl)) {
      return reject(`webhook_url must start with ${url.protocol}// and the host`);
    }
    // `https://@host/` and `https://:@host/` parse to empty credentials but
    // still carry userinfo in the text: refused like any other.
    const authority = rawUrl.slice(rawUrl.indexOf('//') + 2).split(/[/?#]/, 1)[0] ?? '';
    if (url.username !== '' || url.password !== '' || authority.includes('@')) {
      return reject('webhook_url must not contain credentials');
    }
    if (url.hostname === '') {
      return reject('webhook_url must have a host');
    }
    if (this.allowPrivate) {
      return null;
    }
    return this.checkHost(url);
  }

  /** WHATWG leaves `port` empty for the scheme's default (443 for https, `:443` included). */
  private checkPort(url: URL): WebhookUrlRejection | null {
    if (this.allowPrivate) {
      return null;
    }
    const port = url.port === '' ? (url.protocol === 'http:' ? 80 : 443) : Number(url.port);
    if (this.allowedPorts.some(([low, high]) => port >= low && port <= high)) {
      return null;
    }
    const allowed = this.allowedPorts.map(([low, high]) => (low === high ? `${low}` : `${low}-${high}`)).join(', ');
    return reject(`webhook_url port ${port} is not allowed; allowed ports: ${allowed}`);
  }

  /**
   * The host first (what it is matters more than how it is reached), then the
   * port, then DNS, so a URL refused by its port costs no lookup.
   */
  private async checkHost(url: URL): Promise<WebhookUrlRejection | null> {
    // WHATWG-normalised: lowercase, punycode, IPv4 in dotted decimal, IPv6 bracketed and compressed.
    const host = url.hostname;
    if (host.startsWith('[') && host.endsWith(']')) {
      return literalAddressRejection(host, host.slice(1, -1)) ?? this.checkPort(url);
    }
    // WHATWG URL has already turned 2130706433, 0x7f.1, 0177.0.0.1, 127.1
    // and full-width digits into 127.0.0.1; anything still numeric-looking
    // but not an IPv4 address failed to parse.
    if (isIPv4(host)) {
      return literalAddressRejection(host, host) ?? this.checkPort(url);
    }

    const name = host.replace(/\.+$/, '');
    if (name === '' || name.split('.').some((label) => label === '')) {
      return reject(`webhook_url host ${host} is not a valid host name`);
    }
    if (METADATA_HOSTNAMES.has(name)) {
      return reject(`webhook_url host ${host} is a cloud metadata endpoint and is not allowed`);
    }
    if (name === 'localhost' || name.endsWith('.localhost')) {
      return reject(`webhook_url host ${host} is not allowed`);
    }
    if (INTERNAL_SUFFIXES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`))) {
      return reject(`webhook_url host ${host} is an internal name and is not allowed`);
    }
    // A single label is completed with the resolver's search domains, i.e.
    // it names something on our own network.
    if (!name.includes('.')) {
      return reject(`webhook_url host ${host} must be a fully qualified public domain name`);
    }
    const refusedPort = this.checkPort(url);
    if (refusedPort) {
      return refusedPort;
    }

    let addresses: string[];
    try {
      addresses = await this.resolveWithTimeout(host);
    } catch {
      return reject(`webhook_url host ${host} could not be resolved`);
    }
    if (!Array.isArray(addresses) || addresses.length === 0) {
      return reject(`webhook_url host ${host} did not resolve to any address`);
    }
    // Every address, not just the first: the client picks among them (happy
    // eyeballs, round robin), and one private answer is enough to reach inside.
    for (const address of addresses) {
      if (!WebhookUrlPolicy.isPublicAddress(address)) {
        const shown = typeof address === 'string' && isIP(address) !== 0 ? address : 'an unparsable address';
        return reject(`webhook_url host ${host} resolves to a non-public address (${shown})`);
      }
    }
    return null;
  }

  private resolveWithTimeout(host: string): Promise<string[]> {
    return new Promise<string[]>((resolve, rejectPromise) => {
      const timer = setTimeout(() => rejectPromise(new Error('resolve timeout')), this.resolveTimeoutMs);
      // A pending lookup must not keep a shutting-down process alive.
      timer.unref();
      this.resolver.resolve(host).then(
        (addresses) => {
          clearTimeout(timer);
          resolve(addresses);
        },
        (error: unknown) => {
          clearTimeout(timer);
          rejectPromise(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }
}

function literalAddressRejection(host: string, address: string): WebhookUrlRejection | null {
  if (isMetadataAddress(address)) {
    return reject(`webhook_url host ${host} is a cloud metadata endpoint and is not allowed`);
  }
  if (!WebhookUrlPolicy.isPublicAddress(address)) {
    return reject(`webhook_url host ${host} is not a public address`);
  }
  return null;
}

function isMetadataAddress(address: string): boolean {
  const parsed = parseAddress(address);
  return parsed !== null && METADATA_ADDRESSES.has(parsed.toNormalizedString());
}

function isPublicIp(address: string): boolean {
  const parsed = parseAddress(address);
  if (parsed === null || METADATA_ADDRESSES.has(parsed.toNormalizedString())) {
    return false;
  }
  return parsed.kind() === 'ipv4' ? isPublicIPv4(parsed as ipaddr.IPv4) : isPublicIPv6(parsed as ipaddr.IPv6);
}

/**
 * Parses a canonical address; IPv4-mapped IPv6 comes back as IPv4 so that it
 * is judged as the IPv4 address it really reaches. Null for anything else.
 */
function parseAddress(address: unknown): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (typeof address !== 'string') {
    return null;
  }
  // net.isIP admits only canonical spellings. ipaddr.js alone would also
  // accept inet_aton forms and read "010.0.0.1" as octal 8.0.0.1, which a
  // different consumer could read as 10.0.0.1.
  const family = isIP(address);
  if (family === 4) {
    return ipaddr.IPv4.parse(address);
  }
  // Zone ids only belong on link-local addresses, which are refused anyway.
  if (family !== 6 || address.includes('%')) {
    return null;
  }
  // ipaddr.js reads "::a.b.c.d" as the mapped "::ffff:a.b.c.d" (so ::8.8.8.8
  // would pass as 8.8.8.8); WHATWG URL serialises the dotted tail as hex first.
  const text = address.includes('.') ? new URL(`http://[${address}]/`).hostname.slice(1, -1) : address;
  const ipv6 = ipaddr.IPv6.parse(text);
  return ipv6.isIPv4MappedAddress() ? ipv6.toIPv4Address() : ipv6;
}

function isPublicIPv4(address: ipaddr.IPv4): boolean {
  if (NON_PUBLIC_IPV4.some((range) => address.match(range))) {
    return false;
  }
  return address.range() === 'unicast';
}

function isPublicIPv6(address: ipaddr.IPv6): boolean {
  // ipaddr.js calls ::7f00:1 "unicast", but the stack may treat it as 127.0.0.1.
  // IPv4-compatible addresses are deprecated (RFC 4291), so refuse them all.
  if (address.match(IPV4_COMPATIBLE_IPV6)) {
    return false;
  }
  // Translation prefixes carry an IPv4 destination: judge that instead.
  if (address.match(NAT64_WELL_KNOWN)) {
    return isPublicIPv4(ipv4FromParts(address.parts[6], address.parts[7]));
  }
  if (address.match(SIX_TO_FOUR)) {
    return isPublicIPv4(ipv4FromParts(address.parts[1], address.parts[2]));
  }
  return address.range() === 'unicast' && address.match(GLOBAL_UNICAST_IPV6);
}

function ipv4FromParts(high: number | undefined, low: number | undefined): ipaddr.IPv4 {
  const h = high ?? 0;
  const l = low ?? 0;
  return new ipaddr.IPv4([h >> 8, h & 0xff, l >> 8, l & 0xff]);
}
