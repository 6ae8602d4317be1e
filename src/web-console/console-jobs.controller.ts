import { Get, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AccountEntity } from '../accounts/entities/account.entity';
import { ApiKeysService } from '../auth/api-keys.service';
import { ApiException } from '../common/api-exception';
import { PublicUrls } from '../common/public-urls';
import { toJobStatusDto } from '../jobs/dto/job-status.dto';
import { JOB_STATUSES, TERMINAL_STATUSES, type BookJobEntity, type JobStatus } from '../jobs/entities/book-job.entity';
import { JobCancellationService } from '../jobs/job-cancellation.service';
import { JobListingRepository, type JobListingQuery } from '../jobs/job-listing.repository';
import { JobsRepository } from '../jobs/jobs.repository';
import { BookRetentionService } from '../retention/book-retention.service';
import { StatusService } from '../status/status.service';
import { AuditLogService } from './audit-log.service';
import { ConsoleAccess } from './console-access';
import { FormPost } from './console-form';
import { isUuid } from './console-input';
import { ConsolePages } from './console-pages';
import { ConsoleController, CurrentConsoleSession } from './console-route.decorator';
import type { SignedIn } from './console-sessions.service';
import { consoleNotFound } from './web-console.exceptions';

const JOBS_PAGE_SIZE = 25;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filters form as typed, shown again above the table and kept in the paging links. */
interface JobFilters {
  status: string;
  key: string;
  created_after: string;
  created_before: string;
}

/**
 * An account's jobs: the list with its filters (status, key, creation dates),
 * each job's page (live progress through the event stream, messages,
 * parameters, cost, download), cancel and delete-file buttons.
 */
@ConsoleController('console/accounts/:accountId/jobs')
export class ConsoleJobsController {
  constructor(
    private readonly pages: ConsolePages,
    private readonly access: ConsoleAccess,
    private readonly listing: JobListingRepository,
    private readonly jobs: JobsRepository,
    private readonly keys: ApiKeysService,
    private readonly cancellation: JobCancellationService,
    private readonly retention: BookRetentionService,
    private readonly statuses: StatusService,
    private readonly audit: AuditLogService,
    private readonly urls: PublicUrls,
  ) {}

