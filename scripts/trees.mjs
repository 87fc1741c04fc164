// Each older release's tree made whole at build time, into dist/trees/. The repository keeps the
// newest release whole (tree/routeros-<newest>.json) and each older one as the difference from
// the next newer (tree/releases/), which a router on 7.9 would otherwise apply fifteen times,
// 4 MB of JSON parsed, at each start (src/tree/tree.ts releaseTree). Each file is named by a
// hash of the files it is made from, and the bundle is told those names (scripts/bundle.mjs):
// a tree/ changed since the build is not answered from a stale file (the router then applies
// the differences, as it does from dist/src). test/tree/built-trees.test.ts holds each file to
// the tree the differences make.

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const { NEWEST_RELEASE, RELEASES, releaseTree } = await import(path.join(root, 'dist', 'src', 'tree', 'tree.js'));

/** The files a release's tree is made from: the newest whole, and each difference down to it. */
const sources = (version) => [
  path.join(root, 'tree', `routeros-${NEWEST_RELEASE}.json`),
  ...RELEASES.slice(RELEASES.indexOf(version), -1).map((v) => path.join(root, 'tree', 'releases', `${v}.json`)),
];

/** The built file's name for a release: `<version>-<hash of its sources>.json`. */
function fileFor(version) {
  const hash = crypto.createHash('sha256');
  for (const f of sources(version)) hash.update(fs.readFileSync(f));
  return `${version}-${hash.digest('hex').slice(0, 16)}.json`;
}

const dir = path.join(root, 'dist', 'trees');
fs.mkdirSync(dir, { recursive: true });
const index = {};
for (const version of RELEASES.filter((v) => v !== NEWEST_RELEASE)) {
  const name = fileFor(version);
  index[version] = name;
  const at = path.join(dir, name);
  if (fs.existsSync(at)) continue;
  const beside = `${at}.${process.pid}`;
  fs.writeFileSync(beside, JSON.stringify(releaseTree(version)));
  fs.renameSync(beside, at);
}
fs.writeFileSync(path.join(dir, 'index.json'), `${JSON.stringify(index, null, 1)}\n`);
// Files of earlier builds go (a running router has read its tree at start).
const kept = new Set(['index.json', ...Object.values(index)]);
for (const name of fs.readdirSync(dir)) if (name.endsWith('.json') && !kept.has(name)) fs.rmSync(path.join(dir, name), { force: true });
