import { OUTPUT_FORMATS } from '../catalog/catalog';
import { RendererRegistry } from './renderer-registry';

// What each renderer owes (content type, extension, yielding, ...) is in renderer-contract.spec.ts.
describe('RendererRegistry', () => {
  it('serves every output format of the catalog, each with a renderer of that format', () => {
    const registry = new RendererRegistry();
    expect(registry.formats().sort()).toEqual([...OUTPUT_FORMATS].sort());
    for (const format of OUTPUT_FORMATS) expect(registry.get(format)?.format).toBe(format);
  });
});
