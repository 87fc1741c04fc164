// The configuration store: tables of records with ids and a user-visible order, kept in
// memory for reads and in SQLite (write-ahead log, synchronous=FULL) for durability.
// A change applies to memory at once and is queued for disk; what one turn of the event
// loop queued is written in one transaction (group commit), and front ends acknowledge a
// change only when `settled()` says it is on disk: an acknowledged change survives kill -9.
// If a write fails, memory is taken back to what the disk holds. Dynamic records (entries
// with a timeout) live in memory only, as on the real router; those a lab computes for each
// of its routers (OSPF's routes) may be made only when their table is read (`later`).

import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Database from 'better-sqlite3';
import { directoryReason, makeDirectory } from './directory.js';

/** 'vrou': marks a SQLite file as ours, so a foreign database is refused, not reset. */
const APPLICATION_ID = 0x76726f75;
const FORMAT_VERSION = 1;

/**
 * The router numbers some records of its own from the top (PPP's `default-encryption` is
 * *FFFFFFFE): such ids never move where the records users add are numbered.
 */
const OWN_IDS = 0xff000000;

export const STORE_FILE = 'config.db';

/**
 * SQLite itself, better-sqlite3's compiled part, found once and named to each database: left
 * to find it, the package asks `bindings`, which makes a stack trace and tries some twenty
 * paths (some milliseconds of a start, bench/PROFILE.md).
 */
let sqlite: string | undefined;
const sqliteAddon = () => (sqlite ??= createRequire(import.meta.url).resolve('better-sqlite3/build/Release/better_sqlite3.node'));

export interface Row {
  readonly id: number;
  /** Values that were set, canonical; references hold the target's id as `*HEX`. */
  values: Record<string, string>;
  /** Memory-only record. */
  readonly dynamic: boolean;
  /** Sort key of the user-visible order. */
  pos: number;
}

export class StoreError extends Error {}

export type Mutation =
  | { op: 'insert'; table: string; row: Row; before?: number }
  | { op: 'update'; table: string; id: number; values: Record<string, string> }
  | { op: 'delete'; table: string; id: number }
  | { op: 'move'; table: string; ids: number[]; before?: number; positions?: [number, number][] };

/** A change of rows that is not a move (the store plans those: see Store.commit). */
export type RowChange = Exclude<Mutation, { op: 'move' }>;

/**
 * Told of every change to stored (not dynamic) records as it applies: the change, and the one
 * that takes it back, worked out from the rows as they were (src/core/history.ts keeps them).
 */
export type Recorder = (forward: Mutation, inverse: Mutation) => void;

/** What follows commits: the tables a commit changed, and its changes. */
export type Watcher = (tables: ReadonlySet<string>, mutations: readonly Mutation[]) => void;

/** One statement of the write queue. */
interface SqlOp { sql: 'insert' | 'update' | 'delete' | 'pos'; args: (string | number)[] }

/** Ids of the first records, made once: every reply and every reference shows them. */
const SHOWN_IDS: string[] = [];
const SHOWN_IDS_KEPT = 4096;

export const formatId = (id: number): string => {
  if (id < SHOWN_IDS_KEPT && id >= 0) return SHOWN_IDS[id] ??= '*' + id.toString(16).toUpperCase();
  return '*' + id.toString(16).toUpperCase();
};

/** `*HEX` (1 to 8 hex digits) as a number; anything else undefined. */
export const parseId = (text: string): number | undefined => {
  const n = text.length;
  if (n < 2 || n > 9 || text.charCodeAt(0) !== 42 /* * */) return undefined;
  let id = 0;
  for (let i = 1; i < n; i++) {
    const c = text.charCodeAt(i);
    const d = c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 70 ? c - 55 : c >= 97 && c <= 102 ? c - 87 : -1;
    if (d < 0) return undefined;
    id = id * 16 + d;
  }
  return id;
};

