import { Controller, Get, Inject, Optional } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { API_VERSION } from '../common/legacy-alias';
import { Public } from '../auth/auth.decorators';
import { AppConfig } from '../config/app-config';
import { EXTENSION_BOOK_PROVIDERS, type BookProviderRegistration } from '../generation/book-provider';
import { PROVIDER_SETTINGS } from '../generation/model-writer/client/openai-settings';
import { BOOK_STYLES, BOOK_TYPES, MODELS, OUTPUT_FORMATS, type ModelDescriptor } from './catalog';
import { ConfigurationResponseDto, ModelsResponseDto } from './dto/catalog.dto';

@ApiTags('Catalog')
@Public()
@Controller({ version: API_VERSION })
export class CatalogController {
  constructor(
    private readonly config: AppConfig,
    @Optional()
    @Inject(EXTENSION_BOOK_PROVIDERS)
    private readonly extensionProviders: readonly BookProviderRegistration[] = [],
  ) {}

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
    // As GenerationService routes: the last extension naming the model id wins over the configuration.
    const extension = this.extensionProviders.filter((registration) => registration.models.includes(model.id)).at(-1);
    if (extension) {
      return {
        ...model,
        description: `${model.description} Written by the ${extension.provider.name} provider of an extension of this deployment.`,
      };
    }
    const provider = this.config.section(PROVIDER_SETTINGS).providers[model.id];
    const writer =
      provider === 'openai'
        ? 'Written by a language model through the openai provider.'
        : 'Served by the builtin offline writer: sample books, shorter than full length, for trying the API.';
    return { ...model, description: `${model.description} ${writer}` };
  }
}
