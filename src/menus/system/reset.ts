// /system/reset-configuration: the configuration back to what a new router has. With
// `no-defaults=yes` the router keeps only what it has by itself (its Ethernet ports, the
// built-in interface lists, its services, the default user groups and the admin user), not
// the default configuration (defconf) on top; `keep-users=yes` keeps users and groups;
// `run-after-reset=FILE` then runs a script, as the router does after its reboot. The real
// router reboots to do this; here the configuration is replaced in place and the router
// keeps running (its services stay where they listen until the next start).

import type { Engine } from '../../core/engine.js';
import { inVariant, readValue } from '../../core/records.js';
import { defaultsOf, type CommandContext, type Menu, type MenuDecl, type Reply } from '../../core/schema.js';
import type { Mutation } from '../../core/store.js';
import { str } from '../../core/values.js';
import { JOB_TABLE } from '../../console/runtime.js';
import { consoleOf } from '../console.js';
import { importFile } from '../import.js';
import { madeValues } from '../board-records.js';
import { setRadios } from '../defconf.js';

/** Whether a first-boot record is the router's own, not part of the default configuration. */
export function isSystemDefault(menu: Menu, given: Reply): boolean {
  if (menu.decl.permanent || menu.decl.systemDefaults) return true;
  switch (menu.path) {
    case 'interface/list': return given.builtin === 'true';
    case 'ip/service': case 'user/group': case 'user': case 'interface/lte/apn': return true;
    default: return false;
  }
}

/** Tables a reset leaves alone: memory-only status, and what mirrors the device (files, packages). */
export const UNTOUCHED = new Set(['log', 'user/active', JOB_TABLE, 'file', 'system/package', 'system/package/update']);

/**
 * The ports a router's command line gives its services (src/router.ts bootPorts: the flags,
 * else the stand-ins 8080, 2222 ...), which a reset keeps so that the router is still where its
 * user reaches it and its next start does not try 80 or 22. A port the user set in /ip/service
 * goes back to the command line's, as on a real router it goes back to the default. Without a
 * router (an engine alone) the services take the router's own defaults.
 */
export type BootPorts = () => ReadonlyMap<string, string>;

const isOn = (v: string | undefined) => v !== undefined && v !== 'no' && v !== 'false';

/** Replaces the configuration; returns when the store holds the new one. */
export function resetConfiguration(engine: Engine, opts: { noDefaults: boolean; keepUsers: boolean }) {
  const menus = [...engine.allMenus()].filter((m) => m.decl.kind !== 'dir');
  const untouched = new Set(UNTOUCHED);
  if (opts.keepUsers) { untouched.add('user'); untouched.add('user/group'); }
  const tables = new Map<string, Menu[]>();
  for (const m of menus) {
    if (untouched.has(m.table)) continue;
    tables.set(m.table, [...(tables.get(m.table) ?? []), m]);
  }
  const ports = (engine.services.bootPorts as BootPorts | undefined)?.() ?? new Map<string, string>();
  const mutations: Mutation[] = [];
  const emptied: string[] = [];
  for (const [name, owners] of tables) {
    const table = engine.store.table(name);
    let kept = 0;
    for (const row of table.rows) {
      // A serial port or drive of the board (menus/board-records.ts) comes back as it came.
      const made = madeValues(engine, name, row);
      if (made) {
        kept++;
        mutations.push({ op: 'update', table: name, id: row.id, values: { ...made } });
        continue;
      }
      const permanent = owners.find((m) => m.decl.permanent && inVariant(m, row));
      // A port or radio the board added at start-up (menus/interface/board.ts) stays as it came.
      if (!permanent && row.values['default-name'] !== undefined) {
        kept++;
        const { type, 'orig-mac-address': mac } = row.values;
        // A radio comes back disabled, as the board found it (the default configuration enables it again).
        const radio: Record<string, string> = type === 'wifi' || type === 'wlan' ? { disabled: 'true' } : {};
        mutations.push({ op: 'update', table: name, id: row.id, values: { type, 'default-name': row.values['default-name'], name: row.values['default-name'], ...(mac ? { 'orig-mac-address': mac } : {}), ...radio } });
        continue;
      }
      if (!permanent) {
        mutations.push({ op: 'delete', table: name, id: row.id });
        engine.lifetimes.clear(name, row.id);
        continue;
      }
      // A port of the board stays, with the values it came with.
      kept++;
      const values: Record<string, string> = { ...permanent.decl.variant };
      for (const [field, decl] of permanent.fields) {
        if (decl.readOnly && row.values[field] !== undefined) values[field] = row.values[field];
      }
      const given = defaultsOf(permanent.decl, engine).find((d) => d['default-name'] === row.values['default-name']);
      for (const [field, input] of Object.entries(given ?? {})) {
        const decl = permanent.fields.get(field);
        if (decl && field !== '.id') values[field] = readValue(engine, permanent, field, decl, input);
      }
      if (!given && row.values.name !== undefined) values.name = row.values['default-name'] ?? row.values.name;
      mutations.push({ op: 'update', table: name, id: row.id, values });
    }
    if (!kept) emptied.push(name);
  }
  engine.store.commit(mutations);
  // A new configuration numbers its records afresh, as after the router's reboot.
  for (const name of emptied) {
    const first = tables.get(name)!.map((m) => m.decl.firstId).find((f) => f !== undefined);
    engine.store.table(name).nextId = first ?? 1;
  }
  engine.seed((menu, given) => !menu.decl.permanent && !untouched.has(menu.table) && (!opts.noDefaults || isSystemDefault(menu, given)));
  // The radios are the board's: defconf sets them up again (src/menus/defconf.ts).
  if (!opts.noDefaults) setRadios(engine);
  // The router comes back listening where its command line says (DESIGN: ports given on the
  // command line are written into /ip/service at every start), so the services keep their ports.
  const restore: Mutation[] = [];
  const services = engine.store.table('ip/service');
  for (const [name, port] of ports) {
    const row = services.byKey.get(name);
    if (row && row.values.port !== port) restore.push({ op: 'update', table: 'ip/service', id: row.id, values: { ...row.values, port } });
  }
  if (restore.length) engine.store.commit(restore);
}

async function reset(ctx: CommandContext): Promise<void> {
  const { args } = ctx;
  const engine = ctx.env as Engine;
  resetConfiguration(engine, { noDefaults: isOn(args['no-defaults']), keepUsers: isOn(args['keep-users']) });
  consoleOf(engine).clearGlobals();
  const script = args['run-after-reset'];
  if (script) await importFile(engine, ctx.session, script, { signal: ctx.signal });
}

const yesNo = { type: str() };

export const resetCommand: MenuDecl = {
  path: 'system',
  kind: 'dir',
  commands: {
    'reset-configuration': {
      policy: ['reboot', 'write', 'policy'],
      args: {
        'no-defaults': yesNo, 'keep-users': yesNo, 'skip-backup': yesNo, 'run-after-reset': { type: str() },
        'caps-mode': yesNo, shutdown: yesNo, 'keep-apps': yesNo, 'force-v6-to-v7-configuration-upgrade': yesNo,
      },
      run: reset,
    },
  },
};
