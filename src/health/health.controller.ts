import { Controller, Get, HttpCode } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/auth.decorators';
import { ApiErrors } from '../common/api-error-responses';
import { ApiException } from '../common/api-exception';
import { ErrorCode } from '../common/error-code';
import { HealthService, Readiness } from './health.service';

@ApiTags('Operations')
@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get('live')
  @HttpCode(200)
  @ApiOperation({ summary: 'Liveness: the process is running and serving HTTP' })
  @ApiResponse({ status: 200, schema: { example: { status: 'ok' } } })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOperation({ summary: 'Readiness: PostgreSQL, Redis and the queues answer' })
  @ApiResponse({
    status: 200,
    schema: { example: { status: 'ok', checks: { database: 'up', redis: 'up', queues: 'up' } } },
  })
  @ApiErrors([503, [ErrorCode.ServiceUnavailable], 'A dependency is down; details name it'])
  async ready(): Promise<{ status: 'ok'; checks: Readiness['checks'] }> {
    const readiness = await this.health.readiness();
    if (!readiness.ready) {
      const down = Object.entries(readiness.checks)
        .filter(([, state]) => state === 'down')
        .map(([name]) => name);
      throw new ApiException(503, ErrorCode.ServiceUnavailable, 'Not ready', `Unavailable: ${down.join(', ')}`);
    }
    return { status: 'ok', checks: readiness.checks };
  }
}
