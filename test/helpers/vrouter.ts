// The `vrouter` program as a user runs it: package.json's "bin", the bundle the build writes to
// dist/vrouter (scripts/bundle.mjs). Tests that start it as a process run this; the others
// import the modules of dist/src.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const VROUTER = path.join(root, (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { bin: { vrouter: string } }).bin.vrouter);
