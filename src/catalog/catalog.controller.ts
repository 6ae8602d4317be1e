import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/auth.decorators';
import { BOOK_STYLES, BOOK_TYPES, MODELS, OUTPUT_FORMATS } from './catalog';
import { ConfigurationResponseDto, ModelsResponseDto } from './dto/catalog.dto';

@ApiTags('Catalog')
@Public()
@Controller('v1')
export class CatalogController {
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
  @ApiOperation({ summary: 'List the available models and their base price' })
  @ApiResponse({ status: 200, type: ModelsResponseDto })
  models(): ModelsResponseDto {
    return { success: true, data: MODELS.map((model) => ({ ...model })) };
  }
}
