import {
  applyDecorators,
  Controller,
  createParamDecorator,
  ExecutionContext,
  SetMetadata,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '../auth/auth.decorators';
import { ConsoleExceptionFilter } from './console-exception.filter';
import {
  CONSOLE_ANONYMOUS,
  CONSOLE_ROUTE,
  type ConsoleRequest,
  type ConsoleRouteOptions,
} from './console-route.metadata';
import { ConsoleSessionGuard } from './console-session.guard';
import type { SignedIn } from './console-sessions.service';

/**
 * A web-console controller under /console: no API key (the console has its
 * own sessions), every route signed-in unless marked @ConsoleAnonymous(),
 * errors as HTML pages, and out of the OpenAPI document.
 */
export const ConsoleController = (path = 'console'): ClassDecorator =>
  applyDecorators(
    Controller(path),
    Public(),
    ApiExcludeController(),
    UseGuards(ConsoleSessionGuard),
    UseFilters(ConsoleExceptionFilter),
  );

/** What a route needs beyond a session: `@ConsoleRoute({ role: 'operator' })`. */
export const ConsoleRoute = (options: ConsoleRouteOptions = {}): MethodDecorator & ClassDecorator =>
  SetMetadata(CONSOLE_ROUTE, options);

/** A console route that needs no session (sign-in, assets); it checks its own CSRF token when it takes a form. */
export const ConsoleAnonymous = (): MethodDecorator => SetMetadata(CONSOLE_ANONYMOUS, true);

/** The signed-in caller, set by ConsoleSessionGuard. */
export const CurrentConsoleSession = createParamDecorator((_: unknown, context: ExecutionContext): SignedIn => {
  const request = context.switchToHttp().getRequest<ConsoleRequest>();
  if (!request.consoleSession) throw new Error('CurrentConsoleSession used on a route without a console session');
  return request.consoleSession;
});
