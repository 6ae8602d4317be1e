import dns, { type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { ConfigValidationError, loadConfig, webhookAllowedPorts } from '../config/app-config';
import { WebhookHttpClient } from './webhook-http-client';
import { HostResolver, systemHostResolver, WebhookUrlPolicy } from './webhook-url-policy';

/** Never the real DNS: every name a test needs is listed here. */
class FakeResolver implements HostResolver {
  readonly calls: string[] = [];

  constructor(private readonly records: Record<string, string[] | Error | 'hang'>) {}

  resolve(hostname: string): Promise<string[]> {
    this.calls.push(hostname);
    const record = this.records[hostname];
    if (record === undefined) {
      return Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
    }
    if (record === 'hang') {
      return new Promise<string[]>(() => undefined);
    }
    if (record instanceof Error) {
      return Promise.reject(record);
    }
    return Promise.resolve([...record]);
  }
}

const records: Record<string, string[] | Error | 'hang'> = {
  'example.com': ['93.184.215.14'],
  'example.com.': ['93.184.215.14'],
  'hooks.example.org': ['2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'dual.example.net': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'private-target.example.net': ['10.0.0.5'],
  'mixed.example.net': ['93.184.215.14', '192.168.0.10'],
  'mixed-v6.example.net': ['2606:2800:21f:cb07:6820:80da:af6b:8b2c', 'fd12:3456::1'],
  'empty.example.net': [],
  'servfail.example.net': Object.assign(new Error('queryA ESERVFAIL'), { code: 'ESERVFAIL' }),
  'slow.example.net': 'hang',
  '127.0.0.1.nip.io': ['127.0.0.1'],
  'rebind-mapped.example.net': ['::ffff:169.254.169.254'],
  'garbage.example.net': ['not-an-ip'],
  'octal-trick.example.net': ['010.0.0.1'],
  'metadata-ish.example.net': ['169.254.169.254'],
  // A hostile /etc/hosts or resolver must not make a metadata name acceptable.
  'metadata.google.internal': ['8.8.8.8'],
  'metadata.goog': ['8.8.8.8'],
  'metadata.tencentyun.com': ['8.8.8.8'],
  'internal-only.corp': ['8.8.8.8'],
  'printer.local': ['8.8.8.8'],
  metadata: ['8.8.8.8'],
  'instance-data': ['8.8.8.8'],
  webhooks: ['8.8.8.8'],
  'build-server': ['8.8.8.8'],
  'private-target.example.net.': ['10.0.0.5'],
  // IDN: the resolver is asked for the punycode name (bücher.example.net / .com).
  'xn--bcher-kva.example.net': ['10.1.2.3'],
  'xn--bcher-kva.example.com': ['93.184.215.14'],
  // Mixed answers: one non-public address among public ones is enough to refuse.
  'mixed-loopback.example.net': ['2606:2800:21f:cb07:6820:80da:af6b:8b2c', '127.0.0.1'],
  'mixed-mapped.example.net': ['93.184.215.14', '::ffff:127.0.0.1'],
  'mixed-metadata.example.net': ['93.184.215.14', '169.254.169.254'],
  'mixed-zero.example.net': ['93.184.215.14', '0.0.0.0'],
  'mixed-cgnat.example.net': ['8.8.8.8', '1.1.1.1', '100.64.1.1'],
  // Single non-public answers in forms a resolver can give.
  'zone.example.net': ['fe80::1%eth0'],
  'linklocal-v6.example.net': ['fe80::1'],
  'ula.example.net': ['fd00::1'],
  'nat64-private.example.net': ['64:ff9b::a00:1'],
  'sixtofour-private.example.net': ['2002:c0a8:101::1'],
  'compat.example.net': ['::127.0.0.1'],
  'multicast.example.net': ['239.1.1.1'],
  'broadcast.example.net': ['255.255.255.255'],
  'benchmark.example.net': ['198.18.0.10'],
  'unspecified-v6.example.net': ['::'],
};

const strictPolicy = (resolver: HostResolver = new FakeResolver(records), maxLength?: number) =>
  new WebhookUrlPolicy({ allowPrivate: false, resolver, maxLength, resolveTimeoutMs: 50 });

describe('WebhookUrlPolicy', () => {
  describe('WHATWG URL normalisation the policy relies on', () => {
    it.each([
      ['https://2130706433/', '127.0.0.1'],
      ['https://0x7f000001/', '127.0.0.1'],
      ['https://017700000001/', '127.0.0.1'],
      ['https://0x7f.1/', '127.0.0.1'],
      ['https://0177.0.0.1/', '127.0.0.1'],
      ['https://127.1/', '127.0.0.1'],
      ['https://0/', '0.0.0.0'],
      ['https://0xffffffff/', '255.255.255.255'],
      ['https://１２７.０.０.１/', '127.0.0.1'],
      ['https://127。0。0。1/', '127.0.0.1'],
      ['https://%31%32%37.0.0.1/', '127.0.0.1'],
      ['https://LOCALHOST./', 'localhost.'],
      ['https://[::ffff:127.0.0.1]/', '[::ffff:7f00:1]'],
      ['https://[0:0:0:0:0:ffff:7f00:1]/', '[::ffff:7f00:1]'],
      ['https://[::127.0.0.1]/', '[::7f00:1]'],
    ])('%s has hostname %s', (raw, hostname) => {
      expect(new URL(raw).hostname).toBe(hostname);
    });
  });

  describe('rejects hostile URLs (allowPrivate false)', () => {
    const overLong = `https://example.com/${'a'.repeat(2048)}`;

    const hostile: Array<[label: string, url: string, reason: RegExp]> = [
      // scheme, credentials, syntax
      ['plain http', 'http://example.com/', /must use https/],
      ['ftp', 'ftp://example.com/', /must use https/],
      ['javascript', 'javascript:alert(1)', /must use https/],
      ['file', 'file:///etc/passwd', /must use https/],
      ['data', 'data:text/plain,hi', /must use https/],
      ['ws', 'wss://example.com/', /must use https/],
      ['user and password', 'https://user:pass@example.com/', /must not contain credentials/],
      ['user only', 'https://user@example.com/', /must not contain credentials/],
      ['password only', 'https://:pass@example.com/', /must not contain credentials/],
      ['unparsable', 'not a url', /whitespace|not a valid/],
      ['relative', '/hooks/book', /not a valid absolute URL/],
      ['no host', 'https://', /not a valid absolute URL/],
      ['empty string', '', /non-empty/],
      ['over-long', overLong, /at most 2048 characters/],
      ['backslash host confusion', 'https://example.com\\@10.0.0.1/', /backslashes/],
      ['embedded newline', 'https://exa\nmple.com/', /control characters/],
      ['leading space', ' https://example.com/', /whitespace/],
      // loopback in every spelling
      ['IPv4 loopback', 'https://127.0.0.1/', /127\.0\.0\.1 is not a public address/],
      ['loopback other than .1', 'https://127.255.0.9:8443/x', /not a public address/],
      ['decimal IPv4', 'https://2130706433/', /127\.0\.0\.1 is not a public address/],
      ['hex IPv4', 'https://0x7f000001/', /127\.0\.0\.1 is not a public address/],
      ['octal IPv4', 'https://017700000001/', /127\.0\.0\.1 is not a public address/],
      ['mixed hex IPv4', 'https://0x7f.1/', /127\.0\.0\.1 is not a public address/],
      ['short IPv4', 'https://127.1/', /127\.0\.0\.1 is not a public address/],
      ['full-width digits', 'https://１２７.０.０.１/', /127\.0\.0\.1 is not a public address/],
      ['percent-encoded host', 'https://%31%32%37.0.0.1/', /127\.0\.0\.1 is not a public address/],
      ['zero', 'https://0/', /0\.0\.0\.0 is not a public address/],
      ['unspecified', 'https://0.0.0.0/', /not a public address/],
      ['IPv6 loopback', 'https://[::1]/', /\[::1\] is not a public address/],
      ['IPv6 unspecified', 'https://[::]/', /not a public address/],
      ['IPv4-mapped loopback (dotted)', 'https://[::ffff:127.0.0.1]/', /not a public address/],
      ['IPv4-mapped loopback (hex)', 'https://[::ffff:7f00:1]/', /not a public address/],
      ['IPv4-mapped private', 'https://[::ffff:10.0.0.1]/', /not a public address/],
      ['IPv4-compatible loopback', 'https://[::127.0.0.1]/', /not a public address/],
      ['IPv4-translated loopback', 'https://[::ffff:0:127.0.0.1]/', /not a public address/],
      ['NAT64 of private', 'https://[64:ff9b::10.0.0.1]/', /not a public address/],
      ['6to4 of loopback', 'https://[2002:7f00:1::1]/', /not a public address/],
      // localhost names
      ['localhost', 'https://localhost/', /host localhost is not allowed/],
      ['LOCALHOST with trailing dot', 'https://LOCALHOST./', /host localhost\. is not allowed/],
      ['localhost with two trailing dots', 'https://localhost../', /not allowed|not a valid host name/],
      ['subdomain of localhost', 'https://foo.localhost/', /host foo\.localhost is not allowed/],
      ['mixed-case subdomain of localhost', 'https://Api.LocalHost:3000/', /host api\.localhost is not allowed/],
      // private, special and reserved IPv4
      ['RFC 1918 10/8', 'https://10.0.0.1/', /not a public address/],
      ['RFC 1918 172.16/12', 'https://172.16.0.1/', /not a public address/],
      ['RFC 1918 172.31', 'https://172.31.255.255/', /not a public address/],
      ['RFC 1918 192.168/16', 'https://192.168.1.1/', /not a public address/],
      ['CGNAT', 'https://100.64.0.1/', /not a public address/],
      ['multicast', 'https://224.0.0.1/', /not a public address/],
      ['broadcast', 'https://255.255.255.255/', /not a public address/],
      ['class E', 'https://240.0.0.1/', /not a public address/],
      ['link-local IPv4', 'https://169.254.1.1/', /not a public address/],
      ['TEST-NET-1', 'https://192.0.2.1/', /not a public address/],
      ['TEST-NET-2', 'https://198.51.100.7/', /not a public address/],
      ['TEST-NET-3', 'https://203.0.113.9/', /not a public address/],
      ['benchmarking', 'https://198.18.0.1/', /not a public address/],
      ['this network', 'https://0.1.2.3/', /not a public address/],
      // IPv6 ranges
      ['IPv6 link-local', 'https://[fe80::1]/', /not a public address/],
      ['IPv6 unique local', 'https://[fc00::1]/', /not a public address/],
      ['IPv6 unique local fd', 'https://[fd12:3456::1]/', /not a public address/],
      ['IPv6 multicast', 'https://[ff02::1]/', /not a public address/],
      ['IPv6 documentation', 'https://[2001:db8::1]/', /not a public address/],
      ['IPv6 site-local', 'https://[fec0::1]/', /not a public address/],
      ['IPv6 Teredo', 'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', /not a public address/],
      ['IPv6 outside 2000::/3', 'https://[4000::1]/', /not a public address/],
      // cloud metadata
      ['AWS/GCP metadata address', 'https://169.254.169.254/latest/meta-data', /cloud metadata endpoint/],
      ['ECS metadata address', 'https://169.254.170.2/v2/credentials', /cloud metadata endpoint/],
      ['AWS IMDS IPv6', 'https://[fd00:ec2::254]/', /cloud metadata endpoint/],
      ['mapped metadata address', 'https://[::ffff:169.254.169.254]/', /cloud metadata endpoint/],
      ['decimal metadata address', 'https://2852039166/', /cloud metadata endpoint/],
      ['Alibaba metadata', 'https://100.100.100.200/latest/meta-data/', /cloud metadata endpoint/],
      ['Azure WireServer', 'https://168.63.129.16/', /cloud metadata endpoint/],
      ['GCP metadata name', 'https://metadata.google.internal/computeMetadata/v1/', /cloud metadata endpoint/],
      ['GCP metadata name, trailing dot', 'https://metadata.google.internal./', /cloud metadata endpoint/],
      ['GCP short metadata name', 'https://metadata/', /cloud metadata endpoint/],
      ['metadata.goog', 'https://metadata.goog/', /cloud metadata endpoint/],
      ['AWS instance-data', 'https://instance-data/', /cloud metadata endpoint/],
      ['AWS instance-data FQDN', 'https://instance-data.ec2.internal/', /cloud metadata endpoint/],
      ['Tencent metadata name', 'https://metadata.tencentyun.com/', /cloud metadata endpoint/],
      // internal names
      ['.local', 'https://printer.local/', /internal name/],
      ['.internal', 'https://api.internal/', /internal name/],
      ['.localdomain', 'https://box.localdomain/', /internal name/],
      ['.home.arpa', 'https://nas.home.arpa/', /internal name/],
      ['.corp', 'https://internal-only.corp/', /internal name/],
      ['.svc.cluster.local', 'https://api.default.svc.cluster.local/', /internal name/],
      ['single label', 'https://webhooks/', /fully qualified/],
      ['single label with port', 'https://build-server:8443/', /fully qualified/],
      ['empty label', 'https://a..example.com/', /not a valid host name/],
      // names judged by what they resolve to
      [
        'name resolving to 10.0.0.5',
        'https://private-target.example.net/hook',
        /resolves to a non-public address \(10\.0\.0\.5\)/,
      ],
      [
        'name resolving to one public and one private address',
        'https://mixed.example.net/',
        /non-public address \(192\.168\.0\.10\)/,
      ],
      ['name resolving to public and ULA IPv6', 'https://mixed-v6.example.net/', /non-public address \(fd12:3456::1\)/],
      ['nip.io style loopback', 'https://127.0.0.1.nip.io/', /non-public address \(127\.0\.0\.1\)/],
      ['name resolving to a mapped metadata address', 'https://rebind-mapped.example.net/', /non-public address/],
      [
        'name resolving to the metadata address',
        'https://metadata-ish.example.net/',
        /non-public address \(169\.254\.169\.254\)/,
      ],
      [
        'resolver answer that is not an IP',
        'https://garbage.example.net/',
        /non-public address \(an unparsable address\)/,
      ],
      ['resolver answer in inet_aton octal', 'https://octal-trick.example.net/', /non-public address/],
      ['name that does not resolve', 'https://nowhere.example.net/', /could not be resolved/],
      ['resolver failure', 'https://servfail.example.net/', /could not be resolved/],
      ['name resolving to nothing', 'https://empty.example.net/', /did not resolve to any address/],
      ['resolver that never answers', 'https://slow.example.net/', /could not be resolved/],
      // more IPv4 spellings (WHATWG normalises them; the policy judges the result)
      ['zero-padded octal parts', 'https://0177.0000.0000.0001/', /127\.0\.0\.1 is not a public address/],
      ['zero-padded decimal parts', 'https://127.000.000.001/', /127\.0\.0\.1 is not a public address/],
      ['hex in every part', 'https://0x7f.0x0.0x0.0x1/', /127\.0\.0\.1 is not a public address/],
      ['uppercase hex IPv4', 'https://0X7F000001/', /127\.0\.0\.1 is not a public address/],
      ['three-part short form', 'https://127.0.1/', /127\.0\.0\.1 is not a public address/],
      ['short form of 10/8', 'https://10.1/', /10\.0\.0\.1 is not a public address/],
      ['short form of 192.168/16', 'https://192.168.1/', /192\.168\.0\.1 is not a public address/],
      ['IPv4 with a trailing dot', 'https://127.0.0.1./', /127\.0\.0\.1 is not a public address/],
      ['decimal IPv4 with a trailing dot and :443', 'https://2130706433.:443/', /127\.0\.0\.1 is not a public/],
      ['full-width full stops', 'https://127．0．0．1/', /127\.0\.0\.1 is not a public address/],
      ['halfwidth ideographic full stops', 'https://127｡0｡0｡1/', /127\.0\.0\.1 is not a public address/],
      ['ideographic full stops', 'https://127。0。0。1/', /127\.0\.0\.1 is not a public address/],
      ['hex zero', 'https://0x0/', /0\.0\.0\.0 is not a public address/],
      ['double zero', 'https://00/', /0\.0\.0\.0 is not a public address/],
      ['CGNAT upper end', 'https://100.127.255.254/', /not a public address/],
      ['benchmarking 198.19', 'https://198.19.255.1/', /not a public address/],
      ['SSDP multicast', 'https://239.255.255.250/', /not a public address/],
      ['broadcast in hex', 'https://0xffffffff/', /255\.255\.255\.255 is not a public address/],
      ['IETF protocol assignments', 'https://192.0.0.8/', /not a public address/],
      ['6to4 relay anycast', 'https://192.88.99.1/', /not a public address/],
      ['metadata address in octal', 'https://0251.0376.0251.0376/', /cloud metadata endpoint/],
      ['metadata address in hex', 'https://0xA9FEA9FE/', /cloud metadata endpoint/],
      ['metadata address as a.b.c short form', 'https://169.254.43518/', /cloud metadata endpoint/],
      ['Oracle Cloud metadata', 'https://192.0.0.192/', /cloud metadata endpoint/],
      ['Tencent Cloud metadata address', 'https://169.254.0.23/', /cloud metadata endpoint/],
      // more IPv6 spellings
      ['IPv6 loopback, full form', 'https://[0:0:0:0:0:0:0:1]/', /\[::1\] is not a public address/],
      ['IPv6 loopback, leading zeros', 'https://[0000::0001]/', /\[::1\] is not a public address/],
      ['IPv6 unspecified, full form', 'https://[0:0:0:0:0:0:0:0]/', /\[::\] is not a public address/],
      ['IPv4-mapped loopback, full form', 'https://[0:0:0:0:0:ffff:127.0.0.1]/', /not a public address/],
      ['IPv4-mapped metadata (hex)', 'https://[::ffff:a9fe:a9fe]/', /cloud metadata endpoint/],
      ['IPv4-compatible private', 'https://[::10.0.0.1]/', /not a public address/],
      ['IPv4-compatible loopback (hex)', 'https://[::7f00:1]/', /not a public address/],
      ['IPv4-compatible public (deprecated form)', 'https://[::8.8.8.8]/', /not a public address/],
      ['link-local, uppercase', 'https://[FE80::1]/', /\[fe80::1\] is not a public address/],
      ['link-local, top of fe80::/10', 'https://[febf:ffff::1]/', /not a public address/],
      ['link-local with an encoded zone id', 'https://[fe80::1%25eth0]/', /not a valid absolute URL/],
      ['link-local with a raw zone id', 'https://[fe80::1%eth0]/', /not a valid absolute URL/],
      ['unique local, top of fc00::/7', 'https://[fdff:ffff:ffff::1]/', /not a public address/],
      ['NAT64 of loopback', 'https://[64:ff9b::127.0.0.1]/', /not a public address/],
      ['NAT64 of 192.168/16', 'https://[64:ff9b::192.168.0.1]/', /not a public address/],
      ['NAT64 of the metadata address', 'https://[64:ff9b::a9fe:a9fe]/', /not a public address/],
      ['NAT64 local-use prefix', 'https://[64:ff9b:1::a00:1]/', /not a public address/],
      ['6to4 of 192.168.1.1', 'https://[2002:c0a8:101::1]/', /not a public address/],
      ['6to4 of 10/8', 'https://[2002:a00:1::1]/', /not a public address/],
      ['6to4 of the metadata address', 'https://[2002:a9fe:a9fe::1]/', /not a public address/],
      ['IPv6 benchmarking', 'https://[2001:2::1]/', /not a public address/],
      ['IPv6 ORCHIDv2', 'https://[2001:20::1]/', /not a public address/],
      ['IPv6 discard-only', 'https://[100::1]/', /not a public address/],
      ['IPv6 documentation 3fff::/20', 'https://[3fff::1]/', /not a public address/],
      ['IPv6 site-local multicast', 'https://[ff05::2]/', /not a public address/],
      // IDN and punycode hosts
      ['circled letters spelling localhost', 'https://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ/', /host localhost is not allowed/],
      ['full-width localhost', 'https://ｌｏｃａｌｈｏｓｔ/', /host localhost is not allowed/],
      ['percent-encoded localhost', 'https://%6c%6f%63%61%6c%68%6f%73%74/', /host localhost is not allowed/],
      ['full-width metadata name', 'https://ｍｅｔａｄａｔａ.google.internal/', /cloud metadata endpoint/],
      ['IDN under .local', 'https://bücher.local/', /xn--bcher-kva\.local is an internal name/],
      ['punycode under .internal', 'https://xn--bcher-kva.internal/', /internal name/],
      ['IDN resolving to a private address', 'https://bücher.example.net/', /non-public address \(10\.1\.2\.3\)/],
      ['punycode resolving privately', 'https://xn--bcher-kva.example.net/', /non-public address \(10\.1\.2\.3\)/],
      ['punycode single label', 'https://xn--bcher-kva/', /fully qualified/],
      // Node 20's URL parser refuses it; Node 24's (a newer ada) parses it, and the host rule refuses it then.
      [
        'empty punycode label',
        'https://xn--/',
        /not a valid absolute URL|must be a fully qualified public domain name/,
      ],
      ['soft hyphen inside localhost', 'https://local\u00adhost/', /invisible characters/],
      ['zero-width space in the host', 'https://exa\u200bmple.com/', /invisible characters/],
      ['combining grapheme joiner in the host', 'https://exa\u034fmple.com/', /invisible characters/],
      ['variation selector in the host', 'https://example\ufe0f.com/', /invisible characters/],
      // trailing dots
      ['localhost with a trailing dot', 'https://localhost./', /host localhost\. is not allowed/],
      ['percent-encoded trailing dot', 'https://localhost%2e/', /host localhost\. is not allowed/],
      ['.local with a trailing dot', 'https://printer.local./', /internal name/],
      ['localhost.localdomain', 'https://localhost.localdomain/', /internal name/],
      ['private name with a trailing dot', 'https://private-target.example.net./', /non-public address/],
      ['only a dot', 'https://./', /not a valid host name/],
      // uppercase
      ['uppercase scheme and localhost', 'HTTPS://LOCALHOST/', /host localhost is not allowed/],
      ['uppercase metadata name', 'https://METADATA.GOOGLE.INTERNAL/', /cloud metadata endpoint/],
      ['uppercase .LOCAL', 'https://PRINTER.LOCAL/', /internal name/],
      ['uppercase private name', 'https://PRIVATE-TARGET.Example.NET/', /non-public address \(10\.0\.0\.5\)/],
      ['uppercase plain http', 'HTTP://example.com/', /must use https/],
      // credentials
      ['credentials before a public host', 'https://admin:admin@example.com/', /must not contain credentials/],
      ['empty user and password', 'https://:@example.com/', /must not contain credentials/],
      ['empty userinfo', 'https://@example.com/', /must not contain credentials/],
      ['public-looking user before a private host', 'https://example.com@10.0.0.1/', /must not contain credentials/],
      ['user:port-looking userinfo', 'https://example.com:443@127.0.0.1/', /must not contain credentials/],
      ['percent-encoded @ in the user', 'https://example.com%40evil@example.com/', /must not contain credentials/],
      ['percent-encoded backslash in the user', 'https://example.com%5c@10.0.0.1/', /must not contain credentials/],
      ['credentials and an explicit 443', 'https://user:pass@example.com:443/', /must not contain credentials/],
      // ports: only 443 unless WEBHOOK_ALLOWED_PORTS says otherwise
      ['SSH port', 'https://example.com:22/', /port 22 is not allowed; allowed ports: 443$/],
      ['Redis port', 'https://example.com:6379/', /port 6379 is not allowed; allowed ports: 443$/],
      ['port zero', 'https://example.com:0/', /port 0 is not allowed/],
      ['http port over https', 'https://example.com:80/', /port 80 is not allowed/],
      ['alternative https port', 'https://hooks.example.org:8443/x?y=1', /port 8443 is not allowed/],
      ['highest port', 'https://example.com:65535/', /port 65535 is not allowed/],
      ['PostgreSQL port on a public address', 'https://8.8.8.8:5432/', /port 5432 is not allowed/],
      ['memcached port on a public IPv6 address', 'https://[2001:4860:4860::8888]:11211/', /port 11211/],
      ['SMTP port on a name (no lookup needed)', 'https://dual.example.net:25/', /port 25 is not allowed/],
      ['port past 65535', 'https://example.com:65536/', /not a valid absolute URL/],
      ['signed port', 'https://example.com:+443/', /not a valid absolute URL/],
      ['two ports', 'https://example.com:443:80/', /not a valid absolute URL/],
      // other schemes and broken authority forms
      ['gopher', 'gopher://example.com:70/_', /must use https/],
      ['dict', 'dict://example.com:11211/stat', /must use https/],
      ['ldap', 'ldap://example.com/', /must use https/],
      ['plain ws', 'ws://example.com/', /must use https/],
      ['blob', 'blob:https://example.com/uuid', /must use https/],
      ['no slashes after the scheme', 'https:example.com/hook', /must start with https:\/\/ and the host/],
      ['one slash after the scheme', 'https:/example.com/hook', /must start with https:\/\//],
      ['three slashes after the scheme', 'https:///example.com/hook', /must start with https:\/\//],
      ['protocol-relative', '//example.com/hook', /not a valid absolute URL/],
      // fragments and queries do not change the host
      ['private host behind a fragment', 'https://10.0.0.1#@example.com/', /10\.0\.0\.1 is not a public address/],
      ['loopback behind a query', 'https://127.0.0.1?@example.com/', /127\.0\.0\.1 is not a public address/],
      ['localhost before a public-looking fragment', 'https://localhost#.example.com', /host localhost is not/],
      ['private name with a fragment', 'https://private-target.example.net/#ok', /non-public address/],
      // backslashes
      ['backslashes instead of slashes', 'https:\\\\example.com/', /backslashes/],
      ['backslash in the path', 'https://example.com/a\\b', /backslashes/],
      ['backslash before a private host', 'https://example.com\\.10.0.0.1/', /backslashes/],
      // whitespace, control and invisible characters
      ['tab in the host', 'https://exam\tple.com/', /must not contain whitespace/],
      ['CRLF header injection', 'https://example.com/\r\nX-Injected: 1', /must not contain whitespace/],
      ['NUL byte', 'https://example.com\u0000.evil.net/', /must not contain whitespace/],
      ['DEL', 'https://example.com/\u007f', /must not contain whitespace/],
      ['trailing space', 'https://example.com/ ', /must not contain whitespace/],
      ['no-break space', 'https://example.com/\u00a0', /must not contain whitespace/],
      ['C1 control (NEL)', 'https://example.com/\u0085', /must not contain whitespace/],
      ['line separator', 'https://example.com/\u2028', /must not contain whitespace/],
      ['right-to-left override', 'https://example.com/\u202egnp.exe', /must not contain whitespace/],
      ['byte order mark', '\ufeffhttps://example.com/', /must not contain whitespace/],
      ['ideographic space', 'https://example.com\u3000/', /must not contain whitespace/],
      // over the length limit (checked before anything else)
      ['5,000 characters', `https://example.com/${'a'.repeat(4980)}`, /at most 2048 characters/],
      ['one character over', `https://example.com/${'a'.repeat(2029)}`, /at most 2048 characters/],
      ['over-long host', `https://${'a'.repeat(2050)}.com/`, /at most 2048 characters/],
      ['over-long private URL', `https://127.0.0.1/${'a'.repeat(3000)}`, /at most 2048 characters/],
      // names judged by every address they resolve to
      ['public IPv6 and loopback IPv4', 'https://mixed-loopback.example.net/', /non-public address \(127\.0\.0\.1\)/],
      ['public and mapped loopback', 'https://mixed-mapped.example.net/', /non-public address \(::ffff:127\.0\.0\.1\)/],
      ['public and the metadata address', 'https://mixed-metadata.example.net/', /\(169\.254\.169\.254\)/],
      ['public and 0.0.0.0', 'https://mixed-zero.example.net/', /non-public address \(0\.0\.0\.0\)/],
      ['two public and one CGNAT', 'https://mixed-cgnat.example.net/', /non-public address \(100\.64\.1\.1\)/],
      ['link-local answer with a zone id', 'https://zone.example.net/', /non-public address \(fe80::1%eth0\)/],
      ['link-local IPv6 answer', 'https://linklocal-v6.example.net/', /non-public address \(fe80::1\)/],
      ['unique local IPv6 answer', 'https://ula.example.net/', /non-public address \(fd00::1\)/],
      ['NAT64 answer of a private address', 'https://nat64-private.example.net/', /\(64:ff9b::a00:1\)/],
      ['6to4 answer of a private address', 'https://sixtofour-private.example.net/', /\(2002:c0a8:101::1\)/],
      ['IPv4-compatible answer', 'https://compat.example.net/', /non-public address \(::127\.0\.0\.1\)/],
      ['multicast answer', 'https://multicast.example.net/', /non-public address \(239\.1\.1\.1\)/],
      ['broadcast answer', 'https://broadcast.example.net/', /non-public address \(255\.255\.255\.255\)/],
      ['benchmarking answer', 'https://benchmark.example.net/', /non-public address \(198\.18\.0\.10\)/],
      ['unspecified IPv6 answer', 'https://unspecified-v6.example.net/', /non-public address \(::\)/],
    ];

    it.each(hostile)('%s: %j', async (_label, url, reason) => {
      const rejection = await strictPolicy().check(url);
      expect(rejection).not.toBeNull();
      expect(rejection?.reason).toMatch(reason);
      expect(rejection?.reason.startsWith('webhook_url ')).toBe(true);
    });

    it('keeps a table of at least 100 hostile URLs, each with its reason', () => {
      expect(hostile.length).toBeGreaterThanOrEqual(100);
      expect(new Set(hostile.map(([label]) => label)).size).toBe(hostile.length);
      expect(overLong.length).toBeGreaterThan(2048);
    });
  });

  describe('accepts public https URLs on port 443', () => {
    it.each([
      ['https://example.com/hook', ['example.com']],
      ['https://example.com./hook', ['example.com.']],
      ['https://EXAMPLE.com/hook', ['example.com']],
      ['HTTPS://EXAMPLE.COM:443/hook', ['example.com']],
      ['https://example.com:443/hook', ['example.com']],
      ['https://hooks.example.org/x?y=1', ['hooks.example.org']],
      ['https://hooks.example.org:443/x?y=1&z=%40', ['hooks.example.org']],
      ['https://dual.example.net/path#frag', ['dual.example.net']],
      // The fragment is never sent: the host called is example.com.
      ['https://example.com/#@10.0.0.1/', ['example.com']],
      ['https://bücher.example.com/hooks', ['xn--bcher-kva.example.com']],
      ['https://xn--bcher-kva.example.com/hooks', ['xn--bcher-kva.example.com']],
      ['https://8.8.8.8/', []],
      ['https://8.8.8.8:443/', []],
      ['https://134744072/', []], // 8.8.8.8 in decimal: judged as the address it is
      ['https://[2001:4860:4860::8888]/', []],
      ['https://[2001:4860:4860::8888]:443/', []],
      ['https://[::ffff:8.8.8.8]/', []],
      ['https://[2002:808:808::1]/', []],
      ['https://[64:ff9b::8.8.8.8]/', []],
    ])('%s', async (url, expectedLookups) => {
      const resolver = new FakeResolver(records);
      await expect(strictPolicy(resolver).check(url)).resolves.toBeNull();
      // Literal addresses must not go to DNS; names must, exactly once.
      expect(resolver.calls).toEqual(expectedLookups);
    });

    it('accepts a URL of exactly maxLength characters', async () => {
      const base = 'https://example.com/';
      const url = base + 'a'.repeat(100 - base.length);
      expect(url).toHaveLength(100);
      await expect(strictPolicy(new FakeResolver(records), 100).check(url)).resolves.toBeNull();
      await expect(strictPolicy(new FakeResolver(records), 100).check(`${url}b`)).resolves.toEqual({
        reason: 'webhook_url must be at most 100 characters',
      });
    });
  });

  describe('ports (WEBHOOK_ALLOWED_PORTS)', () => {
    const withPorts = (allowedPorts: Array<[number, number]>, resolver = new FakeResolver(records)) =>
      new WebhookUrlPolicy({ allowPrivate: false, resolver, allowedPorts, resolveTimeoutMs: 50 });

    it('admits exactly the configured ports and ranges, and names them when refusing', async () => {
      const policy = withPorts([
        [443, 443],
        [8443, 8443],
        [9000, 9099],
      ]);
      for (const url of [
        'https://example.com/',
        'https://example.com:8443/',
        'https://example.com:9000/',
        'https://example.com:9099/',
      ]) {
        await expect(policy.check(url)).resolves.toBeNull();
      }
      for (const port of [22, 444, 8080, 8999, 9100]) {
        await expect(policy.check(`https://example.com:${port}/`)).resolves.toEqual({
          reason: `webhook_url port ${port} is not allowed; allowed ports: 443, 8443, 9000-9099`,
        });
      }
    });

    it('refuses the default port itself when the setting leaves 443 out', async () => {
      const policy = withPorts([[8443, 8443]]);
      await expect(policy.check('https://example.com/')).resolves.toEqual({
        reason: 'webhook_url port 443 is not allowed; allowed ports: 8443',
      });
      await expect(policy.check('https://example.com:8443/')).resolves.toBeNull();
    });

    it('does not ask DNS about a URL its port already refuses', async () => {
      const resolver = new FakeResolver(records);
      await expect(withPorts([[443, 443]], resolver).check('https://example.com:22/')).resolves.not.toBeNull();
      expect(resolver.calls).toEqual([]);
    });

    it('applies the same rule at delivery time (portRejection), without DNS', () => {
      const policy = strictPolicy();
      expect(policy.portRejection('https://example.com/hook')).toBeNull();
      expect(policy.portRejection('https://example.com:443/hook')).toBeNull();
      expect(policy.portRejection('https://example.com:6379/hook')).toEqual({
        reason: 'webhook_url port 6379 is not allowed; allowed ports: 443',
      });
      expect(withPorts([[8443, 8443]]).portRejection('https://example.com/hook')?.reason).toMatch(/port 443/);
      expect(policy.portRejection('not a url')).toEqual({ reason: 'webhook_url is not a valid absolute URL' });
    });

    it('reads WEBHOOK_ALLOWED_PORTS from the configuration: 443 by default, ports and ranges when set', () => {
      const base = { SECRETS_ENCRYPTION_KEY: 'a'.repeat(64) };
      expect(webhookAllowedPorts(loadConfig(base))).toEqual([[443, 443]]);
      expect(webhookAllowedPorts(loadConfig({ ...base, WEBHOOK_ALLOWED_PORTS: '443, 8443,9000-9099' }))).toEqual([
        [443, 443],
        [8443, 8443],
        [9000, 9099],
      ]);
    });

    it.each(['0', '65536', '22-21', '0-443', '443,', ',443', '443;8443', 'https', '-1', '1e3', ' '])(
      'refuses WEBHOOK_ALLOWED_PORTS=%j at start-up, naming the variable',
      (value) => {
        const load = () => loadConfig({ SECRETS_ENCRYPTION_KEY: 'a'.repeat(64), WEBHOOK_ALLOWED_PORTS: value });
        expect(load).toThrow(ConfigValidationError);
        expect(load).toThrow(/WEBHOOK_ALLOWED_PORTS must be comma-separated ports or port ranges from 1 to 65535/);
      },
    );
  });

  describe('DNS rebinding between submission and delivery', () => {
    /** Answers `before` until `rebind()` is called, then `after`: what a hostile authoritative server does. */
    class RebindingResolver implements HostResolver {
      private rebound = false;
      constructor(
        private readonly before: string[],
        private readonly after: string[],
      ) {}
      rebind(): void {
        this.rebound = true;
      }
      resolve(): Promise<string[]> {
        return Promise.resolve(this.rebound ? this.after : this.before);
      }
    }

    /** The connect-time DNS of the HTTP client, answering without any network. */
    const lookupAnswering =
      (addresses: string[]): LookupFunction =>
      (_hostname, _options, callback) =>
        (callback as (error: null, addresses: LookupAddress[]) => void)(
          null,
          addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
        );

    it.each([
      ['loopback', ['127.0.0.1'], /non-public address 127\.0\.0\.1/],
      ['a private address', ['10.0.0.5'], /non-public address 10\.0\.0\.5/],
      ['the metadata address', ['169.254.169.254'], /non-public address 169\.254\.169\.254/],
      ['a mapped loopback address', ['::ffff:127.0.0.1'], /non-public address ::ffff:127\.0\.0\.1/],
      ['a public and a private address', ['93.184.215.14', '192.168.0.10'], /non-public address 192\.168\.0\.10/],
      ['a unique local IPv6 address', ['fd00::1'], /non-public address fd00::1/],
    ])(
      'accepts a name that is public at submission, then refuses to connect when it resolves to %s',
      async (_label, rebound, error) => {
        const resolver = new RebindingResolver(['93.184.215.14'], rebound);
        const policy = strictPolicy(resolver);
        await expect(policy.check('https://rebind.example.net/hook')).resolves.toBeNull();

        resolver.rebind();
        // A new submission of the same name is judged afresh: nothing is cached.
        expect((await policy.check('https://rebind.example.net/hook'))?.reason).toMatch(/resolves to a non-public/);
        // Delivery: the client checks the answers it is about to connect to, before any socket opens.
        const client = new WebhookHttpClient({
          allowPrivate: false,
          timeoutMs: 2000,
          lookup: lookupAnswering(rebound),
        });
        const result = await client.post('https://rebind.example.net/hook', '{}', {});
        expect(result.statusCode).toBeNull();
        expect(result.error).toMatch(error);
      },
    );
  });

  describe('never throws', () => {
    it('turns a resolver that throws synchronously into a rejection', async () => {
      const resolver: HostResolver = {
        resolve: () => {
          throw new Error('boom');
        },
      };
      await expect(strictPolicy(resolver).check('https://example.com/')).resolves.toEqual({
        reason: 'webhook_url host example.com could not be resolved',
      });
    });

    it('treats a resolver answering with a non-array as no addresses', async () => {
      const resolver: HostResolver = { resolve: () => Promise.resolve(null as unknown as string[]) };
      await expect(strictPolicy(resolver).check('https://example.com/')).resolves.toEqual({
        reason: 'webhook_url host example.com did not resolve to any address',
      });
    });

    it('handles a non-string input', async () => {
      await expect(strictPolicy().check(undefined as unknown as string)).resolves.toEqual({
        reason: 'webhook_url must be a non-empty URL',
      });
    });
  });

  describe('allowPrivate: true (local development and tests)', () => {
    const resolver = new FakeResolver({});
    const lenient = new WebhookUrlPolicy({ allowPrivate: true, resolver });

    it.each([
      'http://127.0.0.1:9999/x',
      'https://127.0.0.1/',
      'http://localhost:3000/hooks',
      'http://[::1]:8080/',
      'http://10.0.0.5/',
      'http://receiver.internal/',
      'https://localhost:6379/',
      'https://example.com:22/',
    ])('lets %s through without resolving it', async (url) => {
      await expect(lenient.check(url)).resolves.toBeNull();
      expect(resolver.calls).toEqual([]);
    });

    it('allows any port, at submission and at delivery, even with a port list: local receivers listen anywhere', async () => {
      const withList = new WebhookUrlPolicy({ allowPrivate: true, resolver, allowedPorts: [[443, 443]] });
      await expect(withList.check('https://localhost:40123/hooks/books')).resolves.toBeNull();
      expect(withList.portRejection('https://localhost:40123/hooks/books')).toBeNull();
      expect(withList.portRejection('http://127.0.0.1:0/')).toBeNull();
    });

    it.each<[string, RegExp]>([
      ['ftp://example.com/', /must use http or https/],
      ['javascript:alert(1)', /must use http or https/],
      ['file:///etc/passwd', /must use http or https/],
      ['http://user:pass@127.0.0.1/', /must not contain credentials/],
      ['not a url', /whitespace|not a valid/],
      ['::::', /not a valid absolute URL/],
      [`http://127.0.0.1/${'a'.repeat(2048)}`, /at most 2048 characters/],
    ])('still rejects %s', async (url, reason) => {
      expect((await lenient.check(url))?.reason).toMatch(reason);
    });
  });

  describe('isPublicAddress', () => {
    it.each([
      '8.8.8.8',
      '1.1.1.1',
      '93.184.215.14',
      '172.32.0.1', // just outside 172.16/12
      '100.128.0.1', // just outside 100.64/10
      '198.20.0.1', // just outside 198.18/15
      '2001:4860:4860::8888',
      '2606:2800:21f:cb07:6820:80da:af6b:8b2c',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808', // NAT64 of a public address
      '2002:808:808::1', // 6to4 of a public address
    ])('%s is public', (address) => {
      expect(WebhookUrlPolicy.isPublicAddress(address)).toBe(true);
    });

    it.each([
      '127.0.0.1',
      '127.255.255.254',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '100.64.0.1',
      '100.127.255.255',
      '169.254.0.1',
      '169.254.169.254',
      '169.254.170.2',
      '100.100.100.200',
      '168.63.129.16',
      '0.0.0.0',
      '0.255.255.255',
      '224.0.0.1',
      '239.255.255.250',
      '255.255.255.255',
      '240.0.0.1',
      '192.0.0.1',
      '192.0.2.1',
      '198.51.100.1',
      '203.0.113.1',
      '198.18.0.1',
      '198.19.255.255',
      '192.88.99.1',
      '::',
      '::1',
      'fe80::1',
      'fe80::1%eth0',
      'fc00::1',
      'fd00:ec2::254',
      'ff02::1',
      '2001:db8::1',
      '3fff::1',
      'fec0::1',
      '100::1',
      '4000::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::127.0.0.1',
      '::7f00:1',
      '::8.8.8.8', // IPv4-compatible is deprecated: refused whatever it embeds
      '::ffff:0:127.0.0.1',
      '64:ff9b::7f00:1',
      '64:ff9b::a00:1',
      '64:ff9b:1::808:808', // local-use NAT64 prefix
      '2002:7f00:1::1',
      '2002:a00:1::1',
      '2002:a9fe:a9fe::1',
      '2001::1', // Teredo
    ])('%s is not public', (address) => {
      expect(WebhookUrlPolicy.isPublicAddress(address)).toBe(false);
    });

    it.each([
      '', // empty
      'localhost',
      'example.com',
      '127.1', // inet_aton spellings: never what a socket reports
      '0x7f.0.0.1',
      '2130706433',
      '010.0.0.1', // ipaddr.js alone would read this as octal 8.0.0.1
      '08.8.8.8',
      '[::1]',
      '[2001:4860:4860::8888]',
      '8.8.8.8/32',
      ' 8.8.8.8',
    ])('refuses the non-canonical or non-address %j', (address) => {
      expect(WebhookUrlPolicy.isPublicAddress(address)).toBe(false);
    });

    it('never throws on odd input', () => {
      expect(WebhookUrlPolicy.isPublicAddress(null as unknown as string)).toBe(false);
      expect(WebhookUrlPolicy.isPublicAddress(42 as unknown as string)).toBe(false);
    });
  });

  describe('systemHostResolver', () => {
    afterEach(() => jest.restoreAllMocks());

    it('asks getaddrinfo for every A and AAAA address in resolver order (lookup is stubbed: no real DNS)', async () => {
      const lookup = jest.spyOn(dns.promises, 'lookup').mockResolvedValue([
        { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
        { address: '93.184.215.14', family: 4 },
      ] as never);
      await expect(systemHostResolver.resolve('example.com')).resolves.toEqual([
        '2606:2800:21f:cb07:6820:80da:af6b:8b2c',
        '93.184.215.14',
      ]);
      expect(lookup).toHaveBeenCalledWith('example.com', { all: true, verbatim: true });
    });
  });
});
