import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { JOB_STATUSES, JobStatus } from '../../books/entities/book-job.entity';

/** The job record of spec section 2.2, as GET /status answers it. */
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
}
