import { ApiProperty } from '@nestjs/swagger';
import { BOOK_STYLES, BOOK_TYPES, MODEL_IDS, OUTPUT_FORMATS } from '../catalog';

export class ConfigurationDataDto {
  @ApiProperty({ type: [String], example: BOOK_STYLES })
  styles!: string[];

  @ApiProperty({ type: [String], example: BOOK_TYPES })
  types!: string[];

  @ApiProperty({ type: [String], example: OUTPUT_FORMATS })
  formats!: string[];
}

export class ConfigurationResponseDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ type: ConfigurationDataDto })
  data!: ConfigurationDataDto;
}

export class ModelDto {
  @ApiProperty({ enum: MODEL_IDS, example: '2.0', description: 'The value to send as `model`' })
  id!: string;

  @ApiProperty({ example: 'Scriptorium 2.0' })
  name!: string;

  @ApiProperty({ example: 'Fast, well-structured books of moderate length.' })
  description!: string;

  @ApiProperty({ example: 250, description: 'Base credits per book; images add 50%.' })
  cost_per_book!: number;
}

export class ModelsResponseDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ type: [ModelDto] })
  data!: ModelDto[];
}
