// The engine on small declarations of its own: the start-up check refuses incomplete or
// inconsistent menus, commands get their arguments read by declaration, and .proplist
// narrows every command's records.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Engine } from '../../src/core/engine.js';
import { POLICIES, type MenuDecl } from '../../src/core/schema.js';
import { Store } from '../../src/core/store.js';
import { int, str } from '../../src/core/values.js';
import { fieldsLater } from '../../src/core/later.js';
import { tempDir } from '../helpers/router.js';

const admin = { user: 'admin', via: 'test', policies: new Set(POLICIES) };

const things: MenuDecl = {
  path: 'things',
  kind: 'table',
  key: 'name',
  fields: { name: { type: str() }, size: { type: int({ min: 1, max: 9 }), default: '1' } },
  commands: {
    count: {
      policy: ['read'],
      args: { to: { type: int({ min: 1, max: 5 }), required: true }, once: { type: str(), flag: true } },
      async *run(ctx) {
        for (let i = 1; i <= Number(ctx.args.to); i++) yield { seq: String(i), square: String(i * i), even: String(i % 2 === 0) };
        return { total: ctx.args.to };
      },
    },
  },
};

const engineWith = (...decls: MenuDecl[]) => new Engine(Store.open(tempDir()), decls);

test('the start-up check refuses a default that is not canonical', () => {
  assert.throws(() => engineWith({ ...things, fields: { ...things.fields, size: { type: int(), default: '0x10' } } }),
    /menu \/things: default of size is not canonical \(0x10 -> 16\)/);
});

test('the start-up check refuses a reference to a table no menu declares', () => {
  assert.throws(() => engineWith({ ...things, fields: { ...things.fields, owner: { type: str(), ref: { table: 'nowhere' } } } }),
    /menu \/things: field owner refers to table nowhere, which no menu declares/);
});

test('the start-up check refuses a key that is not a field, and a command without a handler', () => {
  assert.throws(() => engineWith({ ...things, key: 'title' }), /menu \/things: key title is not a field/);
  assert.throws(() => engineWith({ ...things, commands: { broken: { policy: [] } as never } }), /command broken has no handler/);
});

test('a menu whose fields come later is checked when they are worked out', async () => {
  // A generated menu's fields are typed on first use (src/core/later.ts): the start-up passes it,
  // and its first use, like checkEvery (test/menus/check.test.ts), refuses it.
  const later = () => fieldsLater({ ...things, fields: undefined }, ['name', 'size'], () => ({ ...things.fields, size: { type: int(), default: '0x10' } }));
  const engine = engineWith(later());
  await assert.rejects(engine.run({ path: ['things'], command: 'add', args: { name: 'a' } }, admin), /menu \/things: default of size is not canonical \(0x10 -> 16\)/);
  assert.throws(() => engineWith(later()).checkEvery(), /menu \/things: default of size is not canonical/);
});

test('a menu declared twice is refused', () => {
  assert.throws(() => engineWith(things, things), /menu things is declared twice/);
});

test('a command\'s own arguments are read by their declaration', async () => {
  const engine = engineWith(things);
  const run = (args: Record<string, string>) => engine.run({ path: ['things'], command: 'count', args }, admin);
  assert.deepEqual((await run({ to: '0x2' })).records.map((r) => r.seq), ['1', '2']);
  await assert.rejects(run({}), { message: 'missing =to=' });
  await assert.rejects(run({ to: '7' }), { message: 'value of to out of range (1..5)' });
  await assert.rejects(run({ to: 'x' }), { message: 'invalid value for argument to' });
  await assert.rejects(run({ to: '1', colour: 'red' }), { message: 'unknown parameter colour' });
  assert.deepEqual((await run({ to: '1', once: '' })).done, { total: '1' });
});

test('.proplist narrows the records of every command, not only print', async () => {
  const engine = engineWith(things);
  const out = await engine.run({ path: ['things'], command: 'count', args: { to: '3' }, proplist: ['square', 'seq'] }, admin);
  assert.deepEqual(out.records, [{ seq: '1', square: '1' }, { seq: '2', square: '4' }, { seq: '3', square: '9' }]);
});

test('a command the caller has no policy for is refused before it runs', async () => {
  const engine = engineWith(things);
  const reader = { user: 'r', via: 'test', policies: new Set(['read'] as const) };
  await assert.rejects(engine.run({ path: ['things'], command: 'add', args: { name: 'a' } }, reader), { message: 'not enough permissions (9)' });
  assert.equal(engine.store.table('things').rows.length, 0);
});
