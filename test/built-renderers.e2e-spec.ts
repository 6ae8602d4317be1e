import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = join(__dirname, '..');

/**
 * The renderers as the built service loads them: compiled to dist and run
 * by Node's own module loader, not the test runner's. A dependency loaded
 * in a way only the test transform accepts (a dynamic import() of a
 * CommonJS folder, say) passes every spec and fails every book in
 * production; this runs each format of a builtin book from dist.
 */
describe('The built renderers', () => {
  beforeAll(async () => {
    await run('bash', ['scripts/ensure-built.sh'], { cwd: root });
  }, 180_000);

  it.each(['novel', 'childrens', 'comic', 'textbook'])(
    'render a builtin %s in every format',
    async (type) => {
      const script = `
      require('reflect-metadata');
      const { BuiltinBookProvider } = require('./dist/src/generation/builtin/builtin-book.provider.js');
      const { builtinRenderers } = require('./dist/src/rendering/renderer-registry.js');
      (async () => {
        const { document } = await new BuiltinBookProvider().generate(
          { requestId: '00000000-0000-4000-8000-000000000001', prompt: 'A lighthouse keeper finds a map',
            style: 'mystery', type: ${JSON.stringify(type)}, images: true, author: 'Ada Quill', customTone: '',
            model: '2.0', outputFormat: 'pdf', createdAt: '2026-01-01T00:00:00.000Z' },
          { progress: { report: () => Promise.resolve() }, signal: new AbortController().signal },
        );
        const out = {};
        for (const renderer of builtinRenderers()) {
          const file = await renderer.render(document);
          out[renderer.format] = { size: file.length, head: file.subarray(0, 5).toString('latin1') };
        }
        process.stdout.write(JSON.stringify(out));
      })().catch((error) => { console.error(error); process.exit(1); });`;
      const { stdout } = await run(process.execPath, ['-e', script], { cwd: root, maxBuffer: 16 * 1024 * 1024 });
      const files = JSON.parse(stdout) as Record<string, { size: number; head: string }>;
      expect(Object.keys(files).sort()).toEqual(['epub', 'html', 'json', 'md', 'pdf', 'txt']);
      expect(files.pdf?.head).toBe('%PDF-');
      expect(files.epub?.head.startsWith('PK')).toBe(true);
      for (const [format, file] of Object.entries(files))
        expect({ format, empty: file.size < 500 }).toEqual({ format, empty: false });
    },
    120_000,
  );
});
