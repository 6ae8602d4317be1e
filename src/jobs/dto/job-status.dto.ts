import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { PublicUrls } from '../../common/public-urls';
import type { JobStatusRow } from '../jobs.repository';
import { JOB_STATUSES, JobStatus } from '../entities/book-job.entity';

/** The job record of spec section 2.2, as GET /status (and a cancel) answers it. */
export class JobStatusDto {
  @ApiProperty({ format: 'uuid' })
  requestId!: string;

  @ApiProperty({ enum: JOB_STATUSES, example: 'processing' })
  status!: JobStatus;

  @ApiProperty({ minimum: 0, maximum: 100, example: 45, description: 'Never decreases; 100 exactly when completed.' })
  progress!: number;

  @ApiProperty({ type: [String], example: ['Request accepted and queued', 'Planning the outline'] })
  messages!: string[];

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  completedAt!: string | null;

  @ApiProperty({ example: 0, description: 'Credits consumed; 0 while unfinished and for failed jobs.' })
  creditsUsed!: number;

  @ApiPropertyOptional({ description: 'Download address; present when status is completed.' })
  resultUrl?: string;

  @ApiPropertyOptional({
    description: 'Failure description; present when status is failed.',
    example: 'Insufficient credits',
  })
  error?: string;

  @ApiPropertyOptional({
    description: 'Same as error; present when status is failed.',
    example: 'Insufficient credits',
  })
  errorMessage?: string;

  @ApiPropertyOptional({
    format: 'date-time',
    description:
      'When the book file was deleted (DELETE /v1/book/{requestId} or the retention period); present only then. ' +
      'GET /v1/download answers 410 GONE from then on.',
  })
  fileDeletedAt?: string;
}

/** The one mapping from a job row to its public record, so status and cancel answers never differ. */
export function toJobStatusDto(job: JobStatusRow, urls: PublicUrls): JobStatusDto {
  const dto: JobStatusDto = {
    requestId: job.id,
    status: job.status,
    progress: job.progress,
    messages: job.messages,
    createdAt: job.createdAt.toISOString(),
    completedAt: job.completedAt?.toISOString() ?? null,
    creditsUsed: job.status === 'completed' ? job.creditsUsed : 0,
  };
  if (job.status === 'completed') {
    dto.resultUrl = urls.download(job.id);
  }
  if (job.status === 'failed') {
    dto.error = job.error ?? 'Generation failed';
    dto.errorMessage = dto.error;
  }
  if (job.fileDeletedAt) {
    dto.fileDeletedAt = job.fileDeletedAt.toISOString();
  }
  return dto;
}
