import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { API_VERSION } from '../common/legacy-alias';
import { Public } from '../auth/auth.decorators';
import { AppConfig } from '../config/app-config';
import { PROVIDER_SETTINGS } from '../generation/openai/openai-settings';
import { BOOK_STYLES, BOOK_TYPES, MODELS, OUTPUT_FORMATS, type ModelDescriptor } from './catalog';
import { ConfigurationResponseDto, ModelsResponseDto } from './dto/catalog.dto';

@ApiTags('Catalog')
@Public()
@Controller({ version: API_VERSION })
export class CatalogController {
  constructor(private readonly config: AppConfig) {}

  @Get('configuration')
  @ApiOperation({ summary: 'List the valid style, type and output_format values' })
  @ApiResponse({ status: 200, type: ConfigurationResponseDto })
  configuration(): ConfigurationResponseDto {
    return {
      success: true,
      data: { styles: [...BOOK_STYLES], types: [...BOOK_TYPES], formats: [...OUTPUT_FORMATS] },
    };
  }

  @Get('models')
  @ApiOperation({
    summary: 'List the available models and their base price',
    description: "Each description ends by saying who writes that model id's books on this deployment.",
  })
  @ApiResponse({ status: 200, type: ModelsResponseDto })
  models(): ModelsResponseDto {
    return { success: true, data: MODELS.map((model) => this.describe(model)) };
  }

  /** Clients choose a model by its description: it must say whether a language model or the sample writer answers. */
  private describe(model: ModelDescriptor): ModelDescriptor {
    const provider = this.config.section(PROVIDER_SETTINGS).providers[model.id];
    const writer =
      provider === 'openai'
        ? 'Written by a language model through the openai provider.'
        : 'Served by the builtin offline writer: sample books, shorter than full length, for trying the API.';
    return { ...model, description: `${model.description} ${writer}` };
  }
}
