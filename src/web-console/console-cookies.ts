import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/app-config';

/** The session token: HttpOnly, SameSite=Lax, sent to /console only. */
export const SESSION_COOKIE = 'scriptorium_console';
/** The sign-in form's CSRF token before there is a session (double submit: the form carries the same value). */
export const SIGN_IN_CSRF_COOKIE = 'scriptorium_console_csrf';

const COOKIE_PATH = '/console';

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  return parseCookie(header)[name];
}

export function consoleCookie(config: AppConfig, name: string, value: string, maxAgeSeconds: number): string {
  return stringifySetCookie({
    name,
    value,
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: config.CONSOLE_COOKIE_SECURE,
    maxAge: maxAgeSeconds,
  });
}

export function clearedConsoleCookie(config: AppConfig, name: string): string {
  return consoleCookie(config, name, '', 0);
}
