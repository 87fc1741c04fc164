// The garbage collector's appetite, set for a router rather than for V8's default of a
// process that has the machine to itself. The `vrouter` command imports this module before
// any other, so the flags are in force before the menus are declared. Both are read by V8
// each time it sizes its heap, so they take effect when set at run time.
//
// - The old generation may grow by half of what is live after each full collection (V8
//   lets it grow up to fourfold): a router that answers large replies (a 100,000-entry list
//   or export leaves 10 to 20 MB behind each time) stays within about 270 MB instead of
//   climbing past 350 MB before V8 collects.
// - The young generation stays at its first size (1 MB semi-spaces) while the router starts:
//   declaring the tree and reading the configuration would otherwise grow it to 16 MB
//   semi-spaces, 32 MB kept for good by every router, busy or idle. Once it serves
//   (`startedUp`), it may grow again under load.

import v8 from 'node:v8';

v8.setFlagsFromString('--heap-growing-percent=50');
v8.setFlagsFromString('--semi-space-growth-factor=1');

/** After start-up: the young generation grows as V8 sees fit again (its default factor, 2). */
export function startedUp() {
  v8.setFlagsFromString('--semi-space-growth-factor=2');
}
