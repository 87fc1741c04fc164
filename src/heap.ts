// The garbage collector's appetite, set for a router rather than for V8's default of a
// process that has the machine to itself. The `vrouter` command imports this module before
// any other, so the flags are in force before the menus are declared. They are read by V8
// each time it sizes its heap or decides what to optimize, so they take effect when set at
// run time.
//
// - The old generation may grow by half of what is live after each full collection (V8
//   lets it grow up to fourfold): a router that answers large replies (a 100,000-entry list
//   or export leaves 10 to 20 MB behind each time) stays within about 270 MB instead of
//   climbing past 350 MB before V8 collects.
// - The young generation stays at its first size (1 MB semi-spaces) while the router starts:
//   declaring the tree and reading the configuration would otherwise grow it to 16 MB
//   semi-spaces, 32 MB kept for good by every router, busy or idle. Once it serves
//   (`startedUp`), it may grow again under load.
// - No function is optimized by TurboFan while the router starts: the code of a start runs
//   once (declaring some 450 menus, typing their arguments, seeding the first configuration),
//   and V8 would otherwise compile the loops it found hot on its background threads, for code
//   that never runs again. Measured on this 2-core machine (bench/PROFILE.md, start-up):
//   about 50 to 70 ms less CPU a start, 10 to 20% of it. Once it serves, the request paths
//   are optimized as V8 sees fit.

import v8 from 'node:v8';

/** The settings of a start (set as this module is evaluated; again where the code cache is made, ./code-cache.ts). */
export function startingUp() {
  v8.setFlagsFromString('--heap-growing-percent=50');
  v8.setFlagsFromString('--semi-space-growth-factor=1');
  v8.setFlagsFromString('--no-turbofan');
}
startingUp();

/** After start-up: the young generation grows as V8 sees fit again (its default factor, 2), and TurboFan optimizes again. */
export function startedUp() {
  v8.setFlagsFromString('--semi-space-growth-factor=2');
  v8.setFlagsFromString('--turbofan');
}

/**
 * A lab starts its routers in this process, one after another: there the code of a start runs
 * once for each router, and is worth optimizing from the first.
 */
export function startsMany() {
  v8.setFlagsFromString('--turbofan');
}
