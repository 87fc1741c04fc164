// The default configuration as first-boot records: each menu some defconf writes takes the
// records of the running board's default configuration (src/device/defconf.ts) after its own
// built-in ones (the lists `all` and `none` ...), so that a reset with `no-defaults=yes`,
// which keeps only the built-in ones, and a reset without it both read the same data.

import { defaultsOf, type MenuDecl } from '../core/schema.js';
import { DEFCONF_MENUS, defconfOf } from '../device/defconf.js';
import { boardOf, etherMac } from './interface/ethernet.js';
import { BOARDS, DEFAULT_BOARD, type Board } from '../device/board.js';

const WRITTEN = new Set(DEFCONF_MENUS);

/** An engine without simulated hardware (unit tests of declarations) has the default board's ports and nothing else. */
const PORTS_ONLY: Board = { ...BOARDS[DEFAULT_BOARD], radios: undefined, lte: undefined };

export function withDefconf(menus: readonly MenuDecl[]): MenuDecl[] {
  return menus.map((decl) => {
    if (!WRITTEN.has(decl.path) || decl.kind === 'dir') return decl;
    const own = decl.defaults;
    return Object.defineProperties({}, {
      ...Object.getOwnPropertyDescriptors(decl),
      defaults: {
        value: (env: Parameters<typeof defaultsOf>[1]) => [
          ...(typeof own === 'function' ? own(env) : own ?? []),
          ...(defconfOf(env.services.device ? boardOf(env) : PORTS_ONLY, etherMac)[decl.path] ?? []),
        ],
        enumerable: true, writable: true, configurable: true,
      },
    }) as MenuDecl;
  });
}
