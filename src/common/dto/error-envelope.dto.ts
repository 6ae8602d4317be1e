import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ErrorCode } from '../error-code';

/** Documentation of the error envelope (spec 7.1). */
export class ErrorEnvelopeDto {
  @ApiProperty({ enum: [false], example: false })
  success!: false;

  @ApiProperty({ example: 'Invalid value for \'style\': "pirate". Allowed values: automatic, action, ...' })
  error!: string;

  @ApiPropertyOptional({ example: 'Extra context about the error.' })
  details?: string;

  @ApiProperty({ enum: ErrorCode, enumName: 'ErrorCode', example: ErrorCode.InvalidParameter })
  errorCode!: ErrorCode;
}
