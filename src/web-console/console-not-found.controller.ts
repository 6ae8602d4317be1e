import { All } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ACCEPTS_FORM_BODY } from './console-form';
import { ConsoleAnonymous, ConsoleController } from './console-route.decorator';
import { consoleNotFound } from './web-console.exceptions';

/** Any other path under /console, with any method or form: an HTML 404, not the API's JSON one. */
@ConsoleController()
export class ConsoleNotFoundController {
  @All('*')
  @ConsoleAnonymous()
  @RouteConfig({ [ACCEPTS_FORM_BODY]: true })
  notFound(): never {
    throw consoleNotFound();
  }
}