/** What an empty table's indexes read: most of a router's four hundred tables stay empty. */
const NO_ROWS: ReadonlyMap<never, Row> = new Map<never, Row>();
const NO_INDEXES: ReadonlyMap<string, Index> = new Map();

interface Index { keyOf: (values: Record<string, string>) => string; rows: Map<string, Row[]> }

export class Table {
  private readonly list: Row[] = [];
  /** The rows in order (the changes `later` holds made first). */
  get rows(): Row[] {
    if (this.due) this.settle();
    return this.list;
  }
  // The maps are made at a table's first row or index: an empty Map costs some 200 bytes, and
  // a lab of a thousand routers has some 400,000 tables, most of them empty.
  private ids?: Map<number, Row>;
  private keys?: Map<string, Row>;
  private indexMap?: Map<string, Index>;
  get byId(): ReadonlyMap<number, Row> {
    if (this.due) this.settle();
    return this.ids ?? NO_ROWS;
  }
  /** Next id to hand out; never goes back, persisted with the table. */
  nextId = 1;
  /** Grows with every change of a row of this table (added, removed, moved, new values). */
  version = 0;
  /** Index of the key field (usually 'name'), when the table has one. */
  keyField?: string;
  get byKey(): ReadonlyMap<string, Row> {
    if (this.due) this.settle();
    return this.keys ?? NO_ROWS;
  }
  /** Indexes over computed keys (the `unique` field sets of the menus on this table). */
  private get indexes(): ReadonlyMap<string, Index> { return this.indexMap ?? NO_INDEXES; }

  /** `changed` is called at every change of a row, its values or its place (see Store.changes). */
  constructor(readonly name: string, private readonly changed: () => void = () => {}) {}

  /**
   * Changes of dynamic rows worked out only when the rows are next read, one `make` by whose
   * they are (a later one of the same `key` replaces it): a lab's thousand routers each hold
   * routes computed for them that few of them are ever asked for. The version grows now.
   */
  later(key: string, make: () => readonly RowChange[]) {
    (this.due ??= new Map()).set(key, make);
    this.version++;
    this.changed();
  }

  private due?: Map<string, () => readonly RowChange[]>;

  private settle() {
    const due = this.due!;
    this.due = undefined;
    for (const make of due.values()) for (const m of make()) this.apply(m);
  }

  /** A change of rows (not a move: the store plans those) applied to memory. */
  apply(m: RowChange) {
    switch (m.op) {
      case 'insert':
        this.insertSorted(m.row);
        break;
      case 'update': {
        const row = this.get(m.id);
        if (!row) return;
        this.reindex(row, true);
        row.values = m.values;
        this.reindex(row);
        break;
      }
      case 'delete':
        this.remove(m.id);
        break;
    }
  }

  /** Keeps only the rows `keep` accepts (the rest leave every index). */
  keepOnly(keep: (row: Row) => boolean) {
    for (const row of [...this.rows]) if (!keep(row)) this.remove(row.id);
  }

  /** Puts the rows in order and rebuilds every index, after rows were pushed in bulk. */
  sort() {
    this.version++;
    this.changed();
    this.rows.sort((a, b) => a.pos - b.pos || a.id - b.id);
    this.keys?.clear();
    for (const index of this.indexes.values()) index.rows.clear();
    for (const row of this.rows) this.reindex(row);
  }

  /** Declares an index; `keyOf` must depend on the values only. */
  addIndex(name: string, keyOf: (values: Record<string, string>) => string) {
    const index = { keyOf, rows: new Map<string, Row[]>() };
    (this.indexMap ??= new Map()).set(name, index);
    for (const row of this.rows) this.indexRow(row, index);
  }

  /** The rows whose key in index `name` equals that of `values`. */
  lookup(name: string, values: Record<string, string>): readonly Row[] {
    const index = this.indexes.get(name);
    if (!index) throw new Error(`table ${this.name} has no index ${name}`);
    return index.rows.get(index.keyOf(values)) ?? [];
  }

