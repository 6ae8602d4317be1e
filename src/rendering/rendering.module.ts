import { Module } from '@nestjs/common';
import { InterimRendererRegistry as RendererRegistry } from './interim-renderers';
import { RenderingService } from './rendering.service';

@Module({
  providers: [{ provide: RendererRegistry, useFactory: () => new RendererRegistry() }, RenderingService],
  exports: [RenderingService],
})
export class RenderingModule {}
