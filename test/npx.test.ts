// Issue 37: `vrouter` as the README tells a newcomer to run it: `npx vrouter ...` in the
// checkout, and `npm link` to put it on the PATH (here into a global prefix of the test's own,
// offline, so that nothing outside the test changes).

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { tempDir } from './helpers/router.js';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const QUIET = { NPM_CONFIG_OFFLINE: 'true', NPM_CONFIG_AUDIT: 'false', NPM_CONFIG_FUND: 'false', NPM_CONFIG_UPDATE_NOTIFIER: 'false' };

function run(file: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd: ROOT, timeout: 120_000, env: { ...process.env, ...QUIET, ...env } }, (e, stdout, stderr) => {
      resolve({ code: e ? (typeof e.code === 'number' ? e.code : 1) : 0, stdout, stderr });
    });
  });
}

test('npx vrouter runs the checkout\'s command: its usage, and that of vrouter console', async () => {
  // An npm cache of its own, as a newcomer's: npx keeps what it resolved `vrouter` to in the
  // cache (a link into this checkout), and one left by an earlier checkout or build (a copy of
  // its launcher without the executable bit) would answer instead of this checkout.
  const cache = { NPM_CONFIG_CACHE: tempDir() };
  const help = await run('npx', ['--no-install', 'vrouter', '--help'], cache);
  assert.equal(help.code, 0, help.stderr);
  assert.match(help.stdout, /^Usage: vrouter \[FLAGS\]\n/);
  const console = await run('npx', ['--no-install', 'vrouter', 'console', '--help'], cache);
  assert.equal(console.code, 0, console.stderr);
  assert.match(console.stdout, /^Usage: vrouter console \[URL\] \[--user NAME\] \[--password PASSWORD\]\n/);
});

test('npm link puts vrouter on the PATH, linked to this checkout', async () => {
  const prefix = tempDir();
  try {
    const linked = await run('npm', ['link'], { NPM_CONFIG_PREFIX: prefix });
    assert.equal(linked.code, 0, linked.stderr);
    const vrouter = path.join(prefix, 'bin', 'vrouter');
    assert.equal(fs.realpathSync(vrouter), fs.realpathSync(path.join(ROOT, 'dist', 'vrouter', 'cli.js')));
    const help = await run('vrouter', ['--help'], { PATH: `${path.join(prefix, 'bin')}:${process.env.PATH}` });
    assert.equal(help.code, 0, help.stderr);
    assert.match(help.stdout, /^Usage: vrouter \[FLAGS\]\n/);
  } finally {
    fs.rmSync(prefix, { recursive: true, force: true });
  }
});
