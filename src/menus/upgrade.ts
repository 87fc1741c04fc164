// A data directory started on another release (`--ros-version`) upgrades or downgrades the
// way a router does when it reboots into the other version: the configuration keeps every
// value the new release has and loses the others. The log says so: one line per value
// dropped, and one `system,info` line `upgraded from V1 to V2` (or `downgraded`).

import type { Engine } from '../core/engine.js';
import type { Mutation } from '../core/store.js';
import { compareVersions } from './system/package.js';
import { writeLog } from './log.js';
import { argsOf, dirAt, directories, releaseFor, releaseTree, type Tree } from '../tree/tree.js';
import { MENUS_BEFORE_7_13 } from '../device/packages.js';

/**
 * Drops the values the running release's menus do not have, and the records of menus it does
 * not have; logs each value, then the upgrade.
 */
export function upgrade(engine: Engine, from: string, to: string) {
  const before = releaseFor(from);
  const was = before ? releaseTree(before) : undefined;
  const after = releaseFor(to);
  const now = after ? releaseTree(after) : undefined;
  if (was && now) moveRenamed(engine, was, now);
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
  // Records of a menu the new release has no longer (whatever its packages): gone with every value.
  if (was && now) {
    for (const [path, dir] of directories(was)) {
      // Interface kinds share the interface table: a kind gone is left to the interface view.
      if (!argsOf(dir, 'print', was) || argsOf(dirAt(path, now), 'print', now) || /^interface\/[^/]+$/.test(path)) continue;
      for (const row of engine.store.table(path).rows) {
        if (row.dynamic) continue;
        const who = row.values.name ? `${row.values.name}` : `*${row.id.toString(16).toUpperCase()}`;
        for (const [k, v] of Object.entries(row.values)) lines.push(`/${path.replaceAll('/', ' ')} ${who}: ${k}=${v} dropped, RouterOS ${to} has no such menu`);
        changes.push({ op: 'delete', table: path, id: row.id });
      }
    }
  }
  if (changes.length) engine.store.commit(changes);
  for (const line of lines) writeLog(engine, 'system,warning', line);
  writeLog(engine, 'system,info', `${compareVersions(to, from) >= 0 ? 'upgraded' : 'downgraded'} from ${from} to ${to}`);
}

/**
 * Menus a release renamed, whose records carry over: 7.13 made the wifiwave2 package's
 * /interface/wifiwave2 the base system's /interface/wifi, with the same sub-menus
 * (docs/routeros-facts.md section 24; the carry-over is assumed from the rename).
 */
const RENAMED: readonly [older: string, newer: string][] = Object.entries(MENUS_BEFORE_7_13).map(([newer, older]) => [older, newer]);

/** Moves the records of renamed menus to the name the new release gives them. */
function moveRenamed(engine: Engine, was: Tree, now: Tree) {
  const changes: Mutation[] = [];
  for (const [older, newer] of RENAMED) {
    const [from, to] = dirAt(older, was) && dirAt(newer, now) ? [older, newer] : dirAt(newer, was) && dirAt(older, now) ? [newer, older] : [];
    if (!from || !to) continue;
    for (const [path] of directories(was)) {
      if (path !== from && !path.startsWith(`${from}/`)) continue;
      const target = to + path.slice(from.length);
      // The radios themselves live in the interface table under either name.
      if (path === from || !dirAt(target, now)) continue;
      for (const row of engine.store.table(path).rows) {
        if (row.dynamic) continue;
        changes.push({ op: 'delete', table: path, id: row.id });
        // The same id where it is free (a reference to the record keeps working), else a new one.
        const id = engine.store.table(target).get(row.id) ? undefined : row.id;
        changes.push({ op: 'insert', table: target, row: engine.store.newRow(target, { ...row.values }, false, undefined, id) });
      }
    }
  }
  if (changes.length) engine.store.commit(changes);
}
