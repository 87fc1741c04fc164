// /file: the router's files and folders, as the file store (src/device/files.ts) holds them
// under `<data-dir>/files`. The disk is the truth: the menu's records are a memory-only
// mirror of it (table `file`), refreshed before every /file command and after every change
// made through the store, so print, .proplist, .query, get and names in REST URLs
// (`/rest/file/flash%2Fbackup.rsc`) work as in any other menu. Ids last as long as the
// process, as on the router, where files are numbered afresh at boot.
//
// Also here: `file/read`, the chunked reader of the REST spec (4.5).

import { CommandError, failure, missingArgument, unknownParameter } from '../core/errors.js';
import { genericCommand } from '../core/generic.js';
import { findRows } from '../core/records.js';
import type { ArgDecl, CommandContext, CommandDecl, Environment, MenuDecl, Reply } from '../core/schema.js';
import { formatId, type Mutation, type Row } from '../core/store.js';
import { formatDateTime, int, name as nameType, str, choice } from '../core/values.js';
import { FileStore, noSuchFile, type FileEntry } from '../device/files.js';

export const FILE_TABLE = 'file';

/** The largest chunk `file/read` gives at once (REST spec 8). */
export const MAX_CHUNK = 32768;

/**
 * `contents` is shown, and can be set, for text files up to this size. Larger files and
 * binary ones are read with `file/read` (RouterOS: "File contents can be edited only for
 * files less than 4096 bytes").
 */
export const MAX_CONTENTS = 4095;

export function filesOf(env: Environment): FileStore {
  const files = env.services.files as FileStore | undefined;
  if (!files) throw new CommandError('failure', 'failure: file system is not available');
  return files;
}

/**
 * The type the router shows for a file: folders are `directory`; known kinds have names of
 * their own (`script` for .rsc, `backup`, `package` for .npk); any other extension shows as
 * `.ext file`; a name without one is a plain `file`.
 */
