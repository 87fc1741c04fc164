// The engine checks policies through each command's declaration, for every face alike:
// a menu's own commands name theirs, generic commands take the menu's read and write
// policies, and secrets show only to those who may see them. Shown here with small
// stand-in menus, so the rule is proved apart from any one menu of the router.

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { Engine } from '../../src/core/engine.js';
import { CommandError } from '../../src/core/errors.js';
import type { MenuDecl, Policy, Session } from '../../src/core/schema.js';
import { Store } from '../../src/core/store.js';
import { str } from '../../src/core/values.js';
import { tempDir } from '../helpers/router.js';

const dir = tempDir();
const store = Store.open(dir);
after(() => { store.close(); fs.rmSync(dir, { recursive: true, force: true }); });

const secrets: MenuDecl = {
  path: 'vault',
  kind: 'table',
  key: 'name',
  writePolicy: ['write', 'policy'],
  fields: {
    name: { type: str(), required: true },
    key: { type: str(), secret: 'sensitive' },
    hash: { type: str(), secret: 'password' },
  },
  commands: {
    'read-file': { policy: ['ftp', 'test'], run: async () => ({ ret: 'data' }) },
  },
};
const root: MenuDecl = { path: '', kind: 'dir', commands: { hello: { policy: [], run: async () => ({ ret: 'hi' }) } } };
const root2: MenuDecl = { path: '', kind: 'dir', commands: { bye: { policy: ['read'], run: async () => ({ ret: 'bye' }) } } };
const engine = new Engine(store, [secrets, root, root2]);

const as = (...policies: Policy[]): Session => ({ user: 'u', policies: new Set(policies), via: 'api' });
const refused = async (p: Promise<unknown>) => {
  await assert.rejects(p, (e: unknown) => e instanceof CommandError && e.kind === 'permission' && e.message === 'not enough permissions (9)');
};

test('generic commands need the menu\'s read and write policies', async () => {
  await refused(engine.run({ path: ['vault'], command: 'add', args: { name: 'a', key: 'k1', hash: 'h1' } }, as('write')));
  await engine.run({ path: ['vault'], command: 'add', args: { name: 'a', key: 'k1', hash: 'h1' } }, as('write', 'policy'));
  await refused(engine.run({ path: ['vault'], command: 'print', args: {} }, as('write', 'policy')));
  await refused(engine.run({ path: ['vault'], command: 'remove', args: { numbers: 'a' } }, as('read', 'write')));
});

test('a menu\'s own command needs every policy it declares', async () => {
  await refused(engine.run({ path: ['vault'], command: 'read-file', args: {} }, as('ftp')));
  await refused(engine.run({ path: ['vault'], command: 'read-file', args: {} }, as('test')));
  assert.deepEqual((await engine.run({ path: ['vault'], command: 'read-file', args: {} }, as('ftp', 'test'))).done, { ret: 'data' });
});

test('sensitive values show only with the sensitive policy; passwords never', async () => {
  const print = async (s: Session) => (await engine.run({ path: ['vault'], command: 'print', args: {} }, s)).records;
  assert.deepEqual(await print(as('read')), [{ '.id': '*1', name: 'a' }]);
  assert.deepEqual(await print(as('read', 'sensitive')), [{ '.id': '*1', key: 'k1', name: 'a' }]);
  const get = async (s: Session, name: string) => (await engine.run({ path: ['vault'], command: 'get', args: { number: 'a', 'value-name': name } }, s)).done;
  assert.deepEqual(await get(as('read'), 'key'), { ret: '' });
  assert.deepEqual(await get(as('read', 'sensitive'), 'key'), { ret: 'k1' });
  assert.deepEqual(await get(as('read', 'sensitive'), 'hash'), { ret: '' });
});

test('a hidden value matches no query, so it cannot be guessed piece by piece', async () => {
  const count = async (s: Session, query: string[]) =>
    (await engine.run({ path: ['vault'], command: 'print', args: { 'count-only': '' }, query }, s)).done;
  assert.deepEqual(await count(as('read'), ['key=k1']), { ret: '0' });
  assert.deepEqual(await count(as('read'), ['key>k']), { ret: '0' });
  assert.deepEqual(await count(as('read', 'sensitive'), ['key=k1']), { ret: '1' });
  assert.deepEqual(await count(as('read', 'sensitive'), ['hash=h1']), { ret: '0' });
  assert.deepEqual(await count(as('read', 'sensitive'), ['hash>a']), { ret: '0' });
  const find = async (s: Session, args: Record<string, string>) => (await engine.run({ path: ['vault'], command: 'find', args }, s)).done;
  assert.deepEqual(await find(as('read'), { key: 'k1' }), { ret: '' });
  assert.deepEqual(await find(as('read', 'sensitive'), { key: 'k1' }), { ret: '*1' });
});

test('commands of one directory may be declared in several files', async () => {
  assert.deepEqual((await engine.run({ path: [], command: 'hello', args: {} }, as())).done, { ret: 'hi' });
  assert.deepEqual((await engine.run({ path: [], command: 'bye', args: {} }, as('read'))).done, { ret: 'bye' });
  assert.throws(() => new Engine(store, [root, { ...root2, commands: { hello: root.commands!.hello } }]), /command hello of \/ is declared twice/);
  assert.throws(() => new Engine(store, [secrets, { ...secrets }]), /menu vault is declared twice/);
});
