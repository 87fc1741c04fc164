// The board's own records (its radios, serial ports, a CHR's drives) are never removed, keep
// their ids and names across restarts, and their export imports again (issue 27, point 5).
// The router's words: a wifi radio `failure: not allowed to remove` (community.routeros PR
// 266), a wireless radio `failure: cannot remove hardware device` (terraform-provider-routeros
// issue 570); routeros-facts.md 21.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiClient } from '../api/client.js';
import { client, error, startRouter } from '../helpers/router.js';

const execute = async (c: ReturnType<typeof client>, script: string) => (await c.post('/rest/execute', { script, 'as-string': '' })).json;

test('a wifi radio is refused by DELETE, by remove and by the console; a virtual interface of it goes', async () => {
  const t = await startRouter({ board: 'hap-ax2' });
  const api = await ApiClient.connect(t.router.bound.api!);
  try {
    const c = client(t.port);
    await api.login();
    assert.deepEqual(await api.call('/interface/wifi/remove', '=.id=wifi2'), [['!trap', '=message=failure: not allowed to remove'], ['!done']]);
    const refused = error(400, 'Bad Request', 'failure: not allowed to remove');
    assert.deepEqual((await c.delete('/rest/interface/wifi/wifi2')).json, refused);
    assert.deepEqual((await c.post('/rest/interface/wifi/remove', { '.id': 'wifi1' })).json, refused);
    assert.deepEqual(await execute(c, '/interface wifi remove wifi2'), { ret: 'failure: not allowed to remove (/interface/wifi/remove; line 1)' });
    assert.equal((await c.get('/rest/interface/wifi?.proplist=name')).text, '[{"name":"wifi1"},{"name":"wifi2"}]');

    assert.equal((await c.put('/rest/interface/wifi', { 'master-interface': 'wifi1', name: 'guest' })).status, 201);
    assert.equal((await c.delete('/rest/interface/wifi/guest')).status, 204);
  } finally { api.close(); await t.stop(); }
});

test('a wireless radio is refused as hardware', async () => {
  const t = await startRouter({ board: 'hap-ac2' });
  try {
    const c = client(t.port);
    assert.deepEqual((await c.delete('/rest/interface/wireless/wlan1')).json, error(400, 'Bad Request', 'failure: cannot remove hardware device'));
    assert.equal((await c.get('/rest/interface/wireless?.proplist=name')).text, '[{"name":"wlan1"},{"name":"wlan2"}]');
  } finally { await t.stop(); }
});

test("a CHR's serial port and drive are refused as hardware", async () => {
  const t = await startRouter({ board: 'chr' });
  try {
    const c = client(t.port);
    const refused = error(400, 'Bad Request', 'failure: cannot remove hardware device');
    assert.deepEqual((await c.delete('/rest/port/serial0')).json, refused);
    assert.deepEqual((await c.delete('/rest/disk/slot1')).json, refused);
    assert.equal((await c.get('/rest/port?.proplist=name')).text, '[{"name":"serial0"}]');
    assert.equal((await c.get('/rest/disk?.proplist=slot')).text, '[{"slot":"slot1"}]');
  } finally { await t.stop(); }
});

test('after a restart the radios keep their ids and names, and the export imports into another router', async () => {
  const t = await startRouter({ board: 'hap-ax2' });
  let listed: string;
  let exported: string;
  try {
    const c = client(t.port);
    assert.equal((await c.patch('/rest/interface/wifi/wifi2', { name: 'radio5', 'configuration.ssid': 'home' })).status, 200);
    assert.equal((await c.put('/rest/interface/wifi', { 'master-interface': 'wifi1', name: 'wifi2' })).status, 201);
    await c.delete('/rest/interface/wifi/radio5');
    listed = (await c.get('/rest/interface?.proplist=.id,name,default-name')).text;
    exported = (await c.post('/rest/export', {})).json.ret;
  } finally { await t.stop(); }

  const again = await startRouter({ board: 'hap-ax2', dataDir: t.dir });
  try {
    const c = client(again.port);
    assert.equal((await c.get('/rest/interface?.proplist=.id,name,default-name')).text, listed);
    const radio = (await c.get('/rest/interface/wifi?.proplist=.id,name,default-name,configuration.ssid')).json;
    assert.deepEqual(radio.map((r: Record<string, string>) => r.name), ['wifi1', 'radio5', 'wifi2']);
    assert.deepEqual(radio[1], { '.id': '*8', 'configuration.ssid': 'home', 'default-name': 'wifi2', name: 'radio5' });
  } finally { await again.stop(); }

  const other = await startRouter({ board: 'hap-ax2' });
  try {
    const c = client(other.port);
    // The wifi section of the export (the rest is the default configuration both have).
    const section = /^\/interface wifi\n(?:[^/].*\n?)*/m.exec(exported)![0];
    // defconf makes both radios access points (a real hAP ax^2's export writes the same sets).
    const ap = 'channel.skip-dfs-channels=10min-cac \\\n    configuration.mode=ap';
    const security = '    security.authentication-types=wpa2-psk,wpa3-psk security.ft=yes \\\n    security.ft-over-ds=yes\n';
    assert.equal(section, '/interface wifi\n'
      + `set [ find default-name=wifi1 ] ${ap} configuration.ssid=MikroTik-000002 disabled=no \\\n${security}`
      + `set [ find default-name=wifi2 ] ${ap} configuration.ssid=home disabled=no name=radio5 \\\n${security}`
      + 'add master-interface=wifi1 name=wifi2\n');
    assert.deepEqual(await execute(c, section), { ret: '' });
    const wifi = (await c.get('/rest/interface/wifi?.proplist=name,default-name,master-interface,configuration.ssid')).json;
    assert.deepEqual(wifi, [
      { 'configuration.ssid': 'MikroTik-000002', 'default-name': 'wifi1', name: 'wifi1' },
      { 'configuration.ssid': 'home', 'default-name': 'wifi2', name: 'radio5' },
      { 'master-interface': 'wifi1', name: 'wifi2' },
    ]);
  } finally { await other.stop(); }
});
