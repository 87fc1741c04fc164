// /system/backup save and load: the whole configuration in one `.backup` file of /file, and
// back. A backup is vrouter's own binary form (as a real one is the router's): the stored
// records of every configuration table with their ids and order, encrypted with AES-256-GCM
// under the password when one is given (7.x encrypts a backup that has a password). `load`
// puts that configuration in place of the running one and the router reboots, as a real one
// does (src/router.ts restart: connections and logins end, services and scheduler start again).

import crypto from 'node:crypto';
import type { Engine } from '../../core/engine.js';
import { CommandError, notEnoughPermissions } from '../../core/errors.js';
import type { CommandContext, MenuDecl } from '../../core/schema.js';
import type { Mutation } from '../../core/store.js';
import { str } from '../../core/values.js';
import type { FileAccess } from '../../console/host.js';
import { writeLog } from '../log.js';
import { routerNow } from './clock.js';
import { UNTOUCHED } from './reset.js';
import { restartRouter } from './reboot.js';

const MAGIC = Buffer.from('VRBK');
const PLAIN = 0;
const SEALED = 1;

interface Snapshot {
  tables: Record<string, { nextId: number; rows: [id: number, pos: number, values: Record<string, string>][] }>;
}

/** The tables of the configuration: what every menu stores but status, files and the log. */
function configTables(engine: Engine): string[] {
  const names = new Set<string>();
  for (const m of engine.allMenus()) if (m.decl.kind !== 'dir' && !UNTOUCHED.has(m.table)) names.add(m.table);
  return [...names];
}

function filesOf(ctx: CommandContext): FileAccess {
  const files = ctx.env.services.files as FileAccess | undefined;
  if (!files) throw new CommandError('failure', 'failure: file system is not available');
  return files;
}

const keyOf = (password: string, salt: Buffer) => crypto.scryptSync(password, salt, 32);

function seal(json: Buffer, password: string): Buffer {
  const salt = crypto.randomBytes(16);
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(password, salt), iv);
  const data = Buffer.concat([cipher.update(json), cipher.final()]);
  return Buffer.concat([MAGIC, Buffer.from([SEALED]), salt, iv, cipher.getAuthTag(), data]);
}

function open(file: Buffer, password: string): Snapshot {
  if (file.length < 5 || !file.subarray(0, 4).equals(MAGIC)) throw new CommandError('failure', 'failure: not a backup file');
  let json: Buffer;
  if (file[4] === PLAIN) {
    json = file.subarray(5);
  } else {
    const salt = file.subarray(5, 21), iv = file.subarray(21, 33), tag = file.subarray(33, 49);
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', keyOf(password, salt), iv);
      decipher.setAuthTag(tag);
      json = Buffer.concat([decipher.update(file.subarray(49)), decipher.final()]);
    } catch {
      throw new CommandError('failure', 'failure: wrong password');
    }
  }
  return JSON.parse(json.toString('utf8')) as Snapshot;
}

/** `MikroTik-20261123-0832`: the identity and the time, as the router names a backup. */
function defaultName(ctx: CommandContext): string {
  const identity = ctx.env.store.table('system/identity').rows[0]?.values.name ?? 'MikroTik';
  const d = new Date(routerNow(ctx.env));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${identity}-${d.getFullYear()}${two(d.getMonth() + 1)}${two(d.getDate())}-${two(d.getHours())}${two(d.getMinutes())}`;
}

async function save(ctx: CommandContext): Promise<void> {
  const engine = ctx.env as Engine;
  // A backup holds every secret of the configuration.
  if (!ctx.session.policies.has('sensitive')) throw notEnoughPermissions();
  const snapshot: Snapshot = { tables: {} };
  for (const name of configTables(engine)) {
    const t = engine.store.table(name);
    snapshot.tables[name] = { nextId: t.nextId, rows: t.rows.filter((r) => !r.dynamic).map((r) => [r.id, r.pos, r.values]) };
  }
  const json = Buffer.from(JSON.stringify(snapshot));
  const password = ctx.args.password ?? '';
  const encrypt = password !== '' && ctx.args['dont-encrypt'] !== 'yes';
  const name = ctx.args.name || defaultName(ctx);
  filesOf(ctx).write(name.endsWith('.backup') ? name : `${name}.backup`, encrypt ? seal(json, password) : Buffer.concat([MAGIC, Buffer.from([PLAIN]), json]));
  writeLog(ctx.env, 'system,info', 'configuration backup saved');
}

async function load(ctx: CommandContext): Promise<void> {
  const engine = ctx.env as Engine;
  const files = filesOf(ctx);
  const given = ctx.args.name ?? '';
  const name = files.exists(given) ? given : files.exists(`${given}.backup`) ? `${given}.backup` : undefined;
  if (!given || name === undefined) throw new CommandError('failure', 'failure: no such backup file');
  const snapshot = open(files.read(name), ctx.args.password ?? '');
  const mutations: Mutation[] = [];
  for (const table of new Set([...configTables(engine), ...Object.keys(snapshot.tables)])) {
    const t = engine.store.table(table);
    for (const row of t.rows) if (!row.dynamic) mutations.push({ op: 'delete', table, id: row.id });
  }
  engine.store.commit(mutations);
  const inserts: Mutation[] = [];
  for (const [table, saved] of Object.entries(snapshot.tables)) {
    const t = engine.store.table(table);
    for (const [id, pos, values] of saved.rows) inserts.push({ op: 'insert', table, row: { id, pos, values, dynamic: false } });
    t.nextId = Math.max(saved.nextId, ...saved.rows.map(([id]) => id + 1), 1);
  }
  engine.store.commit(inserts);
  writeLog(ctx.env, 'system,info', `configuration restored from ${name}`);
  restartRouter(ctx.env);
}

const text = { type: str() };

export const backup: MenuDecl = {
  path: 'system/backup',
  kind: 'dir',
  commands: {
    // The console says so (manual "Backup" and a forum session, routeros-facts.md 31.5); REST answers [].
    save: { policy: ['write', 'ftp', 'sensitive'], args: { name: text, password: text, 'dont-encrypt': text, encryption: text }, run: save, says: 'Configuration backup saved' },
    // A backup brings users, groups, scripts and their policies back: loading one is for who could set those.
    load: { policy: ['write', 'ftp', 'reboot', 'policy', 'sensitive'], args: { name: text, password: text, 'force-v6-to-v7-configuration-upgrade': text }, run: load },
  },
};
