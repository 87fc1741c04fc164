// `npm test`: Node's test runner over the built tests, `dist/test/**/*.test.js`, one file more
// at a time than the machine has cores. Most files spend much of their time waiting (on a
// router or a real client beside them, on a timer of the behaviour they test): two at a time
// kept this 2-core machine 58% busy and took 412 s, three 75% and 325 s; four took longer again
// (357 s), the files then waiting for the CPU.
// The runner is given the files, not the directory: given `dist/test/` it would also run
// every other module there as a test file, helpers and the corpus recorders among them (which
// rewrite test/corpus/*.json), each in a process of its own. Arguments after `npm test --`
// go to the runner (`npm test -- --test-name-pattern=snmp`).

import { spawnSync } from 'node:child_process';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const tests = path.join(root, 'dist', 'test');
/** Every file below `dir`, as a path relative to `tests` (a walk of its own: Node 20.0's readdirSync has no `recursive`). */
const below = (dir) => fs.readdirSync(path.join(tests, dir), { withFileTypes: true })
  .flatMap((e) => (e.isDirectory() ? below(path.join(dir, e.name)) : [path.join(dir, e.name)]));
const files = below('')
  .filter((f) => f.endsWith('.test.js'))
  .sort()
  .map((f) => path.join(tests, f));
const run = spawnSync(process.execPath, ['--test', `--test-concurrency=${os.availableParallelism() + 1}`, ...process.argv.slice(2), ...files], { stdio: 'inherit' });
process.exit(run.status ?? 1);
