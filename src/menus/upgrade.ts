// A data directory started on another release (`--ros-version`) upgrades or downgrades the
// way a router does when it reboots into the other version: the configuration keeps every
// value the new release has and loses the others. The log says so: one line per value
// dropped, and one `system,info` line `upgraded from V1 to V2` (or `downgraded`).

import type { Engine } from '../core/engine.js';
import type { Mutation } from '../core/store.js';
import { compareVersions } from './system/package.js';
import { writeLog } from './log.js';
import { argsOf, dirAt, releaseFor, releaseTree, type Tree } from '../tree/tree.js';

/** Drops the values the running release's menus do not have; logs each, then the upgrade. */
export function upgrade(engine: Engine, from: string, to: string) {
  const before = releaseFor(from);
  const was = before ? releaseTree(before) : undefined;
  const changes: Mutation[] = [];
  const lines: string[] = [];
  const menus = [...engine.allMenus()].filter((m) => m.decl.kind !== 'dir' && !m.decl.rows);
  const tables = new Set(menus.map((m) => m.table));
  for (const table of tables) {
    const sharing = menus.filter((m) => m.table === table);
    for (const row of engine.store.table(table).rows) {
      if (row.dynamic) continue;
      // The menu of the row: of those sharing a table (the interface kinds), the one whose variant it has.
      const menu = sharing.find((m) => m.decl.variant && Object.entries(m.decl.variant).every(([k, v]) => row.values[k] === v))
        ?? sharing.find((m) => !m.decl.variant);
      if (!menu) continue;
      // Only what a user could set on the release left behind, and this one does not have.
      const settable = (t: Tree | undefined) => new Set(t ? ['add', 'set'].flatMap((c) => Object.keys(argsOf(dirAt(menu.path, t), c, t) ?? {})) : []);
      const then = settable(was), now = settable(engine.services.tree as Tree | undefined);
      const gone = Object.keys(row.values).filter((k) => then.has(k) && !now.has(k));
      if (!gone.length) continue;
      const values = { ...row.values };
      const who = row.values.name ? `${row.values.name}` : `*${row.id.toString(16).toUpperCase()}`;
      for (const k of gone) {
        lines.push(`/${menu.path.replaceAll('/', ' ')} ${who}: ${k}=${row.values[k]} dropped, RouterOS ${to} has no such property`);
        delete values[k];
      }
      changes.push({ op: 'update', table, id: row.id, values });
    }
  }
  if (changes.length) engine.store.commit(changes);
  for (const line of lines) writeLog(engine, 'system,warning', line);
  writeLog(engine, 'system,info', `${compareVersions(to, from) >= 0 ? 'upgraded' : 'downgraded'} from ${from} to ${to}`);
}
