// Makes the package's own commands (package.json "bin") executable after a build: tsc writes
// new files without the executable bit, and `npx vrouter` in a fresh checkout runs
// dist/vrouter/cli.js as a program (npm sets the bit only on installed packages' bins, or at
// `npm link`).

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const { bin } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
for (const file of Object.values(typeof bin === 'string' ? { bin } : bin ?? {})) {
  const at = path.join(root, file);
  fs.chmodSync(at, fs.statSync(at).mode | 0o111);
}
