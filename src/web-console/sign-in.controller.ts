import { Body, Get, Req, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AppConfig } from '../config/app-config';
import { ANONYMOUS_ACTOR, AuditLogService } from './audit-log.service';
import {
  clearedConsoleCookie,
  consoleCookie,
  readCookie,
  SESSION_COOKIE,
  SIGN_IN_CSRF_COOKIE,
} from './console-cookies';
import { formField, FormPost } from './console-form';
import { ConsolePages } from './console-pages';
import { ConsoleAccess } from './console-access';
import { ConsoleAnonymous, ConsoleController, CurrentConsoleSession } from './console-route.decorator';
import type { ConsoleRequest } from './console-route.metadata';
import { CSRF_FIELD } from './console-session.guard';
import { ConsoleSessionsService, type SignedIn } from './console-sessions.service';
import { looksLikeToken, newToken, tokensMatch } from './console-tokens';
import { ConsoleUserError, ConsoleUsersService, normaliseEmail, PASSWORD_MIN_LENGTH } from './console-users.service';
import { SignInThrottle } from './sign-in-throttle';
import { csrfRefused } from './web-console.exceptions';

/** One message for every refused sign-in: it never tells whether the email exists. */
export const SIGN_IN_REFUSED = 'The email or password is not right.';

/** How long the sign-in form's CSRF cookie lasts (a form left open longer is simply reloaded). */
const SIGN_IN_CSRF_SECONDS = 2 * 3600;

/** Sign-in, sign-out and password change. */
@ConsoleController()
export class SignInController {
  constructor(
    private readonly pages: ConsolePages,
    private readonly access: ConsoleAccess,
    private readonly sessions: ConsoleSessionsService,
    private readonly users: ConsoleUsersService,
    private readonly throttle: SignInThrottle,
    private readonly audit: AuditLogService,
    private readonly config: AppConfig,
  ) {}

  @Get('sign-in')
  @ConsoleAnonymous()
  async signInPage(@Req() request: ConsoleRequest, @Res() reply: FastifyReply): Promise<void> {
    if (await this.sessions.resolve(readCookie(request, SESSION_COOKIE))) {
      this.pages.redirect(reply, '/console');
      return;
    }
    this.showSignIn(request, reply, 200);
  }

  @FormPost('sign-in')
  @ConsoleAnonymous()
  async signIn(@Req() request: ConsoleRequest, @Body() body: unknown, @Res() reply: FastifyReply): Promise<void> {
    // No session yet: the form proves it came from our page by carrying the value of the cookie that page set.
    if (!tokensMatch(readCookie(request, SIGN_IN_CSRF_COOKIE), formField(body, CSRF_FIELD))) throw csrfRefused();
    const email = formField(body, 'email');
    const password = formField(body, 'password');
    const admission = await this.throttle.admit(email, request.ip);
    if (!admission.allowed) {
      await this.audit.record({
        actor: ANONYMOUS_ACTOR,
        action: 'console.sign_in_failed',
        target: normaliseEmail(email).slice(0, 254),
        details: { reason: 'rate_limited', ip: request.ip },
      });
      const minutes = Math.ceil(admission.retryAfterSeconds / 60);
      this.showSignIn(request, reply, 429, {
        error: `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        email,
        headers: { 'Retry-After': String(admission.retryAfterSeconds) },
      });
      return;
    }
    const { user, knownUserId } = await this.users.authenticate(email, password);
    if (!user) {
      await this.audit.record({
        actor: knownUserId ?? ANONYMOUS_ACTOR,
        action: 'console.sign_in_failed',
        target: normaliseEmail(email).slice(0, 254),
        details: { reason: 'bad_credentials', ip: request.ip },
      });
      this.showSignIn(request, reply, 401, { error: SIGN_IN_REFUSED, email });
      return;
    }
    await this.throttle.succeeded(email);
    const { token } = await this.sessions.start(user);
    await this.audit.record({
      actor: user.id,
      action: 'console.sign_in',
      target: user.email,
      details: { ip: request.ip },
    });
    this.pages.redirect(reply, '/console', {
      'Set-Cookie': [
        consoleCookie(this.config, SESSION_COOKIE, token, this.config.CONSOLE_SESSION_LIFETIME_HOURS * 3600),
        clearedConsoleCookie(this.config, SIGN_IN_CSRF_COOKIE),
      ],
    });
  }

  @FormPost('sign-out')
  async signOut(@CurrentConsoleSession() signedIn: SignedIn, @Res() reply: FastifyReply): Promise<void> {
    await this.sessions.end(signedIn.sessionId);
    await this.audit.record({ actor: signedIn.user.id, action: 'console.sign_out', target: signedIn.user.email });
    this.pages.redirect(reply, '/console/sign-in', {
      'Set-Cookie': clearedConsoleCookie(this.config, SESSION_COOKIE),
    });
  }

  @Get('password')
  async passwordPage(@CurrentConsoleSession() signedIn: SignedIn, @Res() reply: FastifyReply): Promise<void> {
    this.pages.page(reply, 'password', await this.access.frame(signedIn, 'Change password'), {
      minLength: PASSWORD_MIN_LENGTH,
    });
  }

  @FormPost('password')
  async changePassword(
    @CurrentConsoleSession() signedIn: SignedIn,
    @Body() body: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const frame = await this.access.frame(signedIn, 'Change password');
    const next = formField(body, 'new_password');
    if (next !== formField(body, 'confirm_password')) {
      this.pages.page(
        reply,
        'password',
        frame,
        { minLength: PASSWORD_MIN_LENGTH, error: 'The new passwords differ.' },
        400,
      );
      return;
    }
    try {
      await this.users.changePassword(signedIn.user.id, formField(body, 'current_password'), next);
    } catch (error) {
      if (!(error instanceof ConsoleUserError)) throw error;
      this.pages.page(reply, 'password', frame, { minLength: PASSWORD_MIN_LENGTH, error: error.message }, 400);
      return;
    }
    const ended = await this.sessions.endOthers(signedIn);
    await this.audit.record({
      actor: signedIn.user.id,
      action: 'console.password_change',
      target: signedIn.user.email,
      details: { otherSessionsEnded: ended },
    });
    this.pages.page(reply, 'password', frame, {
      minLength: PASSWORD_MIN_LENGTH,
      notice: 'Your password was changed. Your other browsers have been signed out.',
    });
  }

  private showSignIn(
    request: ConsoleRequest,
    reply: FastifyReply,
    status: number,
    options: { error?: string; email?: string; headers?: Record<string, string> } = {},
  ): void {
    const existing = readCookie(request, SIGN_IN_CSRF_COOKIE);
    const csrfToken = looksLikeToken(existing) ? existing : newToken();
    const html = this.pages.render(
      'sign-in',
      { title: 'Sign in', csrfToken },
      { error: options.error, email: options.email ?? '' },
    );
    this.pages.send(reply, status, html, {
      ...options.headers,
      'Set-Cookie': consoleCookie(this.config, SIGN_IN_CSRF_COOKIE, csrfToken, SIGN_IN_CSRF_SECONDS),
    });
  }
}
