import type { BookDocument } from '../book/book-document';
import type { BookRenderer } from './book-renderer';
import { RendererRegistry } from './renderer-registry';
import { loadedFaces } from './renderers/pdf/pdf-fonts';
import { RenderingService } from './rendering.service';

describe('RenderingService start-up', () => {
  it('parses the Latin PDF faces before the first job, and leaves the other scripts lazy', async () => {
    expect(loadedFaces()).toEqual([]);
    await new RenderingService(new RendererRegistry()).onModuleInit();
    expect(loadedFaces()).toEqual(expect.arrayContaining(['serif', 'serif-bold']));
    expect(loadedFaces().filter((face) => !face.startsWith('serif'))).toEqual([]);
  });

  it('starts even when a renderer cannot warm up', async () => {
    const failing: BookRenderer = {
      format: 'txt',
      contentType: 'text/plain',
      fileExtension: 'txt',
      render: (_document: BookDocument) => Promise.resolve(Buffer.alloc(0)),
      warmUp: () => Promise.reject(new Error('font file missing')),
    };
    const registry = { all: () => [failing] } as unknown as RendererRegistry;
    await expect(new RenderingService(registry).onModuleInit()).resolves.toBeUndefined();
  });
});
