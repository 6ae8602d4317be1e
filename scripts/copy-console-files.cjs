// The web console's templates and assets are not TypeScript, so tsc leaves them out of dist: copied here.
const { cpSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
for (const folder of ['views', 'assets']) {
  cpSync(join(root, 'src/web-console', folder), join(root, 'dist/src/web-console', folder), { recursive: true });
}
