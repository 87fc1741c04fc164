// `export` in every menu that has it in the 7.24 tree, and in every directory above them
// (`/export`, `/ip export`, `/interface bridge export`): the configuration below that path
// as a script, to the reply or to a file (`file=NAME` writes NAME.rsc). The text itself is
// made by src/console/export.ts from the declarations; what only the menus know (which
// records the router has by itself, which computed values it stores) is given here.
//
// Why a helper over the menu list (`withExport`) rather than a generic command in the core:
// the core knows no product code, and export needs the console's text format; a menu file
// needs no line of its own to be exported.

import { CommandError, notEnoughPermissions } from '../core/errors.js';
import type { Engine } from '../core/engine.js';
import { menuRows, readValue, view } from '../core/records.js';
import type { CommandContext, CommandDecl, Environment, Menu, MenuDecl, Reply } from '../core/schema.js';
import { defaultsOf } from '../core/schema.js';
import { formatId, parseId, type Row } from '../core/store.js';
import { copyOf } from '../core/later.js';
import { formatDateTime, str } from '../core/values.js';
import { BOARDS, DEFAULT_BOARD, type Device } from '../device/board.js';
import { DEFAULT_ROS_VERSION, since } from '../device/version.js';
import { exportConfig, type Builtin, type ExportHints } from '../console/export.js';
import type { ConsoleSession, FileAccess } from '../console/host.js';
import { Interpreter } from '../console/interpreter.js';
import { parseWhere } from '../console/parser.js';
import { consoleOf } from './console.js';
import { routerNow } from './system/clock.js';
import { isSystemDefault } from './system/reset.js';
import { boardRecordExport } from './board-records.js';
import { argsOf, dirAt, tree, type Tree } from '../tree/tree.js';
import { EXPORT_ORDER } from './export-order.js';

/**
 * Records that belong to the device or come from files, never to the configuration script;
 * and the users: the router leaves them out (their passwords could not come back) while it
 * writes their groups, `/user aaa` and `/user settings` (a 7.24.4 `export verbose` of a
 * router with users besides admin, and the corpus's exports with groups made for users;
 * docs/routeros-facts.md 14). A backup keeps them all.
 */
const NEVER_EXPORTED = new Set(['certificate', 'system/package', 'user']);

/**
 * The header names the emulated board's model. The software id and serial number are this
 * emulation's own, fixed so that exports compare across runs.
 */
const header = (device: Device | undefined) => {
  const board = device?.board ?? BOARDS[DEFAULT_BOARD];
  // An export from a CHR or x86 names no model and no serial number (corpus: the CHR exports end their header at `#`).
  if (!board.routerboard) return ['# software id = ', '#'];
  return ['# software id = V7RT-0001', '#', `# model = ${board.model}`, `# serial number = ${device?.serialNumber ?? 'HGA09VR0UTR1'}`];
};

/** The canonical values of a menu's first-boot record, as the store would hold them. */
function canonical(env: Environment, menu: Menu, given: Reply): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, input] of Object.entries(given)) {
    const field = menu.fields.get(name);
    if (name === '.id' || !field) continue;
    try {
      out[name] = readValue(env, menu, name, field, input);
    } catch {
      // A reference to a record that is gone: no baseline for that value.
    }
  }
  return out;
}

const RADIOS = new Set(['wifi', 'wlan']);

/** Values a built-in record's export line shows changed or not: every export writes the Wiliot server's. */
const BUILTIN_ALWAYS: Readonly<Record<string, readonly string[]>> = { 'iot/wiliot/servers': ['address', 'name'] };

function builtinOf(env: Environment, menu: Menu, row: Row): Builtin | undefined {
  if (NEVER_EXPORTED.has(menu.path)) return 'skip';
  if (menu.path === 'interface/list' && row.values.builtin === 'true') return 'skip';
  const own = boardRecordExport(env, menu, row);
  if (own) return own;
  const defaults = defaultsOf(menu.decl, env);
  // The board's own interfaces (ports, radios) are there on every router of the model: set, never added.
  if (menu.decl.permanent || (menu.table === 'interface' && row.values['default-name'] !== undefined)) {
    const name = row.values['default-name'] ?? '';
    const given = defaults.find((d) => d['default-name'] === name);
    // A port the board added at start-up (src/menus/interface/board.ts) starts as its name and burnt-in address.
    // A radio comes disabled (src/menus/interface/board.ts): `disabled=no` is the default configuration's.
    const made = { name, 'orig-mac-address': row.values['orig-mac-address'] ?? '', ...(RADIOS.has(row.values.type) ? { disabled: 'true' } : {}) };
    return { ident: `[ find default-name=${name} ]`, defaults: given ? canonical(env, menu, given) : made };
  }
  const key = menu.decl.key;
  // The first-boot record this row is, by the router's own id it was given.
  const byId = () => defaults.find((d) => d['.id'] !== undefined && parseId(d['.id']) === row.id);
  const itemNumber = () => String(menuRows(env, menu).indexOf(row));
  const ident = menu.decl.exportIdent;
  if (ident) {
    const given = byId();
    if (!given) return undefined;
    const word = ident === 'default' ? '[ find default=yes ]' : ident === 'number' ? itemNumber() : ident === 'id' ? formatId(row.id) : row.values[key ?? ''];
    return { ident: word, defaults: canonical(env, menu, given), always: BUILTIN_ALWAYS[menu.path] };
  }
  if (!key) {
    // The router's own records of a menu without names are set by their item number (`set 0 action=...`).
    const given = menu.decl.systemDefaults ? byId() : undefined;
    return given ? { ident: itemNumber(), defaults: canonical(env, menu, given) } : undefined;
  }
  const given = defaults.find((d) => isSystemDefault(menu, d) && d[key] === row.values[key]);
  if (!given) return undefined;
  return { ident: row.values[key], defaults: canonical(env, menu, given) };
}

