// The store: what settled() promises, group commit, and a failed write taking memory back
// to what the disk holds.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import Database from 'better-sqlite3';
import { STORE_FILE, Store } from '../../src/core/store.js';
import { tempDir } from '../helpers/router.js';

const names = (store: Store) => store.table('things').rows.map((r) => r.values.name);

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
  // Another connection (another process, as after kill -9) sees it.
  const other = new Database(path.join(dir, STORE_FILE), { readonly: true });
  assert.deepEqual(other.prepare('SELECT data FROM rows').all(), [{ data: '{"name":"a"}' }]);
  other.close();
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
  const other = new Database(path.join(dir, STORE_FILE));
  other.exec("CREATE TRIGGER refuse BEFORE INSERT ON rows WHEN json_extract(NEW.data, '$.name') = 'lost' BEGIN SELECT RAISE(ABORT, 'disk full'); END");
  other.close();
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

test('a new store opened with deferSync waits for the disk from durable() on, and keeps what came before', async () => {
  const dir = tempDir();
  const store = Store.open(dir, { deferSync: true });
  const level = () => (store as unknown as { db: Database.Database }).db.pragma('synchronous', { simple: true });
  assert.equal(store.fresh, true);
  // A first boot's writes: none waits for an fsync of its own.
  assert.equal(level(), 0);
  add(store, 'a');
  add(store, 'b');
  await store.durable();
  // From here every commit is synchronous=FULL, as any store's.
  assert.equal(level(), 2);
  add(store, 'c');
  await store.settled();
  const other = new Database(path.join(dir, STORE_FILE), { readonly: true });
  assert.equal((other.prepare('SELECT count(*) AS n FROM rows').get() as { n: number }).n, 3);
  other.close();
  store.close();
  // A store that exists is never deferred: durable() is settled().
  const again = Store.open(dir, { deferSync: true });
  assert.equal((again as unknown as { db: Database.Database }).db.pragma('synchronous', { simple: true }), 2);
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
