// /system history, /undo, /redo and safe mode across the faces: a change made over REST is
// in the history the console prints and the API reads, undone from one face and seen undone
// from the others, on disk like any change; safe mode held by an API connection makes every
// session's changes floating and rolls them back when that connection is lost. Expected
// values are the router's (manual, Configuration Management; docs/routeros-facts.md 42).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { client, eventually, startRouter } from '../helpers/router.js';
import { ApiClient } from '../api/client.js';

const TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

/** What the console prints for a line (the console face, over REST's /execute). */
async function consoleLine(rest: ReturnType<typeof client>, line: string): Promise<string> {
  const r = await rest.post('/rest/execute', { script: line, 'as-string': '' });
  assert.equal(r.status, 200, r.text);
  return r.json.ret;
}

/** The attribute words of an API reply sentence as an object. */
const attrs = (s: string[]) => Object.fromEntries(s.filter((w) => w.startsWith('=')).map((w) => { const i = w.indexOf('=', 1); return [w.slice(1, i), w.slice(i + 1)]; }));


test('/system history: a REST change is one action by its user; the console prints it, /undo from the API takes it back, /redo over REST brings it again with its id, on disk', async () => {
  let t = await startRouter();
  const dir = t.dir;
  try {
    let rest = client(t.port);
    const added = await rest.put('/rest/ip/firewall/filter', { chain: 'forward', action: 'drop' });
    assert.equal(added.status, 201);
    const id = added.json['.id'];
    const history = (await rest.get('/rest/system/history')).json;
    // The manual's `print detail`: redo=/ip firewall filter add action=accept chain=forward
    // undo=/ip firewall filter remove *3 action="filter rule added" by="admin" policy=write.
    assert.deepEqual(history.map(({ time, ...rest }: any) => rest), [
      { '.id': '*1', action: 'filter rule added', by: 'admin', 'floating-undo': 'false', policy: 'write', redo: '/ip firewall filter add action=drop chain=forward', redoable: 'false', undo: `/ip firewall filter remove ${id}`, undoable: 'true' },
      // The entry every history starts with (manual: `U redo="" undo="" action="---" by="" policy=write`).
      { '.id': '*2', action: '---', by: '', 'floating-undo': 'false', policy: 'write', redo: '', redoable: 'false', undo: '', undoable: 'true' },
    ]);
    for (const a of history) assert.match(a.time, TIME);
    // The 7.x console: flag column, no item numbers (manual: `  ACTION   BY   POLICY` over `F route ... added  admin  write`).
    assert.equal(await consoleLine(rest, '/system history print'), [
      'Flags: U - UNDOABLE',
      'Columns: ACTION, BY, POLICY',
      '  ACTION             BY     POLICY',
      'U filter rule added  admin  write ',
      'U ---                       write ',
    ].join('\r\n'));

    const api = await ApiClient.connect(t.router.bound.api!);
    await api.login();
    assert.deepEqual(await api.call('/undo'), [['!done']]);
    assert.equal((await rest.get(`/rest/ip/firewall/filter/${id}`)).status, 404);
    const printed = await api.call('/system/history/print');
    assert.deepEqual(printed.map((s) => s[0]), ['!re', '!re', '!done']);
    assert.deepEqual({ ...attrs(printed[0]), time: '' }, { '.id': '*1', action: 'filter rule added', by: 'admin', 'floating-undo': 'false', policy: 'write', redo: '/ip firewall filter add action=drop chain=forward', redoable: 'true', time: '', undo: `/ip firewall filter remove ${id}`, undoable: 'false' });
    assert.equal(await consoleLine(rest, '/system history print'), [
      'Flags: U - UNDOABLE, R - REDOABLE',
      'Columns: ACTION, BY, POLICY',
      '  ACTION             BY     POLICY',
      'R filter rule added  admin  write ',
      'U ---                       write ',
    ].join('\r\n'));
    api.close();

    assert.equal((await rest.post('/rest/redo')).status, 200);
    const back = await rest.get(`/rest/ip/firewall/filter/${id}`);
    assert.equal(back.status, 200);
    assert.equal(back.json.chain, 'forward');

    // On disk as any change: after a restart the rule is there, and the history starts afresh.
    await t.stop();
    t = await startRouter({ dataDir: dir });
    rest = client(t.port);
    assert.equal((await rest.get(`/rest/ip/firewall/filter/${id}`)).json.action, 'drop');
    assert.deepEqual((await rest.get('/rest/system/history')).json.map((a: any) => a.action), ['---']);
  } finally {
    await t.stop();
  }
});