  @Get()
  async list(
    @CurrentConsoleSession() signedIn: SignedIn,
    @Param('accountId') accountId: string,
    @Query() query: Record<string, unknown>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const account = await this.access.openAccount(signedIn, accountId);
    const keys = await this.keys.list(account.id);
    const filters: JobFilters = {
      status: text(query.status),
      key: text(query.key),
      created_after: text(query.created_after),
      created_before: text(query.created_before),
    };
    const parsed = toListingQuery(account.id, filters, new Set(keys.map((key) => key.keyId)));
    const startingAfter = text(query.starting_after);
    const page =
      'error' in parsed
        ? undefined
        : await this.listing.page({ ...parsed, startingAfter: isUuid(startingAfter) ? startingAfter : undefined });
    const jobs = page?.kind === 'page' ? page.jobs : [];
    const keep = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== ''));
    const last = jobs.at(-1);
    this.pages.page(
      reply,
      'jobs',
      await this.access.frame(signedIn, `Jobs · ${account.name}`, account.id),
      {
        account: { id: account.id, name: account.name },
        filters,
        statuses: JOB_STATUSES,
        keys: keys.map((key) => ({ id: key.keyId, name: key.name })),
        error: 'error' in parsed ? parsed.error : undefined,
        jobs,
        firstPageUrl: `/console/accounts/${account.id}/jobs?${keep.toString()}`,
        nextPageUrl:
          page?.kind === 'page' && page.hasMore && last
            ? `/console/accounts/${account.id}/jobs?${new URLSearchParams([...keep, ['starting_after', last.id]]).toString()}`
            : undefined,
        isLaterPage: isUuid(startingAfter),
      },
      'error' in parsed ? 400 : 200,
    );
  }

  @Get(':jobId')
  async detail(
    @CurrentConsoleSession() signedIn: SignedIn,
    @Param('accountId') accountId: string,
    @Param('jobId') jobId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const account = await this.access.openAccount(signedIn, accountId);
    const job = await this.jobOf(account, jobId);
    const status = toJobStatusDto(job, this.urls);
    const unfinished = !TERMINAL_STATUSES.includes(job.status);
    const keyName = (await this.keys.list(account.id)).find((key) => key.keyId === job.apiKeyId)?.name;
    this.pages.page(reply, 'job', await this.access.frame(signedIn, `Job ${job.id.slice(0, 8)}`, account.id), {
      account: { id: account.id, name: account.name },
      job: {
        id: job.id,
        title: job.title,
        keyName: keyName ?? job.apiKeyId,
        creditsReserved: job.creditsReserved,
        webhookUrl: job.webhookUrl,
        parameters: Object.entries(job.parameters).map(([name, value]) => ({
          name: apiFieldName(name),
          value: typeof value === 'string' ? value : JSON.stringify(value),
        })),
      },
      status,
      unfinished,
      downloadUrl: job.status === 'completed' && !job.fileDeletedAt ? `/v1/download/${job.id}` : undefined,
      // A failed job never had a file; a completed one keeps its file until deleted.
      mayDeleteFile: job.status === 'completed' && !job.fileDeletedAt,
      eventsUrl: `/v1/status/${job.id}/events`,
      liveScript: this.pages.assetUrl('job-live.js'),
    });
  }

  @FormPost(':jobId/cancel')
  async cancel(
    @CurrentConsoleSession() signedIn: SignedIn,
    @Param('accountId') accountId: string,
    @Param('jobId') jobId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const account = await this.access.openAccount(signedIn, accountId);
    const job = await this.jobOf(account, jobId);
    try {
      await this.cancellation.cancelInConsole(account.id, job.id, signedIn.user.id);
      await this.audit.record({ actor: signedIn.user.id, action: 'job.cancel', accountId: account.id, target: job.id });
    } catch (error) {
      // It finished while the page was open: its page shows how it ended.
      if (!(error instanceof ApiException && error.status === 409)) throw error;
    }
    this.pages.redirect(reply, `/console/accounts/${account.id}/jobs/${job.id}`);
  }

  @FormPost(':jobId/delete')
  async deleteFile(
    @CurrentConsoleSession() signedIn: SignedIn,
    @Param('accountId') accountId: string,
    @Param('jobId') jobId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const account = await this.access.openAccount(signedIn, accountId);
    const job = await this.jobOf(account, jobId);
    // Unfinished: BookRetentionService refuses (400), and the error page says why.
    await this.retention.deleteFileOfAccount(account.id, job.id);
    this.statuses.forget(job.id);
    if (!job.fileDeletedAt) {
      await this.audit.record({
        actor: signedIn.user.id,
        action: 'job.delete_file',
        accountId: account.id,
        target: job.id,
      });
    }
    this.pages.redirect(reply, `/console/accounts/${account.id}/jobs/${job.id}`);
  }

  /** A job of this account: another account's job is as unknown as one that does not exist. */
  private async jobOf(account: AccountEntity, jobId: string): Promise<BookJobEntity> {
    const job = isUuid(jobId) ? await this.jobs.findById(jobId) : null;
    if (!job || job.accountId !== account.id) throw consoleNotFound('There is no such job in this account.');
    return job;
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** The filters as a listing query, or what is wrong with them. Dates are UTC days, both ends included. */
function toListingQuery(
  accountId: string,
  filters: JobFilters,
  accountKeys: ReadonlySet<string>,
): Omit<JobListingQuery, 'startingAfter'> | { error: string } {
  const query: Omit<JobListingQuery, 'startingAfter'> = { accountId, limit: JOBS_PAGE_SIZE };
  if (filters.status !== '') {
    if (!(JOB_STATUSES as readonly string[]).includes(filters.status)) return { error: 'Choose a listed status.' };
    query.status = filters.status as JobStatus;
  }
  if (filters.key !== '') {
    // The listing selects by key alone, so only this account's keys may be asked for.
    if (!accountKeys.has(filters.key)) return { error: 'Choose one of the listed keys.' };
    query.apiKeyId = filters.key;
  }
  for (const [name, value] of [
    ['created_after', filters.created_after],
    ['created_before', filters.created_before],
  ] as const) {
    if (value === '') continue;
    const day = DATE.test(value) ? new Date(`${value}T00:00:00Z`) : null;
    if (!day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) {
      return { error: 'Give dates as YYYY-MM-DD.' };
    }
    if (name === 'created_after') {
      // The listing's bounds are exclusive: from the start of the day means after the microsecond before it.
      query.createdAfter = `${new Date(day.getTime() - 86_400_000).toISOString().slice(0, 10)}T23:59:59.999999Z`;
    } else {
      query.createdBefore = new Date(day.getTime() + 86_400_000).toISOString();
    }
  }
  return query;
}

/**
 * A stored parameter under the name a client sent it by (POST /v1/book's fields: `output_format`,
 * `custom_tone`), not the code's (`outputFormat`): the console shows the request as the API knows it.
 */
export function apiFieldName(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}
