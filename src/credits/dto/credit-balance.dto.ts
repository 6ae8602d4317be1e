import { ApiProperty } from '@nestjs/swagger';

/** GET /v1/credits: the account's pool, read in one snapshot. */
export class CreditBalanceDto {
  @ApiProperty({ example: 5_000, description: 'Credits the account holds: available plus reserved.' })
  balance!: number;

  @ApiProperty({
    example: 750,
    description: 'Held for queued and processing jobs; at completion the final price is charged and the rest returned.',
  })
  reserved!: number;

  @ApiProperty({ example: 4_250, description: 'What new books can reserve now.' })
  available!: number;
}