  private indexRow(row: Row, index: Index) {
    const key = index.keyOf(row.values);
    const list = index.rows.get(key);
    if (list) list.push(row); else index.rows.set(key, [row]);
  }

  /** Adds a row to (or, with `out`, takes it out of) every index. */
  reindex(row: Row, out = false) {
    this.version++;
    this.changed();
    if (this.keyField) {
      const k = row.values[this.keyField];
      if (out) { if (this.keys?.get(k) === row) this.keys.delete(k); } else if (k !== undefined) (this.keys ??= new Map()).set(k, row);
    }
    for (const index of this.indexes.values()) {
      if (!out) { this.indexRow(row, index); continue; }
      const key = index.keyOf(row.values);
      const list = index.rows.get(key);
      if (!list) continue;
      const i = list.indexOf(row);
      if (i >= 0) list.splice(i, 1);
      if (!list.length) index.rows.delete(key);
    }
  }

  get(id: number) { return this.byId.get(id); }

  /** A row read from the disk, in order: placed last, indexed by id only (`sort` or `keyOn` index the rest). */
  loaded(row: Row) {
    this.list.push(row);
    (this.ids ??= new Map()).set(row.id, row);
  }

  /** The key field (usually 'name'), and its index built. */
  keyOn(field: string) {
    this.keyField = field;
    this.keys?.clear();
    for (const row of this.rows) if (row.values[field] !== undefined) (this.keys ??= new Map()).set(row.values[field], row);
  }

  indexOf(id: number): number {
    const row = this.byId.get(id);
    if (!row) return -1;
    // Rows are sorted by pos, so a binary search finds the row without a scan.
    let lo = 0, hi = this.rows.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const r = this.rows[mid];
      if (r === row) return mid;
      if (r.pos < row.pos || (r.pos === row.pos && r.id < row.id)) lo = mid + 1; else hi = mid - 1;
    }
    return this.rows.indexOf(row);
  }

  /** Position for a row placed before `before` (or at the end). */
  positionBefore(before?: number): number {
    if (before === undefined || !this.byId.has(before)) {
      const last = this.rows[this.rows.length - 1];
      return last ? Math.floor(last.pos) + 1 : 1;
    }
    const i = this.indexOf(before);
    const next = this.rows[i].pos;
    const prev = i > 0 ? this.rows[i - 1].pos : next - 2;
    return (prev + next) / 2;
  }

  insertSorted(row: Row) {
    let lo = 0, hi = this.rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.rows[mid].pos <= row.pos) lo = mid + 1; else hi = mid;
    }
    this.list.splice(lo, 0, row);
    (this.ids ??= new Map()).set(row.id, row);
    this.reindex(row);
  }

  remove(id: number) {
    const i = this.indexOf(id);
    if (i < 0) return;
    const row = this.list[i];
    this.list.splice(i, 1);
    this.ids!.delete(id);
    this.reindex(row, true);
  }
}

