// The store: what settled() promises, group commit, and a failed write taking memory back
// to what the disk holds.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { STORE_FILE, Store } from '../../src/core/store.js';
import { tempDir } from '../helpers/router.js';

const names = (store: Store) => store.table('things').rows.map((r) => r.values.name);

/**
 * The rows a kill -9 would leave on disk now: the database and its log copied as they are
 * (the store holds its database exclusively, so no second connection may read it while open)
 * and opened as the next start would open them.
 */
function onDisk(dir: string): unknown[] {
  const copy = tempDir();
  for (const f of [STORE_FILE, `${STORE_FILE}-wal`]) if (fs.existsSync(path.join(dir, f))) fs.copyFileSync(path.join(dir, f), path.join(copy, f));
  const db = new Database(path.join(copy, STORE_FILE));
  try {
    return db.prepare('SELECT data FROM rows ORDER BY tbl, pos, id').all();
  } finally {
    db.close();
  }
}

/** The store's own connection (the test stands in for the disk through it). */
const dbOf = (store: Store) => (store as unknown as { db: Database.Database }).db;

function add(store: Store, name: string) {
  const row = store.newRow('things', { name }, false);
  store.commit([{ op: 'insert', table: 'things', row }]);
  return row.id;
}

test('a commit shows in memory at once and is on disk once settled() resolves', async () => {
  const dir = tempDir();
  const store = Store.open(dir);
  add(store, 'a');
  assert.deepEqual(names(store), ['a']);
  await store.settled();
  // The next process (as after kill -9) sees it.
  assert.deepEqual(onDisk(dir), [{ data: '{"name":"a"}' }]);
  store.close();
});

test('commits of one turn are written in one transaction, in order, ids never reused', async () => {
  const dir = tempDir();
  const store = Store.open(dir);
  const ids = ['a', 'b', 'c', 'd'].map((n) => add(store, n));
  store.commit([{ op: 'delete', table: 'things', id: ids[1] }]);
  store.commit([{ op: 'move', table: 'things', ids: [ids[3]], before: ids[0] }]);
  await store.settled();
  store.close();
  const again = Store.open(dir);
  assert.deepEqual(names(again), ['d', 'a', 'c']);
  assert.equal(again.table('things').nextId, 5);
  again.close();
});

test('a failed write rejects settled() and takes memory back to the disk', async () => {
  const dir = tempDir();
  const store = Store.open(dir);
  add(store, 'kept');
  await store.settled();
  // Stand in for a full disk: the database refuses the next insert.
  dbOf(store).exec("CREATE TRIGGER refuse BEFORE INSERT ON rows WHEN json_extract(NEW.data, '$.name') = 'lost' BEGIN SELECT RAISE(ABORT, 'disk full'); END");
  add(store, 'lost');
  assert.deepEqual(names(store), ['kept', 'lost']);
  await assert.rejects(store.settled(), /the configuration could not be saved: disk full/);
  assert.deepEqual(names(store), ['kept']);
  assert.equal(store.table('things').byId.size, 1);
  store.close();
});

test('close() writes what is still queued', () => {
  const dir = tempDir();
  const store = Store.open(dir);
  add(store, 'late');
  store.close();
  const again = Store.open(dir);
  assert.deepEqual(names(again), ['late']);
  again.close();
});

test('while durable() flushes a new store, a change is acknowledged only once the flush is done', async () => {
  const dir = tempDir();
  const store = Store.open(dir, { deferSync: true });
  add(store, 'a');
  await store.settled();
  const events: string[] = [];
  const durable = store.durable().then(() => events.push('durable'));
  // durable() starts its flushes within a few microtasks; they end in the thread pool, later.
  for (let i = 0; i < 5; i++) await null;
  assert.notEqual((store as unknown as { syncing?: Promise<void> }).syncing, undefined);
  assert.equal(store.isSettled, false);
  add(store, 'b');
  const acknowledged = store.settled().then(() => events.push('b'));
  await Promise.all([durable, acknowledged]);
  assert.deepEqual(events, ['durable', 'b']);
  assert.equal(store.isSettled, true);
  store.close();
  const again = Store.open(dir);
  assert.deepEqual(names(again), ['a', 'b']);
  again.close();
});

/**
 * A new store whose log's name is made a link to itself: SQLite writes on through the file it
 * holds open, but durable()'s flush cannot open the name (ELOOP; root may open any file, so no
 * permission would do).
 */
async function storeThatCannotFlush(): Promise<{ store: Store; done(): void }> {
  const dir = tempDir();
  const store = Store.open(dir, { deferSync: true });
  add(store, 'a');
  await store.settled();
  const wal = path.join(dir, `${STORE_FILE}-wal`);
  fs.rmSync(wal, { force: true });
  fs.symlinkSync(wal, wal);
  return { store, done() { fs.rmSync(wal, { force: true }); store.close(); } };
}

/** The unhandled rejections while `run` runs, and the two turns after it (when Node tells them). */
async function unhandledWhile(run: () => Promise<void>): Promise<unknown[]> {
  const unhandled: unknown[] = [];
  const note = (e: unknown) => unhandled.push(e);
  process.on('unhandledRejection', note);
  try {
    await run();
    for (let i = 0; i < 2; i++) await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('unhandledRejection', note);
  }
  return unhandled;
}

test('a flush durable() cannot make rejects durable() alone, leaving no unhandled rejection behind', async () => {
  const { store, done } = await storeThatCannotFlush();
  try {
    const unhandled = await unhandledWhile(async () => {
      await assert.rejects(store.durable(), { code: 'ELOOP' });
    });
    assert.deepEqual(unhandled, []);
    assert.equal(store.isSettled, true);
  } finally { done(); }
});

