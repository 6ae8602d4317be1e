import { AppConfig } from '../config/app-config';
import type { ConsoleSessionsRepository } from './console-sessions.repository';
import { ConsoleSessionsService } from './console-sessions.service';
import { sessionIdOf } from './console-tokens';
import type { ConsoleUsersService } from './console-users.service';
import type { ConsoleSessionEntity } from './entities/console-session.entity';
import type { ConsoleUserEntity } from './entities/console-user.entity';

/** The sessions table and the users, faked at their interfaces; a clock the test moves. */
function setUp() {
  const config = Object.assign(new AppConfig(), {
    CONSOLE_SESSION_IDLE_MINUTES: 30,
    CONSOLE_SESSION_LIFETIME_HOURS: 2,
  });
  const rows = new Map<string, ConsoleSessionEntity>();
  const sessions = {
    insert: jest.fn((row: Omit<ConsoleSessionEntity, 'createdAt'>) => {
      rows.set(row.id, { ...row, createdAt: new Date(row.lastSeenAt) });
      return Promise.resolve();
    }),
    findById: jest.fn((id: string) => Promise.resolve(rows.has(id) ? { ...rows.get(id)! } : null)),
    touch: jest.fn((id: string, lastSeenAt: Date) => {
      rows.get(id)!.lastSeenAt = lastSeenAt;
      return Promise.resolve();
    }),
    delete: jest.fn((id: string) => Promise.resolve(void rows.delete(id))),
    deleteOthersOfUser: jest.fn((userId: string, keepId: string) => {
      let ended = 0;
      for (const [id, row] of rows) if (row.userId === userId && id !== keepId && rows.delete(id)) ended += 1;
      return Promise.resolve(ended);
    }),
    deleteEndedBefore: jest.fn(() => Promise.resolve()),
  } satisfies Partial<Record<keyof ConsoleSessionsRepository, unknown>>;
  const user: ConsoleUserEntity = {
    id: '0b7b6f3c-1d7e-4a8b-9a55-3c1f0f6e2a10',
    email: 'ada@example.com',
    passwordHash: '$argon2id$...',
    role: 'member',
    createdAt: new Date('2030-01-01T00:00:00Z'),
    disabledAt: null,
  };
  const users = { findById: jest.fn((id: string) => Promise.resolve(id === user.id ? user : null)) };
  let now = new Date('2030-01-01T10:00:00Z');
  const service = new ConsoleSessionsService(
    sessions as unknown as ConsoleSessionsRepository,
    users as unknown as ConsoleUsersService,
    config,
    () => now,
  );
  const advance = (minutes: number) => (now = new Date(now.getTime() + minutes * 60_000));
  return { service, sessions, rows, user, advance };
}

describe('ConsoleSessionsService', () => {
  it('stores only the SHA-256 of the token and resolves the token to its user', async () => {
    const { service, rows, user } = setUp();
    const { token, signedIn } = await service.start(user);
    expect([...rows.keys()]).toEqual([sessionIdOf(token)]);
    expect(JSON.stringify([...rows.values()])).not.toContain(token);
    expect(await service.resolve(token)).toEqual(signedIn);
    expect(signedIn.csrfToken).not.toBe(token);
  });

  it('refuses tokens that are not a session: malformed, unknown, or the stored hash itself', async () => {
    const { service, user } = setUp();
    const { token } = await service.start(user);
    expect(await service.resolve(undefined)).toBeNull();
    expect(await service.resolve('short')).toBeNull();
    expect(await service.resolve(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(await service.resolve(sessionIdOf(token))).toBeNull();
  });

  it('ends a session left idle, and deletes it', async () => {
    const { service, rows, user, advance } = setUp();
    const { token } = await service.start(user);
    advance(29);
    expect(await service.resolve(token)).not.toBeNull();
    advance(29);
    expect(await service.resolve(token)).not.toBeNull();
    advance(30);
    expect(await service.resolve(token)).toBeNull();
    expect(rows.size).toBe(0);
  });

  it('ends a session at its absolute lifetime however busy it is', async () => {
    const { service, user, advance } = setUp();
    const { token } = await service.start(user);
    for (let minute = 0; minute < 119; minute += 20) {
      expect(await service.resolve(token)).not.toBeNull();
      advance(20);
    }
    expect(await service.resolve(token)).toBeNull();
  });

  it('writes activity at most once a minute', async () => {
    const { service, sessions, user, advance } = setUp();
    const { token } = await service.start(user);
    for (let i = 0; i < 5; i += 1) await service.resolve(token);
    expect(sessions.touch).not.toHaveBeenCalled();
    advance(1);
    await service.resolve(token);
    expect(sessions.touch).toHaveBeenCalledTimes(1);
  });

  it("ends a disabled user's sessions", async () => {
    const { service, user, rows } = setUp();
    const { token } = await service.start(user);
    user.disabledAt = new Date();
    expect(await service.resolve(token)).toBeNull();
    expect(rows.size).toBe(0);
  });

  it("ends the user's other sessions, not the current one, nor another user's", async () => {
    const { service, user, rows } = setUp();
    const current = await service.start(user);
    const other = await service.start(user);
    const someoneElse = await service.start({ ...user, id: 'a2f1c3b0-0000-4000-8000-000000000000' });
    expect(await service.endOthers(current.signedIn)).toBe(1);
    expect(await service.resolve(current.token)).not.toBeNull();
    expect(await service.resolve(other.token)).toBeNull();
    expect(rows.has(someoneElse.signedIn.sessionId)).toBe(true);
  });

  it('signs out: the token no longer resolves', async () => {
    const { service, user } = setUp();
    const { token, signedIn } = await service.start(user);
    await service.end(signedIn.sessionId);
    expect(await service.resolve(token)).toBeNull();
  });
});
