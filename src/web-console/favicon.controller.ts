import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/auth.decorators';
import { ConsolePages } from './console-pages';

/**
 * `/favicon.ico`, which every browser asks for on every page it opens here (the console, /docs, a download):
 * the console's icon, where a 404 filled the logs. A PNG, which browsers take at that name.
 */
@ApiExcludeController()
@Public()
@Controller()
export class FaviconController {
  constructor(private readonly pages: ConsolePages) {}

  @Get('favicon.ico')
  favicon(@Res() reply: FastifyReply): void {
    const icon = this.pages.asset('favicon.png')!;
    void reply
      .code(200)
      .header('content-type', icon.contentType)
      .header('cache-control', 'public, max-age=86400')
      .send(icon.body);
  }
}
