import { randomUUID } from 'node:crypto';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiException } from '../common/api-exception';
import { AppConfig } from '../config/app-config';
import { clearedConsoleCookie, SESSION_COOKIE } from './console-cookies';
import { ConsolePages } from './console-pages';
import type { ConsoleRequest } from './console-route.metadata';
import { ConsolePageError, ConsoleSignInRequired } from './web-console.exceptions';

export const SIGN_IN_PATH = '/console/sign-in';

/**
 * Errors of console routes become HTML pages (the API keeps its JSON
 * envelope): 403, 404, 400 and the rest with a message meant for a person,
 * and no internals. A missing or ended session sends the browser to sign in.
 */
@Catch()
export class ConsoleExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ConsoleExceptionFilter');

  constructor(
    private readonly pages: ConsolePages,
    private readonly config: AppConfig,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<ConsoleRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (reply.sent) return;
    if (exception instanceof ConsoleSignInRequired) {
      this.pages.redirect(reply, SIGN_IN_PATH, {
        'Set-Cookie': clearedConsoleCookie(this.config, SESSION_COOKIE),
        // htmx follows a redirect inside its request; this makes it load the sign-in page as a whole.
        ...(request.headers['hx-request'] ? { 'HX-Redirect': SIGN_IN_PATH } : {}),
      });
      return;
    }
    const error = this.toPageError(exception, request);
    const html = this.pages.render(
      'error',
      { title: error.title, signedIn: request.consoleSession },
      { status: error.status, heading: error.title, message: error.message },
    );
    this.pages.send(reply, error.status, html, error.headers);
  }

  private toPageError(exception: unknown, request: ConsoleRequest): ConsolePageError {
    if (exception instanceof ConsolePageError) return exception;
    // A shared service's refusal meant for a client (e.g. deleting the file of an unfinished job): its words fit a person too.
    if (exception instanceof ApiException && exception.status < 500) {
      const title = exception.status === 404 ? 'Not found' : exception.status === 403 ? 'Forbidden' : 'Not possible';
      return new ConsolePageError(exception.status, title, exception.message);
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status === 404) return new ConsolePageError(404, 'Not found', 'There is no such page.');
      if (status === 403) return new ConsolePageError(403, 'Forbidden', 'You do not have access to this page.');
      if (status === 413) return new ConsolePageError(413, 'Too large', 'The form sent too much data.');
      if (status < 500) return new ConsolePageError(status, 'Bad request', 'The request could not be understood.');
    }
    const incidentId = randomUUID();
    this.logger.error(
      `Unhandled console error ${incidentId} on ${request.method} ${request.routeOptions?.url ?? 'unknown route'} (request ${request.id})`,
      exception instanceof Error ? exception.stack : String(exception),
    );
    return new ConsolePageError(
      500,
      'Something went wrong',
      `The console could not complete this request (incident ${incidentId}). Try again in a moment.`,
    );
  }
}
