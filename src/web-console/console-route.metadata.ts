import type { FastifyRequest } from 'fastify';
import type { SignedIn } from './console-sessions.service';
import type { ConsoleRole } from './entities/console-user.entity';

export const CONSOLE_ROUTE = 'scriptorium:console-route';
export const CONSOLE_ANONYMOUS = 'scriptorium:console-anonymous';

export interface ConsoleRouteOptions {
  /** `operator`: members get 403. Unset: any signed-in user. */
  role?: ConsoleRole;
}

/** A console request once ConsoleSessionGuard has resolved its session. */
export type ConsoleRequest = FastifyRequest & { consoleSession?: SignedIn };
