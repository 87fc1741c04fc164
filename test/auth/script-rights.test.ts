// Scripts and scheduler entries never do more than the user who made them may (issue 13,
// item 1): a `write` user cannot become `full` through /system/scheduler or
// `dont-require-permissions`, and an entry runs with no more than its owner holds now.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { client, error, startRouter, type TestRouter } from '../helpers/router.js';
import { sleep, type Client } from './setup.js';

let r: TestRouter;
let admin: Client;
const w = { user: 'w', password: 'pw-w' };
before(async () => {
  r = await startRouter();
  admin = client(r.port);
  assert.equal((await admin.put('/rest/user', { name: 'w', group: 'write', password: 'pw-w' })).status, 201);
});
after(() => r.stop());

const NOT_ENOUGH = error(500, 'Internal Server Error', 'not enough permissions (9)');
const MISSING_ID = error(400, 'Bad Request', 'missing or invalid resource identifier');
const WRITE_DEFAULT = 'reboot,read,write,test,password,sniff,sensitive,romon';

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 4000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v) || Date.now() > end) return v;
    await sleep(50);
  }
}

const usersNamed = async (name: string) => (await admin.get(`/rest/user?name=${name}`)).json;

describe('a write user and /system/scheduler', () => {
  test('an entry added without policy= gets only the default policies the user holds, and cannot add users', async () => {
    const added = await admin.put('/rest/system/scheduler', { name: 'evil-tick', interval: '100ms', 'on-event': '/user add name=evil group=full password=x' }, w);
    assert.equal(added.status, 201, added.text);
    assert.equal(added.json.owner, 'w');
    assert.equal(added.json.policy, WRITE_DEFAULT);
    const ran = await until(() => admin.get('/rest/system/scheduler/evil-tick'), (res) => Number(res.json['run-count']) >= 2);
    assert.ok(Number(ran.json['run-count']) >= 2, ran.text);
    // Once a run has ended in the refusal (the log says so), no user was made by it.
    const logged = await until(async () => (await admin.get('/rest/log')).json.map((l: { message: string }) => l.message).join('\n'), (text) => /script error: not enough permissions \(9\)/.test(text));
    assert.match(logged, /script error: not enough permissions \(9\)/);
    assert.deepEqual(await usersNamed('evil'), []);
    assert.equal((await admin.delete('/rest/system/scheduler/evil-tick', w)).status, 204);
  });

  test('policy= with a policy the user lacks is refused, on add and on set', async () => {
    assert.deepEqual((await admin.put('/rest/system/scheduler', { name: 'e2', policy: 'read,write,policy', 'on-event': ':put 1' }, w)).json, NOT_ENOUGH);
    assert.deepEqual((await admin.post('/rest/system/scheduler/add', { name: 'e2', policy: 'sensitive,ftp', 'on-event': ':put 1' }, w)).json, NOT_ENOUGH);
    const mine = await admin.put('/rest/system/scheduler', { name: 'e3', 'start-time': 'startup', 'on-event': ':put 1' }, w);
    assert.equal(mine.status, 201);
    assert.deepEqual((await admin.patch('/rest/system/scheduler/e3', { policy: 'read,write,policy' }, w)).json, MISSING_ID);
    assert.deepEqual((await admin.post('/rest/system/scheduler/set', { '.id': 'e3', policy: 'ftp' }, w)).json, NOT_ENOUGH);
    assert.equal((await admin.get('/rest/system/scheduler/e3')).json.policy, WRITE_DEFAULT);
    // What the user holds may be given.
    assert.deepEqual((await admin.post('/rest/system/scheduler/set', { '.id': 'e3', policy: 'read,test' }, w)).json, []);
    assert.equal((await admin.get('/rest/system/scheduler/e3')).json.policy, 'read,test');
  });

  test("the admin's entries, which can do more, are not the write user's to change", async () => {
    const a = await admin.put('/rest/system/scheduler', { name: 'backup-job', 'start-time': 'startup', 'on-event': ':log info ok' });
    assert.equal(a.json.policy, 'ftp,reboot,read,write,policy,test,password,sniff,sensitive,romon');
    assert.deepEqual((await admin.patch('/rest/system/scheduler/backup-job', { 'on-event': '/user add name=evil group=full password=x' }, w)).json, MISSING_ID);
    assert.equal((await admin.get('/rest/system/scheduler/backup-job')).json['on-event'], ':log info ok');
  });
});