/** fsync of a file or directory; one that is not there (a log checkpointed away) has nothing to flush. */
async function syncPath(name: string) {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(name, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The tables of a store, made in one transaction: each statement alone would be a commit of its own. */
const SCHEMA = `
  BEGIN;
  CREATE TABLE IF NOT EXISTS tables (name TEXT PRIMARY KEY, next_id INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS rows (
    tbl TEXT NOT NULL, id INTEGER NOT NULL, pos REAL NOT NULL, data TEXT NOT NULL,
    PRIMARY KEY (tbl, id)) WITHOUT ROWID;
  PRAGMA application_id = ${APPLICATION_ID};
  PRAGMA user_version = ${FORMAT_VERSION};
  COMMIT;`;

/** A write the disk refused, as the commands that made it are told. */
const unsaved = (e: unknown) => new Error(`the configuration could not be saved: ${(e as Error).message}`);

export class Store {
  private readonly tables = new Map<string, Table>();
  private readonly db: Database.Database;
  /** True when the data directory was empty: the router writes its default configuration. */
  readonly fresh: boolean;
  private readonly stmt: {
    insert: Database.Statement; update: Database.Statement; delete: Database.Statement;
    counter: Database.Statement; pos: Database.Statement;
  };

  private constructor(db: Database.Database, fresh: boolean) {
    this.db = db;
    this.fresh = fresh;
    this.stmt = {
      insert: db.prepare('INSERT INTO rows (tbl, id, pos, data) VALUES (?, ?, ?, ?)'),
      update: db.prepare('UPDATE rows SET data = ? WHERE tbl = ? AND id = ?'),
      delete: db.prepare('DELETE FROM rows WHERE tbl = ? AND id = ?'),
      counter: db.prepare('INSERT INTO tables (name, next_id) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET next_id = excluded.next_id'),
      pos: db.prepare('UPDATE rows SET pos = ? WHERE tbl = ? AND id = ?'),
    };
    this.writeTransaction = db.transaction((ops: readonly SqlOp[], counters: ReadonlySet<string>) => {
      for (const op of ops) (this.stmt[op.sql].run as (...a: unknown[]) => unknown)(...op.args);
      for (const name of counters) this.stmt.counter.run(name, this.table(name).nextId);
    });
  }

  private readonly writeTransaction: (ops: readonly SqlOp[], counters: ReadonlySet<string>) => void;

  /**
   * Opens (or creates) the store of a data directory. Refuses anything that is not ours.
   * `deferSync`: a store made new here holds its writes until `durable()` writes them in one
   * transaction and flushes it once, off the main thread (a router's first boot, made durable
   * before the router says it runs: src/router.ts; a lab's node, whose directory's first-boot
   * mark stands for it meanwhile: a node whose first boot did not finish is booted afresh).
   * Making the log and each of a first boot's dozen commits would otherwise wait for fsyncs
   * of their own on the main thread: 15 ms and more of a start here. Until then a stop
   * (kill -9 included) loses nothing of what was acknowledged, as nothing is; a machine that
   * loses its power leaves a database that is empty (booted afresh) or, at worst, one SQLite
   * cannot read.
   */
  static open(dir: string, o: { deferSync?: boolean } = {}): Store {
    try {
      makeDirectory(dir);
    } catch (e) {
      throw new StoreError(`data directory ${dir} is not usable: ${directoryReason(e)}`);
    }
    const file = path.join(dir, STORE_FILE);
    let db: Database.Database | undefined;
    let existed = false, empty = true;
    try {
      db = new Database(file, { nativeBinding: sqliteAddon() });
      // The router is the database's only user (a second one on the same data directory is
      // refused here). Held exclusively from the first read, the write-ahead log keeps its
      // index in the process's memory: no -shm file to make, map and hold open, one file less
      // per router (a lab of thousands holds thousands of stores open).
      db.pragma('locking_mode = EXCLUSIVE');
      // Before the log is set up: making a new file's log waits for the disk too.
      if (o.deferSync) db.pragma('synchronous = OFF');
      db.pragma('journal_mode = WAL');
      const appId = db.pragma('application_id', { simple: true }) as number;
      const version = db.pragma('user_version', { simple: true }) as number;
      // What the database holds, its write-ahead log included: a router stopped before its
      // first checkpoint (kill -9, a stop cut short) leaves config.db empty and all in the log.
      existed = (db.prepare('SELECT count(*) AS n FROM sqlite_master').get() as { n: number }).n > 0;
      if (existed && appId !== APPLICATION_ID) {
        db.close();
        throw new StoreError(`${file} is not a vrouter configuration (a foreign SQLite database); move it away or choose another --data-dir`);
      }
      if (existed && version !== FORMAT_VERSION) {
        db.close();
        throw new StoreError(`${file} has configuration format ${version}, this vrouter reads format ${FORMAT_VERSION}`);
      }
      // A store with nothing in it: made here, or a blank one copied in (Store.blank). Reading
      // sqlite_master above proved the file a database at all (SQLite opens one lazily), and
      // this read that its rows can be read.
      empty = !existed || (db.prepare('SELECT count(*) AS n FROM rows').get() as { n: number }).n === 0;
      if (!(empty && o.deferSync)) db.pragma('synchronous = FULL');
      if (!existed) db.exec(SCHEMA);
    } catch (e) {
      if (e instanceof StoreError) throw e;
      if (db?.open) db.close();
      if ((e as { code?: string }).code === 'SQLITE_BUSY') throw new StoreError(`${file} is in use by another router: another vrouter runs on ${dir}`);
      throw new StoreError(`${file} cannot be read as a vrouter configuration: ${(e as Error).message}`);
    }
    const store = new Store(db, empty);
    store.deferredFile = empty && o.deferSync ? file : undefined;
    store.load();
    return store;
  }

  /**
   * A blank store at `file`: the schema, its marks and the write-ahead log, nothing in it. A
   * lab copies it into each new node's directory in the thread pool: SQLite making a database
   * from nothing costs the main thread some 2 ms more of file making than opening a copy
   * (bench/LAB.md). A store opened on it is `fresh`, as on an empty directory.
   */
  static blank(file: string) {
    const db = new Database(file, { nativeBinding: sqliteAddon() });
    try {
      db.pragma('journal_mode = WAL');
      db.exec(SCHEMA);
    } finally {
      db.close();
    }
  }

  /** The database file while its writes wait for `durable()`. */
  private deferredFile?: string;

  /**
   * Everything committed so far is on disk, and every commit from now on waits for the disk
   * as usual (synchronous=FULL). For a store opened with `deferSync`: the database, its log
   * and the directory naming them are flushed, off the main thread, so that many routers'
   * flushes overlap with each other's work. Otherwise as `settled()`.
   */
  async durable(): Promise<void> {
    const file = this.deferredFile;
    if (!file || !this.db.open) return this.settled();
    this.deferredFile = undefined;
    // The first boot's commits, held until now, in one transaction.
    try {
      this.flush();
    } catch (e) {
      throw unsaved(e);
    }
    // From here each commit syncs itself; what came before is covered by the flushes below,
    // which every commit's `settled()` waits for too: a change acknowledged meanwhile is in the
    // log, but the log is only found again once the database file naming it is on disk.
    this.db.pragma('synchronous = FULL');
    const syncing = this.syncing = Promise.all([file, `${file}-wal`, path.dirname(file)].map(syncPath)).then(() => {});
    // Forgotten once done. A flush that failed is told to whoever waits for it (this call and
    // settled()'s), never left as a rejection nobody handles, which would end the process.
    const done = () => { this.syncing = undefined; };
    syncing.then(done, done);
    await syncing;
  }

  /** The flushes `durable()` started, until they end. */
  private syncing?: Promise<void>;

  private load() {
    for (const t of this.db.prepare('SELECT name, next_id FROM tables').all() as { name: string; next_id: number }[]) {
      this.table(t.name).nextId = t.next_id;
    }
    let table: Table | undefined;
    for (const r of this.db.prepare('SELECT tbl, id, pos, data FROM rows ORDER BY tbl, pos, id').iterate() as IterableIterator<{ tbl: string; id: number; pos: number; data: string }>) {
      if (table?.name !== r.tbl) table = this.table(r.tbl);
      let values: Record<string, string>;
      try {
        values = JSON.parse(r.data);
      } catch {
        throw new StoreError(`configuration record ${r.tbl} ${formatId(r.id)} is damaged; the data directory needs repair`);
      }
      const row: Row = { id: r.id, values, dynamic: false, pos: r.pos };
      table.loaded(row);
      if (row.id >= table.nextId && row.id < OWN_IDS) table.nextId = row.id + 1;
    }
  }

  table(name: string): Table {
    let t = this.tables.get(name);
    if (!t) this.tables.set(name, (t = new Table(name, this.changed)));
    return t;
  }

  private changeCount = 0;
  private readonly changed = () => { this.changeCount++; };

  /**
   * A number that grows with every change to any row in memory (added, removed, moved, new
   * values): what was worked out from the rows while it stays the same still holds.
   */
  get changes(): number { return this.changeCount; }

  /** Declares the key field of a table and builds its index. */
  setKey(name: string, field: string) {
    const t = this.table(name);
    if (t.keyField === field) return;
    t.keyOn(field);
  }

  /** A new row, not yet stored: its id is taken now and never handed out again. */
  newRow(table: string, values: Record<string, string>, dynamic: boolean, before?: number, id?: number): Row {
    const t = this.table(table);
    if (id !== undefined) {
      // A built-in record with the router's own id (first boot only).
      if (t.byId.has(id)) throw new Error(`table ${table} already has id ${formatId(id)}`);
      if (id < OWN_IDS) t.nextId = Math.max(t.nextId, id + 1);
      return { id, values, dynamic, pos: t.positionBefore(before) };
    }
    let pos = t.positionBefore(before);
    if (before !== undefined && t.rows.some((r) => r.pos === pos)) {
      // Inserting again and again at one spot halves the gap until it is gone.
      this.respace(t);
      pos = t.positionBefore(before);
    }
    return { id: t.nextId++, values, dynamic, pos };
  }

  /** Numbers a table's rows 1..n again, keeping their order. */
  private respace(t: Table) {
    t.rows.forEach((row, i) => {
      row.pos = i + 1;
      if (!row.dynamic) this.queue({ sql: 'pos', args: [row.pos, t.name, row.id] });
    });
  }

  /**
   * Applies the mutations to memory at once, so the next command sees them, and queues
   * them for disk. Everything queued in one turn of the event loop is written in one
   * transaction (group commit: one flush for many requests). A front end acknowledges a
   * change only after `settled()`, so an acknowledged change is on disk.
   */
  commit(mutations: readonly Mutation[]) {
    this.write(mutations, true);
  }

  /**
   * A change the router makes of itself that no one is told of (a login's last-logged-in):
   * applied and written as a commit is, but a transaction of such changes alone does not wait
   * for the disk. The next commit's flush takes it there (the log's fsync covers what was
   * written before), as does the checkpoint at close; a kill -9 keeps it too, the write being
   * in the kernel's hands. A thousand routers' first logins no longer wait for a thousand
   * fsyncs on the main thread.
   */
  note(mutations: readonly Mutation[]) {
    this.write(mutations, false);
  }

  /** Whether the queue holds a commit's writes (whose transaction waits for the disk), not only notes'. */
  private awaited = false;

  private write(mutations: readonly Mutation[], awaited: boolean) {
    for (const m of mutations) {
      if (!this.isDynamic(m)) {
        if (awaited) this.awaited = true;
        this.queueSql(m);
        if (this.recorder) this.record(m, this.recorder);
      }
      this.apply(m);
    }
    if (this.watchers.size && mutations.length) {
      const tables = new Set(mutations.map((m) => m.table));
      for (const watcher of this.watchers) watcher(tables, mutations);
    }
  }

  private readonly watchers = new Set<Watcher>();

  /** The history's ear on stored changes (one: the engine's). */
  recorder?: Recorder;

  /** A stored change and its inverse, as copies: rows in memory change after this. */
  private record(m: Mutation, recorder: Recorder) {
    const t = this.table(m.table);
    switch (m.op) {
      case 'insert': {
        const row = { ...m.row, values: { ...m.row.values } };
        return recorder({ op: 'insert', table: m.table, row }, { op: 'delete', table: m.table, id: row.id });
      }
      case 'update': {
        const old = t.get(m.id);
        if (!old) return;
        return recorder({ op: 'update', table: m.table, id: m.id, values: { ...m.values } }, { op: 'update', table: m.table, id: m.id, values: { ...old.values } });
      }
      case 'delete': {
        const old = t.get(m.id);
        if (!old) return;
        return recorder({ op: 'delete', table: m.table, id: m.id }, { op: 'insert', table: m.table, row: { ...old, values: { ...old.values } } });
      }
      case 'move': {
        const positions = m.positions ?? [];
        const before = positions.map(([id]): [number, number] => [id, t.get(id)?.pos ?? 0]);
        return recorder({ op: 'move', table: m.table, ids: [...m.ids], positions: positions.map(([id, pos]) => [id, pos]) }, { op: 'move', table: m.table, ids: [...m.ids], positions: before });
      }
    }
  }

  /**
   * Calls `watcher` after every commit with the tables it changed and the changes themselves,
   * so a part that follows the configuration (the network services follow /ip/service, an
   * API `listen` follows its menu's records) needs no polling. A watcher
   * runs inside the commit: it must not throw and should only note the change and act
   * later. A watcher that `follows` a table is given every change of it (the others may be
   * told only that a table changed: see `later`). Returns the function that stops it.
   */
  onCommit(watcher: Watcher, follows?: string): () => void {
    this.watchers.add(watcher);
    if (follows !== undefined) this.followed.set(follows, (this.followed.get(follows) ?? 0) + 1);
    return () => {
      if (!this.watchers.delete(watcher) || follows === undefined) return;
      const n = this.followed.get(follows)! - 1;
      if (n) this.followed.set(follows, n); else this.followed.delete(follows);
    };
  }

  /** Tables a watcher follows change by change (an API `listen`: see `onCommit`'s `follows`). */
  private readonly followed = new Map<string, number>();

  /**
   * Dynamic records of `table` that `make` works out (as mutations of the rows as they are
   * then) when the table is next read, not now (Table.later): the watchers are told at once
   * that the table changed, without the changes, unless one follows the table change by
   * change, when they are made and committed now.
   */
  later(table: string, key: string, make: () => readonly RowChange[]) {
    if (this.followed.has(table)) return this.commit(make());
    this.table(table).later(key, make);
    if (!this.watchers.size) return;
    const tables = new Set([table]);
    for (const watcher of this.watchers) watcher(tables, []);
  }

  private isDynamic(m: Mutation): boolean {
    if (m.op === 'insert') return m.row.dynamic;
    if (m.op === 'move') return false;
    return this.table(m.table).get(m.id)?.dynamic ?? true;
  }

  // ---------------------------------------------------------------- the write queue

  private pending: SqlOp[] = [];
  private counters = new Set<string>();
  private waiters: { resolve: () => void; reject: (e: Error) => void }[] = [];
  private scheduled = false;

  private queue(op: SqlOp) {
    this.pending.push(op);
    // A deferred store's writes wait for durable(), which writes them in one transaction.
    if (!this.scheduled && !this.deferredFile) {
      this.scheduled = true;
      setImmediate(() => this.flushQueued());
    }
  }

  /** The SQL of one mutation, with the positions of a move worked out before it applies. */
  private queueSql(m: Mutation) {
    switch (m.op) {
      case 'insert':
        this.queue({ sql: 'insert', args: [m.table, m.row.id, m.row.pos, JSON.stringify(m.row.values)] });
        this.counters.add(m.table);
        break;
      case 'update':
        this.queue({ sql: 'update', args: [JSON.stringify(m.values), m.table, m.id] });
        break;
      case 'delete':
        this.queue({ sql: 'delete', args: [m.table, m.id] });
        break;
      case 'move': {
        // Given positions (an undo puts rows back where they were) are taken as they are.
        const positions = m.positions ?? this.plannedMove(m);
        m.positions = positions;
        for (const [id, pos] of positions) {
          if (!this.table(m.table).get(id)?.dynamic) this.queue({ sql: 'pos', args: [pos, m.table, id] });
        }
        break;
      }
    }
  }

  /**
   * Whether every change made so far is on disk (`settled()` would resolve at once). A store
   * whose writes wait for `durable()` is: its owner stands for them until then (Store.open).
   */
  get isSettled(): boolean {
    return this.deferredFile !== undefined || (!this.pending.length && !this.counters.size && !this.syncing);
  }

  /** Resolves once everything committed so far is on disk; rejects if that write failed. */
  settled(): Promise<void> {
    if (this.isSettled) return Promise.resolve();
    const written = this.pending.length || this.counters.size ? new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject })) : undefined;
    const syncing = this.syncing;
    if (!syncing) return written!;
    return written ? Promise.all([written, syncing]).then(() => {}) : syncing;
  }

  private flushQueued() {
    this.scheduled = false;
    const waiters = this.waiters;
    this.waiters = [];
    try {
      this.flush();
      for (const w of waiters) w.resolve();
    } catch (e) {
      const error = unsaved(e);
      for (const w of waiters) w.reject(error);
    }
  }

  /** Writes the queue in one transaction. On failure memory is reloaded from the disk. */
  flush() {
    if (!this.pending.length && !this.counters.size) return;
    const ops = this.pending;
    const counters = this.counters;
    this.pending = [];
    this.counters = new Set();
    // Notes alone are written without a flush, unless every write is so meanwhile (deferred).
    const unflushed = !this.awaited && !this.deferredFile;
    this.awaited = false;
    try {
      // Not prepared once: SQLite carries out a pragma as it prepares it.
      if (unflushed) this.db.pragma('synchronous = OFF');
      try {
        this.writeTransaction(ops, counters);
      } finally {
        if (unflushed) this.db.pragma('synchronous = FULL');
      }
    } catch (e) {
      // Memory ran ahead of the disk; the disk is the truth: take every table back from it.
      this.reload();
      throw e;
    }
  }


  private apply(m: Mutation) {
    const t = this.table(m.table);
    if (m.op !== 'move') return t.apply(m);
    for (const [id, pos] of m.positions ?? this.plannedMove(m)) {
      const row = t.get(id);
      if (!row) continue;
      t.remove(id);
      row.pos = pos;
      t.insertSorted(row);
    }
  }

  /** Puts every table's stored rows back as the disk has them; dynamic rows stay. */
  private reload() {
    for (const t of this.tables.values()) t.keepOnly((row) => row.dynamic);
    this.load();
    for (const t of this.tables.values()) t.sort();
  }

  /**
   * New positions for a move: the rows go, in the order given, right before `before` (or
   * to the end). Computed from the current order, so planning twice gives the same answer.
   */
  private plannedMove(m: Extract<Mutation, { op: 'move' }>): [number, number][] {
    const t = this.table(m.table);
    const moving = new Set(m.ids);
    const rest = t.rows.filter((r) => !moving.has(r.id));
    let at = m.before === undefined ? rest.length : rest.findIndex((r) => r.id === m.before);
    if (at < 0) at = rest.length;
    const lo = at > 0 ? rest[at - 1].pos : (rest[0]?.pos ?? 1) - 1;
    const hi = at < rest.length ? rest[at].pos : lo + m.ids.length + 1;
    const step = (hi - lo) / (m.ids.length + 1);
    if (step > 1e-9) return m.ids.map((id, i) => [id, lo + step * (i + 1)]);
    // The gap is used up: number the whole table afresh.
    const order = [...rest.slice(0, at).map((r) => r.id), ...m.ids, ...rest.slice(at).map((r) => r.id)];
    return order.map((id, i) => [id, i + 1]);
  }

  /** Writes what is queued, then closes the database. */
  close() {
    if (!this.db.open) return;
    try {
      this.flushQueued();
    } finally {
      this.db.close();
    }
  }
}
