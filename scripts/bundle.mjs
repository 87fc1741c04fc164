// The `vrouter` program as it runs: the modules tsc wrote to dist/src, bundled by esbuild into
// dist/vrouter/. Node loads the 190 modules of a start one by one (each resolved, read, compiled
// and linked as its own ES module), about a fifth of the time from spawn to the first answer;
// one bundle of what a start needs takes most of that out (bench/PROFILE.md, start-up).
// What loads later stays later: each dynamic import (the lab, ssh2's server, net-snmp's agent,
// the console) becomes a chunk of its own, loaded when first asked for. The packages in
// node_modules stay outside, imported from there as before (better-sqlite3 is native).
// Tests that import the modules use dist/src itself; what starts `vrouter` runs this.

import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const { outputFiles } = await build({
  absWorkingDir: root,
  entryPoints: {
    // `vrouter` (package.json "bin") and the container's entry point (Containerfile).
    cli: 'dist/src/cli.js',
    entry: 'dist/src/container/entry.js',
  },
  outdir: 'dist/vrouter',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  // Stack traces map back to the TypeScript sources under `node --enable-source-maps`.
  sourcemap: 'linked',
  write: false,
  logLevel: 'warning',
});

// A router may be running from this directory while it is built again (`npm start` beside
// `npm test`, whose pretest builds): it loads its later chunks by the names it started with.
// So a file that did not change is not touched, a new or changed one appears whole (written
// beside, then renamed over), and the files of the last KEPT builds stay. Chunks are named by
// their content: an unchanged build writes nothing and counts as no new build.
const KEPT = 3;
const dir = path.join(root, 'dist', 'vrouter');
fs.mkdirSync(dir, { recursive: true });
for (const file of outputFiles) {
  let same = false;
  try { same = fs.readFileSync(file.path).equals(file.contents); } catch { /* a new file */ }
  if (same) continue;
  const beside = `${file.path}.${process.pid}`;
  // An entry with a shebang is a program (package.json "bin"): executable from its first moment.
  fs.writeFileSync(beside, file.contents, { mode: file.contents[0] === 0x23 && file.contents[1] === 0x21 ? 0o755 : 0o644 });
  fs.renameSync(beside, file.path);
}

const BUILDS = path.join(dir, 'builds.json');
const names = outputFiles.map((f) => path.basename(f.path)).sort();
let builds = [];
try { builds = JSON.parse(fs.readFileSync(BUILDS, 'utf8')); } catch { /* the first build here */ }
if (JSON.stringify(builds[builds.length - 1]) !== JSON.stringify(names)) builds = [...builds, names].slice(-KEPT);
fs.writeFileSync(BUILDS, `${JSON.stringify(builds)}\n`);
const kept = new Set(['builds.json', ...builds.flat()]);
// Only the bundle's own files: one another build is writing (`name.js.PID`) is left to it.
for (const name of fs.readdirSync(dir)) if (/\.js(\.map)?$/.test(name) && !kept.has(name)) fs.rmSync(path.join(dir, name), { force: true });
