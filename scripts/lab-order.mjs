#!/usr/bin/env node
// Proves that the lab's tests run alone and in any order (`npm run lab-order`, not part of
// `npm test`): each file of dist/test/lab as a whole, then each of its tests alone
// (--test-name-pattern, one process each), then the whole file with the tests of each describe
// block in reverse order (scripts/lab-order/: node:test as those files import it registers them
// backwards). Prints one line per run and exits 1 when any failed.
//
// Usage: npm run lab-order [-- FILE.test.js ...]   (default: every file of dist/test/lab)

import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'dist', 'test', 'lab');
const files = process.argv.length > 2 ? process.argv.slice(2).map((f) => path.resolve(dir, path.basename(f))) : fs.readdirSync(dir).filter((f) => f.endsWith('.test.js')).sort().map((f) => path.join(dir, f));
const register = path.join(root, 'scripts', 'lab-order', 'register.mjs');

function run(args) {
  const r = spawnSync(process.execPath, ['--test', '--test-reporter=tap', ...args], { cwd: root, encoding: 'utf8', timeout: 600_000, maxBuffer: 64 << 20 });
  const out = `${r.stdout}${r.stderr}`;
  const count = (what) => Number(new RegExp(`^# ${what} (\\d+)$`, 'm').exec(out)?.[1] ?? 0);
  return { ok: r.status === 0, pass: count('pass'), fail: count('fail'), out };
}

/** The names of the tests of a file (TAP's `ok N - name` of tests, not of their suites), in order. */
function testNames(out) {
  const names = [];
  const lines = out.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*)(?:not )?ok \d+ - (.*)$/.exec(lines[i]);
    if (!m) continue;
    // A suite's result line is followed by its `type: 'suite'` in the YAML block.
    const block = lines.slice(i + 1, i + 6).join('\n');
    if (/type: 'suite'/.test(block)) continue;
    names.push(m[2].replace(/\\#/g, '#'));
  }
  return names;
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
let failed = 0;
const report = (what, r) => {
  if (!r.ok) failed++;
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${what}: ${r.pass} passed, ${r.fail} failed`);
  if (!r.ok) console.log(r.out.split('\n').filter((l) => /not ok|error:|expected|actual/.test(l)).slice(0, 12).join('\n'));
};

for (const file of files) {
  const name = path.basename(file);
  const whole = run([file]);
  report(`${name} whole`, whole);
  const names = testNames(whole.out);
  for (const t of names) report(`${name} alone: ${t}`, run([`--test-name-pattern=^${escape(t)}$`, file]));
  report(`${name} reversed`, run(['--import', register, file]));
}
console.log(failed ? `${failed} runs failed` : 'every run passed');
process.exit(failed ? 1 : 0);