describe('a write user and /system/script', () => {
  test('dont-require-permissions is refused on a script with policies the user lacks', async () => {
    const body = { name: 'trusted', source: '/user add name=evil2 group=full password=x', 'dont-require-permissions': 'yes', policy: 'read,write,policy' };
    assert.deepEqual((await admin.put('/rest/system/script', body, w)).json, NOT_ENOUGH);
    // On an existing script of the admin's with every default policy, neither flag nor source may change.
    assert.equal((await admin.put('/rest/system/script', { name: 'admins', source: ':put hello' })).status, 201);
    assert.deepEqual((await admin.patch('/rest/system/script/admins', { 'dont-require-permissions': 'yes' }, w)).json, MISSING_ID);
    assert.deepEqual((await admin.patch('/rest/system/script/admins', { source: '/user add name=evil2 group=full password=x' }, w)).json, MISSING_ID);
    assert.deepEqual((await admin.post('/rest/system/script/run', { '.id': 'admins' }, w)).json, NOT_ENOUGH);
    assert.deepEqual(await usersNamed('evil2'), []);
  });

  test('copy-from and unset cannot bring back policies the user lacks', async () => {
    assert.deepEqual((await admin.put('/rest/system/script', { name: 'copied', 'copy-from': 'admins' }, w)).json, NOT_ENOUGH);
    assert.equal((await admin.put('/rest/system/script', { name: 'own', source: ':put 1' }, w)).status, 201);
    assert.deepEqual((await admin.post('/rest/system/script/unset', { '.id': 'own', 'value-name': 'policy' }, w)).json, NOT_ENOUGH);
  });

  test('naming another user as owner takes the policy policy', async () => {
    assert.deepEqual((await admin.put('/rest/system/script', { name: 'lent', owner: 'admin', source: ':put 1' }, w)).json, NOT_ENOUGH);
    assert.deepEqual((await admin.post('/rest/system/script/set', { '.id': 'own', owner: 'admin' }, w)).json, NOT_ENOUGH);
  });
});

describe('an entry runs with no more than its owner holds', () => {
  test("a script the admin gave the write user runs with the write user's rights, even with dont-require-permissions", async () => {
    const made = await admin.put('/rest/system/script', {
      name: 'for-w', owner: 'w', 'dont-require-permissions': 'yes', source: '/user add name=evil3 group=full password=x',
    });
    assert.equal(made.status, 201, made.text);
    assert.equal(made.json.owner, 'w');
    assert.deepEqual((await admin.post('/rest/system/script/run', { '.id': 'for-w' })).json,
      error(400, 'Bad Request', 'not enough permissions (9) (/user/add; line 1)'));

    assert.deepEqual(await usersNamed('evil3'), []);
  });

  test("a scheduler entry follows its owner's group: demoted to read, the owner's entry no longer writes", async () => {
    assert.equal((await admin.put('/rest/user', { name: 'w2', group: 'write', password: 'pw-w2' })).status, 201);
    const w2 = { user: 'w2', password: 'pw-w2' };
    const added = await admin.put('/rest/system/scheduler', { name: 'renamer', interval: '100ms', 'on-event': ':global n; :set n ($n + 1); /system note set note=("run " . $n)' }, w2);
    assert.equal(added.status, 201, added.text);
    const wrote = await until(() => admin.get('/rest/system/note'), (res) => /^run \d+$/.test(res.json.note));
    assert.match(wrote.json.note, /^run \d+$/);
    assert.deepEqual((await admin.patch('/rest/user/w2', { group: 'read' })).json.group, 'read');
    // Counted in the entry's own runs rather than in milliseconds: two runs after the change (any
    // run under way at the change has ended by then), then three more with the note unchanged.
    const runs = async () => Number((await admin.get('/rest/system/scheduler/renamer')).json['run-count']);
    const changed = await runs();
    assert.ok(await until(runs, (n) => n >= changed + 2) >= changed + 2, 'the entry ran on after its owner became read');
    const frozen = (await admin.get('/rest/system/note')).json.note;
    // The entry itself still runs (and counts), it just cannot write.
    const before = await runs();
    assert.ok(await until(runs, (n) => n >= before + 3) >= before + 3, 'the entry ran on under read rights');
    assert.equal((await admin.get('/rest/system/note')).json.note, frozen);
    assert.equal((await admin.delete('/rest/system/scheduler/renamer')).status, 204);
  });
});
