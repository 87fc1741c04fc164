// V8's code cache for the router's bundle. Node 20 compiles every ES module from its source at
// each start (Node 22's module.enableCompileCache is not there), and a router's start compiles
// some 1,500 functions of a 1.5 MB bundle: about a quarter of its CPU before the first answer.
// So the build bundles the router's code into one CommonJS file (scripts/bundle.mjs), runs one
// start-up with it (scripts/code-cache.mjs), and keeps what V8 compiled by then beside it; each
// start after that takes the functions from there instead of compiling them.
//
// The bundle's name carries a hash of its content, and its cache is named after it: V8 checks
// a cache against its source's length alone, so a cache must never outlive the source it was
// made from. V8 also refuses a cache made by another V8 or under other flags (the heap's
// settings of a start, ./heap.ts, are in force at both ends): then the bundle is compiled as
// if there were none, and the start is slower, never different.

import fs from 'node:fs';
import vm from 'node:vm';
import { createRequire } from 'node:module';
import path from 'node:path';
import { startingUp } from './heap.js';

/** The CommonJS wrapper Node gives a module's source (module.wrap's); a `#!` line, which only a file's start may have, becomes a comment. */
const wrap = (source: string) => `(function (exports, require, module, __filename, __dirname) { ${source.startsWith('#!') ? `//${source.slice(2)}` : source}\n});`;

export interface Compiled {
  /** Runs the bundle as a CommonJS module of its file. */
  run(): void;
  /** Whether V8 took the cache (false: there was none, or it was refused). */
  readonly cached: boolean;
  /** Writes the cache of what V8 has compiled so far, beside the bundle (made whole, then renamed over). */
  save(): void;
}

export const cacheOf = (file: string) => `${file}.cache`;

/** The bundle compiled, from its cache where V8 takes it. */
export function compileBundle(file: string): Compiled {
  const source = fs.readFileSync(file, 'utf8');
  let cachedData: Buffer | undefined;
  try { cachedData = fs.readFileSync(cacheOf(file)); } catch { /* not made yet */ }
  const script = new vm.Script(wrap(source), { filename: file, cachedData });
  return {
    cached: cachedData !== undefined && !script.cachedDataRejected,
    run() {
      const module = { exports: {} };
      (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(file), module, file, path.dirname(file));
    },
    save() {
      // The flags of a start, under which the cache is read (V8 checks them).
      startingUp();
      const data = script.createCachedData();
      const beside = `${cacheOf(file)}.${process.pid}`;
      fs.writeFileSync(beside, data);
      fs.renameSync(beside, cacheOf(file));
    },
  };
}
