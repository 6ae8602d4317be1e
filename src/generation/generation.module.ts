import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config';
import { BOOK_PROVIDERS, EXTENSION_BOOK_PROVIDERS, type BookProviderRegistration } from './book-provider';
import { defaultBookProviders } from './default-book-providers';
import { GenerationSectionEntity } from './entities/generation-section.entity';
import { GenerationSectionsRepository } from './generation-sections.repository';
import { GenerationService } from './generation.service';

@Module({
  imports: [TypeOrmModule.forFeature([GenerationSectionEntity])],
  providers: [
    GenerationSectionsRepository,
    {
      // The configured routing first, then what extensions register: theirs wins for the model ids they name.
      provide: BOOK_PROVIDERS,
      inject: [AppConfig, { token: EXTENSION_BOOK_PROVIDERS, optional: true }],
      useFactory: (config: AppConfig, extensions: BookProviderRegistration[] = []): BookProviderRegistration[] => [
        ...defaultBookProviders(config),
        ...extensions,
      ],
    },
    GenerationService,
  ],
  exports: [GenerationService],
})
export class GenerationModule {}
