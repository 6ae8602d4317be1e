import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ErrorEnvelopeDto } from './dto/error-envelope.dto';
import { ErrorCode } from './error-code';

/** Documents error answers of a route, each with the envelope schema and its codes. */
export function ApiErrors(
  ...errors: Array<[status: number, codes: ErrorCode[], description: string]>
): MethodDecorator {
  return applyDecorators(
    ...errors.map(([status, codes, description]) =>
      ApiResponse({
        status,
        description: `${description} (errorCode: ${codes.join(' or ')})`,
        type: ErrorEnvelopeDto,
      }),
    ),
  );
}
