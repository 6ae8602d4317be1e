import { Module } from '@nestjs/common';
import { RendererRegistry } from './renderer-registry';
import { RenderingService } from './rendering.service';

@Module({
  providers: [RendererRegistry, RenderingService],
  exports: [RenderingService],
})
export class RenderingModule {}