test('a change acknowledged while durable() flushes is refused when that flush fails', async () => {
  const { store, done } = await storeThatCannotFlush();
  try {
    const unhandled = await unhandledWhile(async () => {
      const durable = store.durable();
      for (let i = 0; i < 5; i++) await null;
      add(store, 'b');
      const settled = store.settled();
      await assert.rejects(durable, { code: 'ELOOP' });
      await assert.rejects(settled, { code: 'ELOOP' });
    });
    assert.deepEqual(unhandled, []);
  } finally { done(); }
});

/** A directory with nothing in it, and one holding a copy of a blank store (as a lab's new node has). */
const EMPTY_DIRS: [string, () => string][] = [
  ['a new store', () => tempDir()],
  ['a store copied from a blank one (Store.blank)', () => {
    const blank = path.join(tempDir(), 'blank.db');
    Store.blank(blank);
    const dir = tempDir();
    fs.copyFileSync(blank, path.join(dir, STORE_FILE));
    return dir;
  }],
];

for (const [what, emptyDir] of EMPTY_DIRS) test(`${what} opened with deferSync waits for the disk from durable() on, and keeps what came before`, async () => {
  const dir = emptyDir();
  const store = Store.open(dir, { deferSync: true });
  const level = () => dbOf(store).pragma('synchronous', { simple: true });
  assert.equal(store.fresh, true);
  // A first boot's writes: none waits for an fsync of its own, nor is a transaction of its own.
  assert.equal(level(), 0);
  add(store, 'a');
  await store.settled();
  add(store, 'b');
  await store.settled();
  assert.deepEqual(onDisk(dir), []);
  await store.durable();
  assert.deepEqual(onDisk(dir), [{ data: '{"name":"a"}' }, { data: '{"name":"b"}' }]);
  // From here every commit is synchronous=FULL, as any store's.
  assert.equal(level(), 2);
  add(store, 'c');
  await store.settled();
  assert.equal(onDisk(dir).length, 3);
  store.close();
  // A store that exists is never deferred: durable() is settled().
  const again = Store.open(dir, { deferSync: true });
  assert.equal(dbOf(again).pragma('synchronous', { simple: true }), 2);
  assert.deepEqual(names(again), ['a', 'b', 'c']);
  await again.durable();
  again.close();
});

test('changes held by later() are made at the next read, in order; watchers are told at once, and one that follows the table is given the changes', () => {
  const store = Store.open(tempDir());
  const told: [string[], number][] = [];
  store.onCommit((tables, mutations) => told.push([[...tables], mutations.length]));
  add(store, 'a');
  let made = 0;
  const dynamic = (name: string) => () => { made++; return [{ op: 'insert' as const, table: 'things', row: store.newRow('things', { name }, true) }]; };
  const version = store.table('things').version;
  store.later('things', 'lab', dynamic('b'));
  // Replaced before anybody read the table: only the last one is made.
  store.later('things', 'lab', dynamic('c'));
  assert.equal(made, 0);
  assert.ok(store.table('things').version > version);
  assert.deepEqual(told, [[['things'], 1], [['things'], 0], [['things'], 0]]);
  assert.deepEqual(names(store), ['a', 'c']);
  assert.equal(made, 1);
  assert.deepEqual(names(store), ['a', 'c']);
  assert.equal(made, 1);
  // A static record added after them comes after them, as it would have had they been made at once.
  add(store, 'd');
  store.later('things', 'lab', dynamic('e'));
  assert.equal(store.table('things').byId.size, 4);
  assert.deepEqual(names(store), ['a', 'c', 'd', 'e']);
  // A watcher that follows the table: the changes are made now and committed to every watcher.
  const followed: number[] = [];
  const stop = store.onCommit((_, mutations) => followed.push(mutations.length), 'things');
  store.later('things', 'lab', dynamic('f'));
  assert.deepEqual(followed, [1]);
  assert.equal(made, 3);
  stop();
  store.later('things', 'lab', dynamic('g'));
  assert.deepEqual(followed, [1]);
  assert.equal(made, 3);
  assert.deepEqual(names(store), ['a', 'c', 'd', 'e', 'f', 'g']);
  store.close();
});

test('a note is written as a commit is, without leaving the store unflushed for the commits after it', async () => {
  const dir = tempDir();
  const store = Store.open(dir);
  const id = add(store, 'a');
  await store.settled();
  store.note([{ op: 'update', table: 'things', id, values: { name: 'a', seen: 'yes' } }]);
  assert.deepEqual(store.table('things').get(id)?.values, { name: 'a', seen: 'yes' });
  assert.equal(store.isSettled, false);
  await store.settled();
  // Written to the log: the next process (as after kill -9) sees it.
  assert.deepEqual(onDisk(dir), [{ data: '{"name":"a","seen":"yes"}' }]);
  // The commits after it wait for the disk as before (synchronous=FULL).
  assert.equal(dbOf(store).pragma('synchronous', { simple: true }), 2);
  store.close();
  const again = Store.open(dir);
  assert.deepEqual(again.table('things').get(id)?.values, { name: 'a', seen: 'yes' });
  again.close();
});

test('a second store on a data directory in use is refused, and opens once the first has closed', () => {
  const dir = tempDir();
  const store = Store.open(dir);
  add(store, 'a');
  store.flush();
  assert.throws(() => Store.open(dir), { message: `${path.join(dir, STORE_FILE)} is in use by another router: another vrouter runs on ${dir}` });
  store.close();
  // The refusal left nothing behind: no index file of the log (the store keeps it in memory).
  assert.deepEqual(fs.readdirSync(dir).sort(), [STORE_FILE]);
  const again = Store.open(dir);
  assert.deepEqual(names(again), ['a']);
  again.close();
});
