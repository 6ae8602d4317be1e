import { OUTPUT_FORMATS, CONTENT_TYPES } from '../catalog/catalog';
import { RendererRegistry } from './renderer-registry';

describe('RendererRegistry', () => {
  it('serves every output format of the catalog with its content type and extension', () => {
    const registry = new RendererRegistry();
    expect(registry.formats().sort()).toEqual([...OUTPUT_FORMATS].sort());
    for (const format of OUTPUT_FORMATS) {
      const renderer = registry.get(format);
      expect(renderer?.contentType).toBe(CONTENT_TYPES[format]);
      expect(renderer?.fileExtension).toBe(format);
    }
  });
});
