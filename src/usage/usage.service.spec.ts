import type { JobStatus } from '../jobs/entities/book-job.entity';
import type { KeyTotals, UsageCountersRepository } from './usage-counters.repository';
import type { RecentRequest, UsageRepository } from './usage.repository';
import { RECENT_REQUESTS_LIMIT, UsageService } from './usage.service';

const KEY_ID = 'key0000000a1';

const recent = (n: number, status: JobStatus, creditsUsed: number): RecentRequest => ({
  requestId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  status,
  createdAt: new Date(Date.UTC(2025, 2, 1, 10, n)),
  completedAt: status === 'completed' || status === 'failed' ? new Date(Date.UTC(2025, 2, 1, 11, n)) : null,
  creditsUsed,
});

function setUp(totals: KeyTotals, requests: RecentRequest[]) {
  const usage = {
    recent: jest.fn((_apiKeyId: string, _limit: number) => Promise.resolve(requests)),
  } satisfies Pick<UsageRepository, 'recent'>;
  const counters = {
    totals: jest.fn((_apiKeyId: string) => Promise.resolve(totals)),
  } satisfies Pick<UsageCountersRepository, 'totals'>;
  const service = new UsageService(usage as unknown as UsageRepository, counters as unknown as UsageCountersRepository);
  return { service, usage, counters };
}

describe('UsageService.summary', () => {
  it('answers the key’s totals and its newest requests, asking for at most the recent-requests limit', async () => {
    const { service, usage, counters } = setUp({ totalRequests: 12, totalCreditsUsed: 2_750 }, [
      recent(2, 'completed', 262),
      recent(1, 'queued', 0),
    ]);

    await expect(service.summary(KEY_ID)).resolves.toEqual({
      success: true,
      totalRequests: 12,
      totalCreditsUsed: 2_750,
      recentRequests: [
        {
          requestId: '00000000-0000-4000-8000-000000000002',
          status: 'completed',
          createdAt: '2025-03-01T10:02:00.000Z',
          completedAt: '2025-03-01T11:02:00.000Z',
          creditsUsed: 262,
        },
        {
          requestId: '00000000-0000-4000-8000-000000000001',
          status: 'queued',
          createdAt: '2025-03-01T10:01:00.000Z',
          completedAt: null,
          creditsUsed: 0,
        },
      ],
    });
    expect(counters.totals).toHaveBeenCalledWith(KEY_ID);
    expect(usage.recent).toHaveBeenCalledWith(KEY_ID, RECENT_REQUESTS_LIMIT);
  });

  it.each(['queued', 'processing', 'failed'] as const)(
    'shows no credits used for a %s request, whatever the row holds',
    async (status) => {
      const { service } = setUp({ totalRequests: 1, totalCreditsUsed: 0 }, [recent(1, status, 250)]);
      const { recentRequests } = await service.summary(KEY_ID);
      expect(recentRequests[0]!.creditsUsed).toBe(0);
    },
  );
});
