import { Get, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ConsolePages } from './console-pages';
import { ConsoleAnonymous, ConsoleController } from './console-route.decorator';
import { consoleNotFound } from './web-console.exceptions';

/** The stylesheets and script of the pages, by name from a fixed list, cached for a year (their URLs carry a version). */
@ConsoleController()
export class ConsoleAssetsController {
  constructor(private readonly pages: ConsolePages) {}

  @Get('assets/:name')
  @ConsoleAnonymous()
  asset(@Param('name') name: string, @Res() reply: FastifyReply): void {
    const asset = this.pages.asset(name);
    if (!asset) throw consoleNotFound();
    void reply
      .code(200)
      .header('content-type', asset.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(asset.body);
  }
}
