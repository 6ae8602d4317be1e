import { ApiProperty } from '@nestjs/swagger';
import { JOB_STATUSES, JobStatus } from '../../jobs/entities/book-job.entity';

export class RecentRequestDto {
  @ApiProperty({ format: 'uuid' })
  requestId!: string;

  @ApiProperty({ enum: JOB_STATUSES })
  status!: JobStatus;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When it ended; null while unfinished.',
  })
  completedAt!: string | null;

  @ApiProperty({ example: 250 })
  creditsUsed!: number;
}

export class UsageResponseDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ example: 12, description: 'Book requests accepted (202) for this key, failed jobs included.' })
  totalRequests!: number;

  @ApiProperty({ example: 2750, description: 'Sum of creditsUsed over those requests.' })
  totalCreditsUsed!: number;

  @ApiProperty({ type: [RecentRequestDto], description: 'Newest first, at most 50.' })
  recentRequests!: RecentRequestDto[];
}
