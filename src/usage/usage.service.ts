import { Injectable } from '@nestjs/common';
import { UsageCountersRepository } from './usage-counters.repository';
import { UsageRepository } from './usage.repository';
import { UsageResponseDto } from './dto/usage.dto';

export const RECENT_REQUESTS_LIMIT = 50;

@Injectable()
export class UsageService {
  constructor(
    private readonly usage: UsageRepository,
    private readonly counters: UsageCountersRepository,
  ) {}

  async summary(apiKeyId: string): Promise<UsageResponseDto> {
    const [totals, recent] = await Promise.all([
      this.counters.totals(apiKeyId),
      this.usage.recent(apiKeyId, RECENT_REQUESTS_LIMIT),
    ]);
    return {
      success: true,
      totalRequests: totals.totalRequests,
      totalCreditsUsed: totals.totalCreditsUsed,
      recentRequests: recent.map((request) => ({
        requestId: request.requestId,
        status: request.status,
        createdAt: request.createdAt.toISOString(),
        completedAt: request.completedAt?.toISOString() ?? null,
        creditsUsed: request.status === 'completed' ? request.creditsUsed : 0,
      })),
    };
  }
}
