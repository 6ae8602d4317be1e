import { Module } from '@nestjs/common';
import { BOOK_RENDERERS, EXTENSION_BOOK_RENDERERS, type BookRenderer } from './book-renderer';
import { builtinRenderers, RendererRegistry } from './renderer-registry';
import { RenderingService } from './rendering.service';

@Module({
  providers: [
    {
      // The builtin renderers first, then the extensions': theirs replace the builtin one of their format.
      provide: BOOK_RENDERERS,
      inject: [{ token: EXTENSION_BOOK_RENDERERS, optional: true }],
      useFactory: (extensions: BookRenderer[] = []): BookRenderer[] => [...builtinRenderers(), ...extensions],
    },
    RendererRegistry,
    RenderingService,
  ],
  exports: [RenderingService],
})
export class RenderingModule {}
