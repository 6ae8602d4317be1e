import { Inject, Injectable, Optional } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { newSessionTimes, SessionPolicy, sessionState, shouldRecordActivity } from './console-access.rules';
import { ConsoleSessionsRepository } from './console-sessions.repository';
import { looksLikeToken, newToken, sessionIdOf } from './console-tokens';
import { ConsoleUsersService } from './console-users.service';
import type { ConsoleUserEntity } from './entities/console-user.entity';

/** A browser signed in as a user: what a console route knows about its caller. */
export interface SignedIn {
  sessionId: string;
  csrfToken: string;
  user: Pick<ConsoleUserEntity, 'id' | 'email' | 'role'>;
}

/** Tests give the sessions a clock of their own; the service reads the system's otherwise. */
export const CONSOLE_CLOCK = Symbol('CONSOLE_CLOCK');

export function sessionPolicyOf(config: AppConfig): SessionPolicy {
  return {
    idleMs: config.CONSOLE_SESSION_IDLE_MINUTES * 60_000,
    lifetimeMs: config.CONSOLE_SESSION_LIFETIME_HOURS * 3_600_000,
  };
}

/**
 * Console sessions. The browser holds a 256-bit token; the table holds only
 * its SHA-256, so reading the table does not let anyone sign in. A session
 * ends after CONSOLE_SESSION_IDLE_MINUTES without use or
 * CONSOLE_SESSION_LIFETIME_HOURS after sign-in, at sign-out, and (for the
 * user's other browsers) when the password changes.
 */
@Injectable()
export class ConsoleSessionsService {
  private readonly policy: SessionPolicy;
  private readonly clock: () => Date;

  constructor(
    private readonly sessions: ConsoleSessionsRepository,
    private readonly users: ConsoleUsersService,
    config: AppConfig,
    @Optional() @Inject(CONSOLE_CLOCK) clock?: () => Date,
  ) {
    this.policy = sessionPolicyOf(config);
    this.clock = clock ?? (() => new Date());
  }

  /** A new session for the user: the cookie's token, returned this once. */
  async start(user: SignedIn['user']): Promise<{ token: string; signedIn: SignedIn }> {
    const now = this.clock();
    const token = newToken();
    const csrfToken = newToken();
    const sessionId = sessionIdOf(token);
    // Sign-in is rare: the moment to clear away sessions that ended on their own.
    const { idleMs } = this.policy;
    await this.sessions.deleteEndedBefore(now, new Date(now.getTime() - idleMs));
    await this.sessions.insert({ id: sessionId, userId: user.id, csrfToken, ...newSessionTimes(now, this.policy) });
    return { token, signedIn: { sessionId, csrfToken, user: { id: user.id, email: user.email, role: user.role } } };
  }

  /** The signed-in caller of a cookie's token, or null (and the ended session deleted). */
  async resolve(token: string | undefined): Promise<SignedIn | null> {
    if (!looksLikeToken(token)) return null;
    const sessionId = sessionIdOf(token);
    const session = await this.sessions.findById(sessionId);
    if (!session) return null;
    const now = this.clock();
    if (sessionState(session, now, this.policy) !== 'active') {
      await this.sessions.delete(sessionId);
      return null;
    }
    const user = await this.users.findById(session.userId);
    if (!user || user.disabledAt) {
      await this.sessions.delete(sessionId);
      return null;
    }
    if (shouldRecordActivity(session, now)) await this.sessions.touch(sessionId, now);
    return { sessionId, csrfToken: session.csrfToken, user: { id: user.id, email: user.email, role: user.role } };
  }

  async end(sessionId: string): Promise<void> {
    await this.sessions.delete(sessionId);
  }

  /** After a password change: the user's other browsers must sign in again with the new password. */
  endOthers(signedIn: SignedIn): Promise<number> {
    return this.sessions.deleteOthersOfUser(signedIn.user.id, signedIn.sessionId);
  }
}
