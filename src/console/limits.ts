// How far one script may go. A real router runs each script as a job of its own: other
// users are answered while it loops, it can be removed at any time, and it cannot take the
// router's memory. vrouter runs every script on the one Node.js thread, so a script shares
// that thread in time slices and its call depth and values are bounded
// (docs/routeros-facts.md, "Scripts as jobs"; the README's table of script bounds).

import v8 from 'node:v8';
import { ScriptError } from './errors.js';

/** A script runs this long (ms) before it lets the router answer everyone else. */
export const SLICE_MS = 4;

/** Steps (statements, loop turns) between two looks at the clock: the clock costs more than a count. */
export const STEPS_PER_LOOK = 64;

/**
 * Function calls (`$f`, `[$f]`, `/system script run` from a script, `:execute as-string`)
 * nested deeper than this end the script. The router's own bound is not documented; this
 * is far above what real scripts nest (recursive JSON and tree walkers go tens deep) and
 * keeps a runaway recursion to a few megabytes.
 */
export const MAX_CALL_DEPTH = 1000;

/**
 * Jobs running at once, all users together. A job that starts two more of itself would
 * otherwise double them until the process gives out; a real router's bound is not
 * documented. Above the call depth, so that scripts that run scripts (each a job) end at
 * the depth bound.
 */
export const MAX_JOBS = 2000;

const TOO_MANY_JOBS = 'failure: too many jobs';
export const tooManyJobs = () => new ScriptError(TOO_MANY_JOBS);

/**
 * Whether a failure is one of these bounds. It passes through the levels of scripts that
 * run scripts as it is, not with every level's command and line added (a thousand of them).
 */
export const isBound = (e: unknown) => e instanceof ScriptError && (e.message === TOO_DEEP || e.message === TOO_MANY_JOBS);

/** The longest string a script may make (characters, which are bytes on the router). */
export const MAX_STRING = 16 * 1024 * 1024;

/** The most elements one array may hold. */
export const MAX_ARRAY = 1_000_000;

const TOO_DEEP = `failure: call depth over ${MAX_CALL_DEPTH}`;
export const tooDeep = () => new ScriptError(TOO_DEEP);

/** Refuses a string of more than MAX_STRING characters before it is made. */
export function checkStringLength(n: number): void {
  if (n > MAX_STRING) throw new ScriptError(`failure: string longer than ${MAX_STRING} characters`);
}

/** A string a script makes, refused when it is longer than MAX_STRING. */
export function boundedString(s: string): string {
  checkStringLength(s.length);
  return s;
}

/** An array a script makes, refused when it holds more than MAX_ARRAY elements. */
export function boundedLength(n: number): void {
  if (n > MAX_ARRAY) throw new ScriptError(`failure: array longer than ${MAX_ARRAY} elements`);
}

/**
 * The share of the process's heap a running script may see in use at the end of its time
 * slice. Beyond it the script ends (`failure: not enough memory`) rather than the process
 * running out: many values, each within its bound, can still add up (an array of distinct
 * megabyte strings). Read once per slice: the heap's statistics cost a microsecond.
 */
export const HEAP_SHARE = 0.6;

export function heapNearlyFull(): boolean {
  const heap = v8.getHeapStatistics();
  return heap.used_heap_size > heap.heap_size_limit * HEAP_SHARE;
}

export const outOfMemory = () => new ScriptError('failure: not enough memory');
