import { mayOpenAccount, meetsRole, sessionState, shouldRecordActivity } from './console-access.rules';

const policy = { idleMs: 30 * 60_000, lifetimeMs: 12 * 3_600_000 };
const at = (iso: string) => new Date(iso);

describe('console session rules', () => {
  const session = { lastSeenAt: at('2030-01-01T10:00:00Z'), expiresAt: at('2030-01-01T22:00:00Z') };

  it('keeps a session active while it is used within the idle timeout', () => {
    expect(sessionState(session, at('2030-01-01T10:29:59Z'), policy)).toBe('active');
  });

  it('ends a session unused for the idle timeout', () => {
    expect(sessionState(session, at('2030-01-01T10:30:00Z'), policy)).toBe('idle');
  });

  it('ends a session at its absolute end however recently it was used', () => {
    const busy = { ...session, lastSeenAt: at('2030-01-01T21:59:00Z') };
    expect(sessionState(busy, at('2030-01-01T22:00:00Z'), policy)).toBe('expired');
  });

  it('writes activity at most once a minute', () => {
    expect(shouldRecordActivity(session, at('2030-01-01T10:00:59Z'))).toBe(false);
    expect(shouldRecordActivity(session, at('2030-01-01T10:01:00Z'))).toBe(true);
  });
});

describe('console role rules', () => {
  it('lets operators do what members may, and members not what operators may', () => {
    expect(meetsRole('operator', 'operator')).toBe(true);
    expect(meetsRole('operator', undefined)).toBe(true);
    expect(meetsRole('member', undefined)).toBe(true);
    expect(meetsRole('member', 'member')).toBe(true);
    expect(meetsRole('member', 'operator')).toBe(false);
  });

  it('opens every account to operators and only their own to members', () => {
    expect(mayOpenAccount('operator', false)).toBe(true);
    expect(mayOpenAccount('member', true)).toBe(true);
    expect(mayOpenAccount('member', false)).toBe(false);
  });
});
