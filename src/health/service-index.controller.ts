import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '../auth/auth.decorators';
import { PublicUrls } from '../common/public-urls';

/** What `GET /` answers: where a newcomer who opened the bare address finds the API and its documentation. */
export interface ServiceIndex {
  service: 'Scriptorium';
  api: string;
  docs: string;
  openapi: string;
  health: string;
}

/** The bare address points the way instead of answering 404. */
@ApiExcludeController()
@Public()
@Controller()
export class ServiceIndexController {
  constructor(private readonly urls: PublicUrls) {}

  @Get()
  index(): ServiceIndex {
    return {
      service: 'Scriptorium',
      api: this.urls.api(),
      docs: this.urls.atOrigin('/docs'),
      openapi: this.urls.atOrigin('/docs-json'),
      health: this.urls.atOrigin('/health/ready'),
    };
  }
}
