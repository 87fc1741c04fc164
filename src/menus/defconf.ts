// The default configuration as first-boot records: each menu some defconf writes takes the
// records of the running board's default configuration (src/device/defconf.ts) after its own
// built-in ones (the lists `all` and `none` ...), so that a reset with `no-defaults=yes`,
// which keeps only the built-in ones, and a reset without it both read the same data.

import { defaultsOf, type Environment, type MenuDecl } from '../core/schema.js';
import { readValue } from '../core/records.js';
import type { Engine } from '../core/engine.js';
import type { Mutation } from '../core/store.js';
import { DEFCONF_MENUS, defconfOf, radioDefconf } from '../device/defconf.js';
import { INTERFACE_TABLE } from './interface/interface.js';
import { boardOf, etherMac } from './interface/ethernet.js';
import { BOARDS, DEFAULT_BOARD, type Board } from '../device/board.js';
import { menuOnRelease } from '../device/packages.js';
import { installedVersion } from './system/package.js';

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

/**
 * What defconf sets on the radios the board found (they are the board's, not first-boot
 * records): after first boot's records and after a reset that keeps the default configuration.
 */
export function setRadios(env: Environment) {
  if (!env.services.device) return;
  const radios = radioDefconf(boardOf(env), etherMac);
  if (!radios) return;
  const engine = env as Engine;
  // The menu the running release shows the radios on (/interface/wifiwave2 before 7.13).
  const menu = engine.nodeAt(menuOnRelease(installedVersion(env), radios.path))?.menu;
  if (!menu) return;
  const table = env.store.table(INTERFACE_TABLE);
  const changes: Mutation[] = [];
  for (const { 'default-name': name, ...given } of radios.sets) {
    const row = table.rows.find((r) => r.values['default-name'] === name);
    if (!row) continue;
    const values = { ...row.values };
    for (const [field, input] of Object.entries(given)) values[field] = readValue(env, menu, field, menu.fields.get(field)!, input);
    changes.push({ op: 'update', table: INTERFACE_TABLE, id: row.id, values });
  }
  if (changes.length) env.store.commit(changes);
}
