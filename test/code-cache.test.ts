// The built program starts from V8's code cache of its bundle (src/code-cache.ts,
// scripts/code-cache.mjs): the build leaves a cache beside the bundle the launcher names, and
// V8 takes it under the flags of a start; a cache V8 refuses leaves the bundle compiled from
// its source.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import '../src/heap.js';
import { cacheOf, compileBundle } from '../src/code-cache.js';
import { tempDir } from './helpers/router.js';
import { VROUTER } from './helpers/vrouter.js';

const bundleNamed = () => {
  const name = /"(vrouter-\w+\.cjs)"/.exec(fs.readFileSync(VROUTER, 'utf8'))?.[1];
  assert.ok(name, `${VROUTER} names its bundle`);
  return path.join(path.dirname(VROUTER), name);
};

test('the launcher names a bundle beside it, with a code cache the build made that V8 takes', () => {
  const bundle = bundleNamed();
  assert.ok(fs.statSync(cacheOf(bundle)).size > 100_000, 'the cache holds the functions of a start');
  assert.equal(compileBundle(bundle).cached, true);
});

test('a cache V8 refuses leaves the bundle compiled from its source', () => {
  const dir = tempDir();
  const copy = path.join(dir, path.basename(bundleNamed()));
  fs.copyFileSync(bundleNamed(), copy);
  fs.writeFileSync(cacheOf(copy), Buffer.alloc(4096, 7));
  assert.equal(compileBundle(copy).cached, false);
  fs.rmSync(cacheOf(copy));
  assert.equal(compileBundle(copy).cached, false);
});