const version = (env: Environment) => (env.services.device as Device | undefined)?.rosVersion ?? DEFAULT_ROS_VERSION;

export function hintsFor(env: Environment): ExportHints {
  const engine = env as Engine;
  return {
    header: header(env.services.device as Device | undefined),
    now: () => formatDateTime(new Date(routerNow(env))),
    version: (env.services.device as Device | undefined)?.rosVersion ?? DEFAULT_ROS_VERSION,
    builtin: (menu, row) => builtinOf(env, menu, row),
    // The router stores an address's network when the address is added.
    storedDerived: { 'ip/address': ['network'] },
    // Real exports name every rule's action, `accept` too (defconf export, routeros-facts.md 3).
    // Scripts and scheduler entries always show their policy (real exports, e.g. find_string 28361807367).
    always: {
      'ip/firewall/filter': ['action'], 'ip/firewall/nat': ['action'],
      'system/script': ['dont-require-permissions', 'policy'], 'system/scheduler': ['policy'],
    },
    // An IPv4 record (an address, or a regexp answered with one) is an A record.
    written: since(version(env), 'export-dns-type-a')
      ? { 'ip/dns/static': { type: (row) => (row.values.address === undefined || row.values.address.includes(':') ? undefined : 'A') } }
      : {},
    exports: (menu) => engine.nodeAt(menu.path)?.commands.has('export') ?? false,
    order: EXPORT_ORDER,
  };
}

const flag = { type: str(), flag: true };

async function runExport(ctx: CommandContext): Promise<Reply | void> {
  const { env, args, session } = ctx;
  const engine = env as Engine;
  const sensitive = 'show-sensitive' in args && !('hide-sensitive' in args) && args['show-sensitive'] !== 'no';
  let where: ((menu: Menu, row: Row) => Promise<boolean>) | undefined;
  const scriptWhere = (session as ConsoleSession).where;
  if (scriptWhere) {
    where = (menu, row) => scriptWhere(menu, view(env, menu, row, session));
  } else if (args.where !== undefined && args.where !== '') {
    const source = args.where;
    let expr: ReturnType<typeof parseWhere>;
    try {
      expr = parseWhere(source);
    } catch (e) {
      throw new CommandError('argument', (e as Error).message);
    }
    const interpreter = new Interpreter(consoleOf(env), { session, signal: ctx.signal, output: () => {} });
    where = (menu, row) => interpreter.test(expr, source, menu, view(env, menu, row, session))
      .catch((e: Error) => { throw e instanceof CommandError ? e : new CommandError('argument', e.message); });
  }
  const text = await exportConfig(engine, session, hintsFor(env), {
    path: ctx.menu.path,
    verbose: isOn(args.verbose),
    terse: isOn(args.terse),
    sensitive,
    where,
  });
  if (args.file !== undefined && args.file !== '') {
    // Writing a file needs the ftp policy (REST spec 5).
    if (!session.policies.has('ftp')) throw notEnoughPermissions();
    const files = env.services.files as FileAccess | undefined;
    if (!files) throw new CommandError('failure', 'failure: file system is not available');
    files.write(args.file.endsWith('.rsc') ? args.file : `${args.file}.rsc`, text);
    return;
  }
  return { ret: text };
}

/** A flag given bare (`verbose`), or as `verbose=yes`. */
const isOn = (v: string | undefined) => v !== undefined && v !== 'no' && v !== 'false';

export const exportCommand: CommandDecl = {
  policy: ['read'],
  args: {
    compact: flag, file: { type: str() }, 'hide-sensitive': flag, 'show-sensitive': flag, terse: flag, verbose: flag,
    where: { type: str() }, path: { type: str() },
  },
  run: runExport,
};

/** The menus with `export` added where the tree has it (`/export`, `/ip export`, `/ip address export`). */
export function withExport(decls: readonly MenuDecl[], t: Tree = tree()): MenuDecl[] {
  // One declaration per path gets it: the menu, else the directory's first declaration.
  const given = new Set(decls.filter((d) => d.kind === 'dir' && d.commands?.export).map((d) => d.path));
  const menuAt = new Set(decls.filter((d) => d.kind !== 'dir').map((d) => d.path));
  return decls.map((decl) => {
    if (decl.commands?.export || argsOf(dirAt(decl.path, t), 'export', t) === undefined) return decl;
    if (decl.kind === 'dir' && (menuAt.has(decl.path) || given.has(decl.path))) return decl;
    given.add(decl.path);
    const copy = copyOf(decl);
    copy.commands = { ...decl.commands, export: exportCommand };
    return copy;
  });
}
