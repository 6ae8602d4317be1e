import type { ConsoleRole } from './entities/console-user.entity';

/** How long sessions last, from the CONSOLE_SESSION_* settings. */
export interface SessionPolicy {
  idleMs: number;
  lifetimeMs: number;
}

export type SessionState = 'active' | 'idle' | 'expired';

/** Activity is written at most this often: a page view costs no write, the idle timeout stays exact to a minute. */
export const ACTIVITY_RESOLUTION_MS = 60_000;

/** The times of a session started `now`. */
export function newSessionTimes(now: Date, policy: SessionPolicy): { lastSeenAt: Date; expiresAt: Date } {
  return { lastSeenAt: now, expiresAt: new Date(now.getTime() + policy.lifetimeMs) };
}

/** A session past its absolute end is expired; one unused for longer than the idle timeout is idle; both are over. */
export function sessionState(
  session: { lastSeenAt: Date; expiresAt: Date },
  now: Date,
  policy: SessionPolicy,
): SessionState {
  if (now.getTime() >= session.expiresAt.getTime()) return 'expired';
  if (now.getTime() - session.lastSeenAt.getTime() >= policy.idleMs) return 'idle';
  return 'active';
}

export function shouldRecordActivity(session: { lastSeenAt: Date }, now: Date): boolean {
  return now.getTime() - session.lastSeenAt.getTime() >= ACTIVITY_RESOLUTION_MS;
}

/** An operator may do everything; a member what needs no operator. */
export function meetsRole(role: ConsoleRole, required: ConsoleRole | undefined): boolean {
  return required === undefined || required === 'member' || role === 'operator';
}

/** Operators open every account; members only those they belong to. */
export function mayOpenAccount(role: ConsoleRole, isMemberOfAccount: boolean): boolean {
  return role === 'operator' || isMemberOfAccount;
}