export function fileType(entry: Pick<FileEntry, 'name' | 'type'>): string {
  if (entry.type === 'directory') return 'directory';
  const base = entry.name.slice(entry.name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  if (dot <= 0 || dot === base.length - 1) return 'file';
  const ext = base.slice(dot + 1).toLowerCase();
  switch (ext) {
    case 'rsc': return 'script';
    case 'backup': return 'backup';
    case 'npk': return 'package';
    default: return `.${ext} file`;
  }
}

/** A file's text when it is small and text (UTF-8 without NUL), else undefined. */
function smallText(data: Buffer): string | undefined {
  if (data.length > MAX_CONTENTS || data.includes(0)) return undefined;
  const text = data.toString('utf8');
  return Buffer.byteLength(text) === data.length && !text.includes('\uFFFD') ? text : undefined;
}

function contentsOf(env: Environment, row: Row): string | undefined {
  if (row.values.type === 'directory' || Number(row.values.size) > MAX_CONTENTS) return undefined;
  try {
    return smallText(filesOf(env).read(row.values.name));
  } catch {
    return undefined;
  }
}

const hooked = new WeakSet<FileStore>();
/** Changes made step by step by a /file command: the command syncs once it is done. */
let quiet = 0;
function quietly<T>(fn: () => T): T {
  quiet++;
  try { return fn(); } finally { quiet--; }
}

/** Brings the `file` table in line with the disk. */
export function syncFiles(env: Environment) {
  const files = env.services.files as FileStore | undefined;
  if (!files) return;
  if (!hooked.has(files)) {
    hooked.add(files);
    files.onChange(() => { if (!quiet) syncFiles(env); });
  }
  const table = env.store.table(FILE_TABLE);
  const seen = new Set<string>();
  const changes: Mutation[] = [];
  for (const entry of files.list()) {
    seen.add(entry.name);
    const values: Record<string, string> = {
      name: entry.name,
      type: fileType(entry),
      'creation-time': formatDateTime(new Date(entry.creationTime)),
      'last-modified': formatDateTime(new Date(entry.lastModified)),
    };
    if (entry.type !== 'directory') values.size = String(entry.size);
    const row = table.byKey.get(entry.name);
    if (!row) {
      changes.push({ op: 'insert', table: FILE_TABLE, row: env.store.newRow(FILE_TABLE, values, true) });
    } else if (Object.keys(values).length !== Object.keys(row.values).length || Object.entries(values).some(([k, v]) => row.values[k] !== v)) {
      changes.push({ op: 'update', table: FILE_TABLE, id: row.id, values });
    }
  }
  for (const row of table.rows) if (!seen.has(row.values.name)) changes.push({ op: 'delete', table: FILE_TABLE, id: row.id });
  // Inserts one at a time: a name must be in the key index before the next row is planned.
  for (const c of changes) env.store.commit([c]);
}

/** A command that sees the disk as it is now. */
function synced(cmd: CommandDecl): CommandDecl {
  return { ...cmd, run: (ctx) => { syncFiles(ctx.env); return cmd.run(ctx); } };
}

const text = str();
const flag: ArgDecl = { type: str(), flag: true };
const any: ArgDecl = { type: str() };
const FILE_TYPES = ['file', 'directory'] as const;

/** `add`: a file (with optional contents) or, with `type=directory`, a folder. */
async function add(ctx: CommandContext): Promise<Reply> {
  const { env, args } = ctx;
  const files = filesOf(env);
  if (args.name === undefined) throw missingArgument('name');
  const name = FileStore.normalize(args.name);
  if (files.exists(name)) throw failure('already have such name');
  const type = args.type ?? 'file';
  if (type === 'directory') {
    if (args.contents !== undefined) throw unknownParameter('contents');
    files.mkdir(name);
  } else {
    files.write(name, args.contents ?? '');
  }
  syncFiles(env);
  return { ret: formatId(env.store.table(FILE_TABLE).byKey.get(name)!.id) };
}

/** `set`: new contents for small text files, or a new name (which moves it). */
async function set(ctx: CommandContext): Promise<void> {
  const { env, menu, args } = ctx;
  const files = filesOf(env);
  const rows = findRows(env, menu, args.numbers);
  if (args.name !== undefined && rows.length > 1) throw failure('already have such name');
  for (const row of rows) {
    const isDir = row.values.type === 'directory';
    if (args.type !== undefined && (args.type === 'directory') !== isDir) throw failure('can not change type');
    if (args.contents !== undefined) {
      if (isDir) throw failure('can not set contents of a directory');
      if (Buffer.byteLength(args.contents) > MAX_CONTENTS) throw failure('contents too long');
      const current = Number(row.values.size);
      if (current > MAX_CONTENTS || (current > 0 && contentsOf(env, row) === undefined)) throw failure('file is too big or not a text file');
    }
  }
  for (const row of rows) {
    if (args.contents !== undefined) files.write(row.values.name, args.contents);
    if (args.name !== undefined) {
      const to = FileStore.normalize(args.name);
      if (to !== row.values.name) {
        const from = row.values.name;
        // The record keeps its id under its new name.
        env.store.commit([{ op: 'update', table: FILE_TABLE, id: row.id, values: { ...row.values, name: to } }]);
        try {
          quietly(() => files.rename(from, to));
        } catch (e) {
          env.store.commit([{ op: 'update', table: FILE_TABLE, id: row.id, values: { ...row.values, name: from } }]);
          throw e;
        }
      }
    }
  }
  syncFiles(env);
}

async function remove(ctx: CommandContext): Promise<void> {
  const { env, menu, args } = ctx;
  for (const a in args) if (a !== 'numbers') throw unknownParameter(a);
  const rows = findRows(env, menu, args.numbers);
  const files = filesOf(env);
  for (const row of rows) if (files.exists(row.values.name)) files.remove(row.values.name);
  syncFiles(env);
}

/** `copy`: a file under a new name (7.x `/file/copy number= name=`). */
async function copy(ctx: CommandContext): Promise<void> {
  const { env, menu, args } = ctx;
  const row = findRows(env, menu, args.number)[0];
  if (args.name === undefined) throw missingArgument('name');
  const to = FileStore.normalize(args.name);
  const files = filesOf(env);
  if (files.exists(to)) throw failure('already have such name');
  if (row.values.type === 'directory') throw failure('can not copy a directory');
  files.copy(row.values.name, to);
  syncFiles(env);
}

/**
 * The bytes as reply text: UTF-8 when they are (a chunk may end inside a character, which
 * then shows as the bytes it has), else one character per byte.
 */
function chunkText(data: Buffer): string {
  const t = data.toString('utf8');
  return Buffer.byteLength(t) === data.length && !t.includes('\uFFFD') ? t : data.toString('latin1');
}

/**
 * `file/read`: `chunk-size` bytes of `file` from `offset`. At the end of the file the data
 * is empty; an offset past the end is `failure: chunk out of file bounds` (REST spec 4.5).
 */
async function* read(ctx: CommandContext): AsyncGenerator<Reply, void> {
  const { env, args } = ctx;
  if (args.file === undefined) throw missingArgument('file');
  if (args['chunk-size'] === undefined) throw missingArgument('chunk-size');
  const files = filesOf(env);
  const entry = files.stat(args.file);
  if (!entry || entry.type !== 'file') throw noSuchFile();
  const offset = Number(args.offset ?? '0');
  if (offset > entry.size) throw failure('chunk out of file bounds');
  yield { data: chunkText(files.readRange(args.file, offset, Number(args['chunk-size']))) };
}

export const fileMenu: MenuDecl = {
  path: 'file',
  kind: 'table',
  table: FILE_TABLE,
  key: 'name',
  generic: [],
  // Every reader sees the disk as it is now.
  rows: (env) => { syncFiles(env); return env.store.table(FILE_TABLE).rows; },
  fields: {
    name: { type: nameType },
    type: { type: str(), readOnly: true },
    size: { type: int(), readOnly: true },
    'creation-time': { type: str(), readOnly: true },
    'last-modified': { type: str(), readOnly: true },
    contents: { type: text, derive: (row, env) => contentsOf(env, row) },
  },
};

// The generic readers, each run against the disk as it is now.
fileMenu.commands = {
  print: synced(genericCommand('print', fileMenu)),
  get: synced(genericCommand('get', fileMenu)),
  find: synced(genericCommand('find', fileMenu)),
  add: {
    policy: ['write'],
    args: { name: { type: str() }, type: { type: choice(FILE_TYPES) }, contents: { type: text } },
    run: add,
  },
  set: synced({
    policy: ['write'],
    args: { numbers: any, name: { type: str() }, type: { type: choice(FILE_TYPES) }, contents: { type: text } },
    unnamed: 'numbers',
    run: set,
  }),
  remove: synced({ policy: ['write'], args: { numbers: any }, unnamed: 'numbers', run: remove }),
  copy: synced({ policy: ['write'], args: { number: any, name: { type: str() } }, unnamed: 'number', run: copy }),
  // Reading a file's bytes needs ftp and test (REST spec 5).
  read: {
    policy: ['ftp', 'test'],
    args: {
      file: { type: str() },
      'chunk-size': { type: int({ min: 1, max: MAX_CHUNK }) },
      offset: { type: int({ min: 0 }) },
      'as-value': flag,
    },
    run: read,
  },
};
