// A VRRP interface on a router alone (no lab, so no other VRRP router on its segment): it is
// master while its parent runs, with the virtual MAC address of its VRID (routeros-facts.md 26.7).

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { client, error, startRouter, type TestRouter } from '../helpers/router.js';

let r: TestRouter;
let c: ReturnType<typeof client>;
before(async () => { r = await startRouter(); c = client(r.port); });
after(() => r.stop());

type Rec = Record<string, string>;
const state = (row: Rec) => Object.fromEntries(['running', 'master', 'backup', 'failure', 'mac-address'].filter((f) => row[f] !== undefined).map((f) => [f, row[f]]));

test('alone on a running parent, a VRRP interface is master and runs, with 00:00:5E:00:01:<VRID>', async () => {
  const put = await c.put('/rest/interface/vrrp', { name: 'vrrp49', interface: 'ether2', vrid: '49' });
  assert.equal(put.status, 201, put.text);
  assert.deepEqual(state(put.json), { running: 'true', master: 'true', 'mac-address': '00:00:5E:00:01:31' });
  // Its MTU is its parent's (manual: since 7.7), read-only.
  assert.equal(((await c.get('/rest/interface/vrrp/vrrp49')).json as Rec).mtu, '1500');
  const iface = (await c.get('/rest/interface/vrrp49')).json as Rec;
  assert.deepEqual([iface.type, iface.running, iface['mac-address']], ['vrrp', 'true', '00:00:5E:00:01:31']);
});

test('VRRPv3 over IPv6 takes 00:00:5E:00:02:<VRID>; version 2 the IPv4 one', async () => {
  const v6 = await c.put('/rest/interface/vrrp', { name: 'vrrp6', interface: 'ether2', vrid: '10', version: '3', 'v3-protocol': 'ipv6' });
  assert.equal(v6.json['mac-address'], '00:00:5E:00:02:0A');
  const v2 = await c.put('/rest/interface/vrrp', { name: 'vrrp2', interface: 'ether2', vrid: '255', version: '2' });
  assert.equal(v2.json['mac-address'], '00:00:5E:00:01:FF');
});

test('disabled, a VRRP interface neither runs nor is master or backup; its parent down, it is in failure', async () => {
  await c.put('/rest/interface/vrrp', { name: 'vrrp7', interface: 'ether3', vrid: '7' });
  await c.patch('/rest/interface/vrrp/vrrp7', { disabled: 'true' });
  assert.deepEqual(state((await c.get('/rest/interface/vrrp/vrrp7')).json), { running: 'false', 'mac-address': '00:00:5E:00:01:07' });
  await c.patch('/rest/interface/vrrp/vrrp7', { disabled: 'false' });
  await c.patch('/rest/interface/ether3', { disabled: 'true' });
  assert.deepEqual(state((await c.get('/rest/interface/vrrp/vrrp7')).json), { running: 'false', failure: 'true', 'mac-address': '00:00:5E:00:01:07' });
  await c.patch('/rest/interface/ether3', { disabled: 'false' });
  assert.deepEqual(state((await c.get('/rest/interface/vrrp/vrrp7')).json), { running: 'true', master: 'true', 'mac-address': '00:00:5E:00:01:07' });
});

test('priority takes 1..254 (255 is the address owner\'s, which RouterOS cannot be), vrid 1..255', async () => {
  assert.deepEqual((await c.put('/rest/interface/vrrp', { name: 'bad', interface: 'ether2', priority: '255' })).json, error(400, 'Bad Request', 'value of priority out of range (1..254)'));
  assert.deepEqual((await c.put('/rest/interface/vrrp', { name: 'bad', interface: 'ether2', vrid: '0' })).json, error(400, 'Bad Request', 'value of vrid out of range (1..255)'));
  const ok = await c.put('/rest/interface/vrrp', { name: 'vrrp254', interface: 'ether2', priority: '254', vrid: '254' });
  assert.deepEqual([ok.json.priority, ok.json.vrid], ['254', '254']);
});