test('/undo of a set puts the old values back, of a remove the record with its id; a new action ends what could be redone', async () => {
  const t = await startRouter();
  try {
    const rest = client(t.port);
    const id = (await rest.put('/rest/ip/address', { address: '10.7.7.1/24', interface: 'ether4', comment: 'first' })).json['.id'];
    assert.equal((await rest.patch(`/rest/ip/address/${id}`, { comment: 'second' })).status, 200);
    const set = (await rest.get('/rest/system/history')).json[0];
    assert.deepEqual([set.action, set.redo, set.undo], ['address changed', `/ip address set ${id} comment=second`, `/ip address set ${id} comment=first`]);
    assert.equal(await consoleLine(rest, '/undo'), '');
    assert.equal((await rest.get(`/rest/ip/address/${id}`)).json.comment, 'first');
    assert.equal((await rest.delete(`/rest/ip/address/${id}`)).status, 204);
    // The undone set is gone: the remove came after it.
    assert.deepEqual((await rest.get('/rest/system/history')).json.map((a: any) => [a.action, a.undoable, a.redoable]), [
      ['address removed', 'true', 'false'], ['address added', 'true', 'false'], ['---', 'true', 'false'],
    ]);
    await rest.post('/rest/undo');
    const restored = (await rest.get(`/rest/ip/address/${id}`)).json;
    assert.deepEqual([restored.address, restored.interface, restored.comment], ['10.7.7.1/24', 'ether4', 'first']);
    await rest.post('/rest/undo');
    assert.equal((await rest.get(`/rest/ip/address/${id}`)).status, 404);
    // Nothing left to undo but the boot entry: /undo does nothing.
    await rest.post('/rest/undo');
    assert.deepEqual((await rest.get('/rest/system/history')).json.map((a: any) => a.redoable), ['true', 'true', 'false']);
  } finally {
    await t.stop();
  }
});

test('safe mode held by an API connection: every session\'s change floats (F); the connection lost rolls them back; /safe-mode release keeps them', async () => {
  const t = await startRouter();
  try {
    const rest = client(t.port);
    const holder = await ApiClient.connect(t.router.bound.api!);
    await holder.login();
    assert.deepEqual(await holder.call('/safe-mode/take'), [['!done']]);
    assert.deepEqual(attrs((await holder.call('/safe-mode/print'))[0]), { current: 'true', enabled: 'true', user: 'admin' });
    assert.deepEqual((await rest.get('/rest/safe-mode')).json, { current: 'false', enabled: 'true', user: 'admin' });
    // Another session's change (REST) is held by safe mode too.
    const id = (await rest.put('/rest/ip/address', { address: '10.8.8.1/24', interface: 'ether2' })).json['.id'];
    assert.equal(await consoleLine(rest, '/system history print'), [
      'Flags: U - UNDOABLE, F - FLOATING-UNDO',
      'Columns: ACTION, BY, POLICY',
      '  ACTION         BY     POLICY',
      'F address added  admin  write ',
      'U ---                   write ',
    ].join('\r\n'));
    // Another session cannot take it (on-error=abort, the default); with on-error=release it takes it over.
    const other = await ApiClient.connect(t.router.bound.api!);
    await other.login();
    assert.deepEqual(await other.call('/safe-mode/take'), [['!trap', '=message=failure: Safe Mode is taken by another session'], ['!done']]);
    other.close();

    holder.close();
    await eventually(async () => (await rest.get('/rest/safe-mode')).json.enabled === 'false', 'safe mode let go');
    assert.equal((await rest.get(`/rest/ip/address/${id}`)).status, 404);
    assert.deepEqual((await rest.get('/rest/system/history')).json.map((a: any) => a.action), ['---']);

    const keeper = await ApiClient.connect(t.router.bound.api!);
    await keeper.login();
    await keeper.call('/safe-mode/take');
    const kept = (await rest.put('/rest/ip/address', { address: '10.8.9.1/24', interface: 'ether2' })).json['.id'];
    assert.deepEqual(await keeper.call('/safe-mode/release'), [['!done']]);
    keeper.close();
    assert.deepEqual((await rest.get('/rest/system/history')).json.map((a: any) => [a.action, a['floating-undo'], a.undoable]), [['address added', 'false', 'true'], ['---', 'false', 'true']]);
    assert.equal((await rest.get(`/rest/ip/address/${kept}`)).status, 200);
  } finally {
    await t.stop();
  }
});

test('safe mode holds 100 changes: the next one puts it out of safe mode, and nothing is undone when its holder goes (manual)', async () => {
  const t = await startRouter();
  try {
    const rest = client(t.port);
    const holder = await ApiClient.connect(t.router.bound.api!);
    await holder.login();
    await holder.call('/safe-mode/take');
    for (let i = 0; i < 100; i++) assert.equal((await rest.put('/rest/ip/firewall/address-list', { list: 'held', address: `10.66.0.${i}` })).status, 201);
    assert.equal((await rest.get('/rest/safe-mode')).json.enabled, 'true');
    await rest.put('/rest/ip/firewall/address-list', { list: 'held', address: '10.66.1.0' });
    assert.equal((await rest.get('/rest/safe-mode')).json.enabled, 'false');
    holder.close();
    await eventually(async () => (await rest.get('/rest/log')).json.some((e: any) => e.message === 'user admin logged out from 127.0.0.1 via api'), 'the API login ended');
    assert.equal((await rest.get('/rest/ip/firewall/address-list?list=held')).json.length, 101);
    // The history keeps the 100 newest actions and its boot entry.
    const history = (await rest.get('/rest/system/history')).json;
    assert.equal(history.length, 101);
    assert.equal(history.filter((a: any) => a['floating-undo'] === 'true').length, 0);
  } finally {
    await t.stop();
  }
});

test('/safe-mode take and release exist from 7.18 on; before, only the console\'s Ctrl-X takes it', async () => {
  const t = await startRouter({ rosVersion: '7.17' });
  try {
    const r = await client(t.port).post('/rest/safe-mode/take');
    assert.equal(r.status, 400);
    assert.equal(r.json.detail, 'no such command or directory (safe-mode)');
  } finally {
    await t.stop();
  }
});
