// The code cache of the bundle scripts/bundle.mjs wrote (src/code-cache.ts): one start of the
// built `vrouter` on a new data directory, on loopback with every port picked free, its first
// REST request answered, then stopped; as it ends it writes what V8 compiled (the functions of
// a start, a first boot's and a first request's) beside the bundle. Run by every build.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const { bin } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const launcher = fs.readFileSync(path.join(root, bin.vrouter), 'utf8');
const bundle = /"(vrouter-[\w]+\.cjs)"/.exec(launcher)?.[1];
if (!bundle) throw new Error(`${bin.vrouter} names no bundle: run scripts/bundle.mjs first`);
const cache = path.join(root, 'dist', 'vrouter', `${bundle}.cache`);
if (fs.existsSync(cache)) process.exit(0);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vrouter-code-cache-'));
const faces = ['www', 'www-ssl', 'api', 'api-ssl', 'ssh', 'telnet', 'snmp', 'dns', 'ntp'];
const child = spawn(process.execPath, [path.join(root, bin.vrouter), '--data-dir', dataDir, '--listen', '127.0.0.1', ...faces.flatMap((f) => [`--${f}-port`, '0'])], {
  env: { ...process.env, VROUTER_CODE_CACHE: 'write' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const failed = (why) => {
  child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.stderr.write(`scripts/code-cache.mjs: ${why}\n`);
  process.exit(1);
};
const deadline = setTimeout(() => failed('the router did not start within 60 s'), 60_000);
const ended = new Promise((resolve) => child.on('exit', resolve));
let out = '';
child.stdout.on('data', (chunk) => {
  out += chunk;
  const port = /REST at http:\/\/127\.0\.0\.1:(\d+)\/rest/.exec(out)?.[1];
  if (!port || child.asked) return;
  child.asked = true;
  http.get({ host: '127.0.0.1', port: Number(port), path: '/rest/system/identity', auth: 'admin:' }, (res) => {
    res.resume();
    res.on('end', () => child.kill('SIGTERM'));
  }).on('error', (e) => failed(`the first request failed: ${e.message}`));
});
const code = await ended;
clearTimeout(deadline);
fs.rmSync(dataDir, { recursive: true, force: true });
if (code !== 0 || !fs.existsSync(cache)) failed(`the router ended with ${code} and wrote no ${path.relative(root, cache)}`);
