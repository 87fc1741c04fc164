#!/usr/bin/env node
// The `vrouter` program as package.json's "bin" runs it (bundled to dist/vrouter/cli.js by
// scripts/bundle.mjs): the heap's settings of a start, then the router's code, the one
// CommonJS bundle the build made of src/cli.ts, compiled from V8's code cache (./code-cache.ts).
// Bundled, the launcher is CommonJS too: Node then starts no ES module loader.
// Run as tsc writes it (dist/src/launch.js), there is no bundle: it runs ./cli.js itself.
// `VROUTER_CODE_CACHE=write` (scripts/code-cache.mjs) writes the cache as the process ends.

// First: the heap's settings of a start are in force before the bundle is compiled.
import './heap.js';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileBundle } from './code-cache.js';

/** The bundle's file name, beside this one: set by scripts/bundle.mjs. */
declare const VROUTER_BUNDLE: string | undefined;

if (typeof VROUTER_BUNDLE === 'string') {
  const bundle = compileBundle(path.join(path.dirname(fileURLToPath(import.meta.url)), VROUTER_BUNDLE));
  if (process.env.VROUTER_CODE_CACHE === 'write') process.on('exit', () => bundle.save());
  bundle.run();
} else {
  // Not a literal: the bundler leaves it alone rather than putting the whole router in here.
  // Not awaited: the bundled launcher is CommonJS, which has no top-level await (a failure
  // to load still ends the process, as an unhandled rejection).
  void import(new URL('./cli.js', import.meta.url).href);
}
