import type { AccountsService } from '../accounts/accounts.service';
import { generateApiKey } from './api-key-format';
import type { ApiKeysRepository, KeyForVerification } from './api-keys.repository';
import { ApiKeysService } from './api-keys.service';

/** The key table, faked at the repository's interface, counting what the service asks of it. */
function setUp() {
  const generated = generateApiKey();
  const row: KeyForVerification = {
    id: generated.id,
    accountId: '7b0e8a52-4a4e-4a43-9a55-1f7f0f6e2a10',
    secretHash: generated.secretHash,
    scopes: ['books:write', 'usage:read'],
    dailyLimit: null,
    minIntervalSeconds: null,
    lastUsedAt: null,
    revokedAt: null,
    accountSuspendedAt: null,
  };
  const table = new Map([[row.id, row]]);
  const keys = {
    findForVerification: jest.fn((id: string) => Promise.resolve(table.has(id) ? { ...table.get(id)! } : null)),
    touchLastUsed: jest.fn(() => Promise.resolve()),
    revoke: jest.fn((id: string) => {
      table.get(id)!.revokedAt = new Date();
      return Promise.resolve(true);
    }),
  } satisfies Pick<ApiKeysRepository, 'findForVerification' | 'touchLastUsed' | 'revoke'>;
  const service = new ApiKeysService(keys as unknown as ApiKeysRepository, {} as AccountsService);
  return { service, keys, table, row, fullKey: generated.fullKey };
}

describe('ApiKeysService.verify', () => {
  it('reads a key from memory only where the route allows it, and from the table everywhere else', async () => {
    const { service, keys, fullKey } = setUp();
    for (let i = 0; i < 3; i += 1) expect((await service.verify(fullKey, { fromMemory: true })).outcome).toBe('ok');
    expect(keys.findForVerification).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 2; i += 1) expect((await service.verify(fullKey)).outcome).toBe('ok');
    expect(keys.findForVerification).toHaveBeenCalledTimes(3);
  });

  it('still checks the secret of a remembered key', async () => {
    const { service, fullKey } = setUp();
    await service.verify(fullKey, { fromMemory: true });
    const forged = `${fullKey.slice(0, -1)}${fullKey.endsWith('A') ? 'B' : 'A'}`;
    expect((await service.verify(forged, { fromMemory: true })).outcome).toBe('wrong_secret');
  });

  it('forgets a key it revokes, so even memory answers revoked at once', async () => {
    const { service, fullKey, row } = setUp();
    await service.verify(fullKey, { fromMemory: true });
    await service.revoke(row.id);
    expect((await service.verify(fullKey, { fromMemory: true })).outcome).toBe('revoked');
  });

  it('learns a revocation made elsewhere the next time the table is asked', async () => {
    const { service, fullKey, table, row } = setUp();
    await service.verify(fullKey, { fromMemory: true });
    table.get(row.id)!.revokedAt = new Date();
    // Memory may still say ok (the admitting transaction re-checks); the table answers revoked and refreshes memory.
    expect((await service.verify(fullKey)).outcome).toBe('revoked');
    expect((await service.verify(fullKey, { fromMemory: true })).outcome).toBe('revoked');
  });

  it('refuses the keys of a suspended account, and lets them in again once the suspension is lifted', async () => {
    const { service, fullKey, table, row } = setUp();
    table.get(row.id)!.accountSuspendedAt = new Date();
    expect((await service.verify(fullKey)).outcome).toBe('account_suspended');
    table.get(row.id)!.accountSuspendedAt = null;
    expect((await service.verify(fullKey)).outcome).toBe('ok');
  });

  it('asks the table again when memory says the account is suspended, so a lifted suspension lets the key in', async () => {
    const { service, keys, fullKey, table, row } = setUp();
    table.get(row.id)!.accountSuspendedAt = new Date();
    expect((await service.verify(fullKey)).outcome).toBe('account_suspended');
    table.get(row.id)!.accountSuspendedAt = null;
    expect((await service.verify(fullKey, { fromMemory: true })).outcome).toBe('ok');
    expect(keys.findForVerification).toHaveBeenCalledTimes(2);
  });

  it('records a key as used at most once a minute, from memory too', async () => {
    const { service, keys, fullKey } = setUp();
    for (let i = 0; i < 5; i += 1) await service.verify(fullKey, { fromMemory: true });
    expect(keys.touchLastUsed).toHaveBeenCalledTimes(1);
  });

  it('answers unknown for a key id the table does not hold, from memory as a known key is (same cost)', async () => {
    const { service, keys, fullKey, table, row } = setUp();
    table.delete(row.id);
    for (let i = 0; i < 3; i += 1)
      expect((await service.verify(fullKey, { fromMemory: true })).outcome).toBe('unknown');
    expect(keys.findForVerification).toHaveBeenCalledTimes(1);
    // Routes that may not use memory ask the table every time, and learn of a key created since.
    table.set(row.id, row);
    expect((await service.verify(fullKey)).outcome).toBe('ok');
    expect((await service.verify(fullKey, { fromMemory: true })).outcome).toBe('ok');
  });
});
