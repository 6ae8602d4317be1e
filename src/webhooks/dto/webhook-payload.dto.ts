import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** Documentation of the webhook body (spec 6.2). */
export class WebhookPayloadDto {
  @ApiProperty({ format: 'uuid' })
  requestId!: string;

  @ApiProperty({ enum: ['completed', 'failed'] })
  status!: 'completed' | 'failed';

  @ApiProperty({ format: 'date-time' })
  completedAt!: string;

  @ApiProperty({ example: 250, description: '0 when failed' })
  creditsUsed!: number;

  @ApiProperty({ type: String, nullable: true, description: 'Download address; null when failed' })
  resultUrl!: string | null;

  @ApiPropertyOptional({ description: 'Only when failed', example: 'Insufficient credits' })
  error?: string;
}
