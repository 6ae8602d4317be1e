import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedKey } from '../auth/api-keys.service';
import { CurrentKey, RequireScope } from '../auth/auth.decorators';
import { API_VERSION } from '../common/legacy-alias';
import { ApiErrors } from '../common/api-error-responses';
import { ErrorCode } from '../common/error-code';
import { UsageResponseDto } from './dto/usage.dto';
import { UsageService } from './usage.service';

@ApiTags('Usage')
@ApiSecurity('ApiKey')
@Controller({ version: API_VERSION })
export class UsageController {
  constructor(private readonly usage: UsageService) {}

  @Get('usage')
  @RequireScope('usage:read')
  @ApiOperation({
    summary: 'Credit usage and recent requests of the calling key',
    description: 'Not rate-limited. recentRequests lists at most 50 requests, newest first.',
  })
  @ApiResponse({ status: 200, type: UsageResponseDto })
  @ApiErrors(
    [401, [ErrorCode.AuthRequired, ErrorCode.AuthFailed], 'Missing, invalid or unverifiable API key'],
    [403, [ErrorCode.Forbidden], 'Revoked key, suspended account, or a key without the usage:read permission'],
    [503, [ErrorCode.ServiceUnavailable], 'The database is unreachable; retry after Retry-After seconds'],
  )
  summary(@CurrentKey() key: AuthenticatedKey): Promise<UsageResponseDto> {
    return this.usage.summary(key.id);
  }
}
