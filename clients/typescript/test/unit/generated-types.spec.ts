import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

/** The committed types follow the committed openapi.json, so an API change shows in the client's review too. */
describe('src/generated/openapi.ts', () => {
  it('is what `npm run generate` makes from openapi.json', async () => {
    const packageRoot = resolve(__dirname, '../..');
    const run = promisify(execFile)(process.execPath, ['scripts/generate-types.mjs', '--check'], { cwd: packageRoot });

    const { stdout } = await run;
    expect(stdout).toContain('up to date');
  });
});
