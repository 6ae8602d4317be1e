import dns from 'node:dns';
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
    ];

    it.each(hostile)('%s: %j', async (_label, url, reason) => {
      const rejection = await strictPolicy().check(url);
      expect(rejection).not.toBeNull();
      expect(rejection?.reason).toMatch(reason);
      expect(rejection?.reason.startsWith('webhook_url ')).toBe(true);
    });

    it('keeps a table of at least 40 hostile URLs', () => {
      expect(hostile.length).toBeGreaterThanOrEqual(40);
      expect(overLong.length).toBeGreaterThan(2048);
    });
  });

  describe('accepts public URLs', () => {
    it.each([
      ['https://example.com/hook', ['example.com']],
      ['https://example.com./hook', ['example.com.']],
      ['https://EXAMPLE.com/hook', ['example.com']],
      ['https://hooks.example.org:8443/x?y=1', ['hooks.example.org']],
      ['https://dual.example.net/path#frag', ['dual.example.net']],
      ['https://8.8.8.8/', []],
      ['https://[2001:4860:4860::8888]/', []],
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
    ])('lets %s through without resolving it', async (url) => {
      await expect(lenient.check(url)).resolves.toBeNull();
      expect(resolver.calls).toEqual([]);
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
