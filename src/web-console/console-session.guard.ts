import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { meetsRole } from './console-access.rules';
import { readCookie, SESSION_COOKIE } from './console-cookies';
import { formField } from './console-form';
import {
  CONSOLE_ANONYMOUS,
  CONSOLE_ROUTE,
  type ConsoleRequest,
  type ConsoleRouteOptions,
} from './console-route.metadata';
import { ConsoleSessionsService } from './console-sessions.service';
import { tokensMatch } from './console-tokens';
import { consoleForbidden, ConsoleSignInRequired, csrfRefused } from './web-console.exceptions';

/** The header htmx sends the session's CSRF token in (the layout sets it with hx-headers). */
export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_FIELD = '_csrf';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every console route: resolves the session cookie to its user (or sends the
 * browser to sign in), applies the route's role, and checks the session's
 * CSRF token on every request that changes something.
 */
@Injectable()
export class ConsoleSessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: ConsoleSessionsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.reflector.get<boolean>(CONSOLE_ANONYMOUS, context.getHandler()) === true) return true;
    const request = context.switchToHttp().getRequest<ConsoleRequest>();
    const signedIn = await this.sessions.resolve(readCookie(request, SESSION_COOKIE));
    if (!signedIn) throw new ConsoleSignInRequired();
    // Set before the checks below, so their error pages still show who is signed in.
    request.consoleSession = signedIn;
    if (!SAFE_METHODS.has(request.method)) {
      const header = request.headers[CSRF_HEADER];
      const presented = (Array.isArray(header) ? header[0] : header) ?? formField(request.body, CSRF_FIELD);
      if (!tokensMatch(signedIn.csrfToken, presented)) throw csrfRefused();
    }
    const options = this.reflector.getAllAndOverride<ConsoleRouteOptions | undefined>(CONSOLE_ROUTE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!meetsRole(signedIn.user.role, options?.role)) throw consoleForbidden('This page is for operators.');
    return true;
  }
}
