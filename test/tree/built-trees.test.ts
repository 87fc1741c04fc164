// The older releases' trees the build makes whole (scripts/trees.mjs) are the trees the
// differences make: a router started from the bundle reads them instead of applying fifteen
// differences, and must see the same release. Each is named by a hash of the files it comes
// from, so that a tree/ changed after the build is never answered from an older file.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { NEWEST_RELEASE, RELEASES, releaseTree } from '../../src/tree/tree.js';
import { call, tempDir } from '../helpers/router.js';
import { VROUTER } from '../helpers/vrouter.js';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const BUILT = path.join(ROOT, 'dist', 'trees');

test('the build made every older release whole, each file the tree its differences make', () => {
  const index = JSON.parse(fs.readFileSync(path.join(BUILT, 'index.json'), 'utf8')) as Record<string, string>;
  assert.deepEqual(Object.keys(index), RELEASES.filter((v) => v !== NEWEST_RELEASE));
  assert.equal(Object.keys(index).length, 15, '7.9 to 7.23 beside the newest, 7.24');
  for (const [version, name] of Object.entries(index)) {
    // Here releaseTree applies the differences (dist/src has no built trees).
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(BUILT, name), 'utf8')), releaseTree(version), version);
  }
});

test('each built tree is named by a hash of the newest tree and the differences down to its release', () => {
  const index = JSON.parse(fs.readFileSync(path.join(BUILT, 'index.json'), 'utf8')) as Record<string, string>;
  for (const [version, name] of Object.entries(index)) {
    const hash = crypto.createHash('sha256');
    hash.update(fs.readFileSync(path.join(ROOT, 'tree', `routeros-${NEWEST_RELEASE}.json`)));
    for (const v of RELEASES.slice(RELEASES.indexOf(version), -1)) hash.update(fs.readFileSync(path.join(ROOT, 'tree', 'releases', `${v}.json`)));
    assert.equal(name, `${version}-${hash.digest('hex').slice(0, 16)}.json`);
  }
});

test('`vrouter --ros-version 7.9.2` runs 7.9\'s tree from the built file: no /mpls/settings (7.10 brought it)', async () => {
  const faces = ['www', 'www-ssl', 'api', 'api-ssl', 'ssh', 'telnet', 'snmp', 'dns', 'ntp'].flatMap((f) => [`--${f}-port`, '0']);
  const proc = spawn(process.execPath, [VROUTER, '--data-dir', tempDir(), '--listen', '127.0.0.1', '--ros-version', '7.9.2', ...faces], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      proc.stdout!.on('data', (d) => {
        out += d;
        const m = /REST at http:\/\/127\.0\.0\.1:(\d+)\/rest/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      proc.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
    });
    const auth = { user: 'admin', password: '' };
    assert.equal((await call(port, 'GET', '/rest/system/resource', undefined, auth)).json.version, '7.9.2 (stable)');
    const mpls = await call(port, 'GET', '/rest/mpls/settings', undefined, auth);
    assert.equal(mpls.status, 400);
    assert.deepEqual(mpls.json, { error: 400, message: 'Bad Request', detail: 'no such command or directory (settings)' });
  } finally {
    proc.kill('SIGKILL');
  }
});
