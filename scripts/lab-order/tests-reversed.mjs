// node:test as the lab's test files see it under scripts/lab-order.mjs: the same, except that
// the tests of each describe block register in reverse order, so that each test that relied on
// an earlier one having run fails.
import * as real from 'node:test';

export * from 'node:test';

let pending;

function describe(name, options, fn) {
  if (typeof name === 'function') [name, options, fn] = [undefined, undefined, name];
  else if (typeof options === 'function') [options, fn] = [undefined, options];
  return real.describe(name, options, function body(...args) {
    const outer = pending;
    pending = [];
    try { fn.apply(this, args); } finally {
      const mine = pending;
      pending = outer;
      for (const t of mine.reverse()) real.test(...t);
    }
  });
}

function test(...args) {
  if (pending) { pending.push(args); return undefined; }
  return real.test(...args);
}

export { describe, describe as suite, test, test as it };
export default test;
