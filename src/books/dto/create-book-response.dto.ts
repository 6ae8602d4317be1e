import { ApiProperty } from '@nestjs/swagger';

export class CreateBookResponseDto {
  @ApiProperty({ enum: [true], example: true })
  success!: true;

  @ApiProperty({ format: 'uuid', example: '3f0b2c7e-5d1a-4c8e-9a51-2f6f0c1d9b7a' })
  requestId!: string;

  @ApiProperty({ enum: ['queued'], example: 'queued' })
  status!: 'queued';

  @ApiProperty({ example: 'http://localhost:3000/v1/status/3f0b2c7e-5d1a-4c8e-9a51-2f6f0c1d9b7a' })
  statusUrl!: string;

  @ApiProperty({
    example: 'Book generation started. Poll statusUrl (every 120 seconds is plenty) or wait for the webhook.',
  })
  message!: string;
}
