import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  BOOK_STYLES,
  BOOK_TYPES,
  BookStyle,
  BookType,
  DEFAULT_MODEL,
  DEFAULT_OUTPUT_FORMAT,
  DEFAULT_STYLE,
  DEFAULT_TYPE,
  FIELD_MAX_LENGTHS,
  MODEL_IDS,
  ModelId,
  OUTPUT_FORMATS,
  OutputFormat,
  SERVICE_NAME,
} from '../../catalog/catalog';

/** Existing clients send `""` for an unused text field: it means the default, like an omitted field. */
const emptyToUndefined = ({ value }: { value: unknown }): unknown => (value === '' ? undefined : value);

/** The generation request of spec section 2.1. Every field is optional; `{}` is valid. */
export class CreateBookDto {
  @ApiPropertyOptional({
    description: 'Core idea, synopsis or instructions. Invented by the service when omitted or empty.',
    maxLength: FIELD_MAX_LENGTHS.prompt,
    example: 'A lighthouse keeper named Mara finds a map that leads under the sea.',
  })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  @MaxLength(FIELD_MAX_LENGTHS.prompt)
  prompt?: string;

  @ApiPropertyOptional({ enum: BOOK_STYLES, default: DEFAULT_STYLE, example: 'mystery' })
  @IsOptional()
  @IsString()
  @IsIn(BOOK_STYLES)
  style?: BookStyle;

  @ApiPropertyOptional({ enum: BOOK_TYPES, default: DEFAULT_TYPE, example: 'novel' })
  @IsOptional()
  @IsString()
  @IsIn(BOOK_TYPES)
  type?: BookType;

  @ApiPropertyOptional({
    type: Boolean,
    default: false,
    description: 'Generate companion illustrations; adds 50% to the price.',
  })
  @IsOptional()
  @IsBoolean()
  images?: boolean;

  @ApiPropertyOptional({
    description: `Display author credit. Defaults to "${SERVICE_NAME}" when omitted or empty.`,
    maxLength: FIELD_MAX_LENGTHS.author,
    example: 'Ada Quill',
  })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  @MaxLength(FIELD_MAX_LENGTHS.author)
  author?: string;

  @ApiPropertyOptional({
    description: 'Extra tone or voice guidance.',
    maxLength: FIELD_MAX_LENGTHS.custom_tone,
    example: 'wry, warm, unhurried',
  })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  @MaxLength(FIELD_MAX_LENGTHS.custom_tone)
  custom_tone?: string;

  @ApiPropertyOptional({ enum: MODEL_IDS, default: DEFAULT_MODEL, example: '2.0' })
  @IsOptional()
  @IsString()
  @IsIn(MODEL_IDS)
  model?: ModelId;

  @ApiPropertyOptional({ enum: OUTPUT_FORMATS, default: DEFAULT_OUTPUT_FORMAT, example: 'epub' })
  @IsOptional()
  @IsString()
  @IsIn(OUTPUT_FORMATS)
  output_format?: OutputFormat;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    format: 'uri',
    maxLength: FIELD_MAX_LENGTHS.webhook_url,
    description:
      'Public HTTPS address called once when the job ends. `null` or `""` means no webhook. ' +
      'Localhost, loopback, private, link-local and cloud metadata addresses are refused with 400 INVALID_WEBHOOK_URL.',
    example: 'https://example.com/hooks/books',
  })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  // No @MaxLength: the URL policy (WebhookUrlPolicy) enforces the limit, so an
  // over-long URL is a 400 INVALID_WEBHOOK_URL like every other refused URL.
  webhook_url?: string | null;
}

export const CREATE_BOOK_FIELDS = [
  'prompt',
  'style',
  'type',
  'images',
  'author',
  'custom_tone',
  'model',
  'output_format',
  'webhook_url',
] as const satisfies ReadonlyArray<keyof CreateBookDto>;
