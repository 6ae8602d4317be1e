import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedKey } from '../auth/api-keys.service';
import { CurrentKey, RequireScope } from '../auth/auth.decorators';
import { ApiErrors } from '../common/api-error-responses';
import { ErrorCode } from '../common/error-code';
import { API_VERSION } from '../common/legacy-alias';
import { CreditsService } from './credits.service';
import { CreditBalanceDto } from './dto/credit-balance.dto';

@ApiTags('Credits')
@ApiSecurity('ApiKey')
@Controller({ version: API_VERSION })
export class CreditsController {
  constructor(private readonly credits: CreditsService) {}

  @Get('credits')
  @RequireScope('usage:read')
  @ApiOperation({
    summary: "The account's credit balance",
    description:
      'Not rate-limited. The pool is shared by every key of the account: `available` is what new books can ' +
      'reserve now, `reserved` is held for queued and processing jobs, `balance` is both.',
  })
  @ApiResponse({ status: 200, type: CreditBalanceDto })
  @ApiErrors(
    [401, [ErrorCode.AuthRequired, ErrorCode.AuthFailed], 'Missing, invalid or unverifiable API key'],
    [403, [ErrorCode.Forbidden], 'Revoked key, suspended account, or a key without the usage:read permission'],
    [503, [ErrorCode.ServiceUnavailable], 'The database is unreachable; retry after Retry-After seconds'],
  )
  balance(@CurrentKey() key: AuthenticatedKey): Promise<CreditBalanceDto> {
    return this.credits.pool(key.accountId);
  }
}
