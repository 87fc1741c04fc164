// /ping over REST: answers from the router's own addresses, 127.0.0.0/8 and hosts the device
// layer knows; everything else times out; without count it runs until the request limit.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Device } from '../../src/device/board.js';
import { client, error, startRouter, type TestRouter } from '../helpers/router.js';
import { makeUser } from '../auth/setup.js';

const RTT = /^(\d+ms)?\d+us$|^\d+ms$/;

let r: TestRouter;
let c: ReturnType<typeof client>;
before(async () => { r = await startRouter({ requestLimitMs: 600 }); c = client(r.port); });
after(() => r.stop());

/** A reply record with its round-trip times replaced by a marker, for exact comparison. */
function shape(rec: Record<string, string>): Record<string, string> {
  const out = { ...rec };
  for (const k of ['time', 'min-rtt', 'avg-rtt', 'max-rtt']) if (out[k] !== undefined) { assert.match(out[k], RTT, k); out[k] = 'RTT'; }
  return out;
}

describe('/ping', () => {
  test('the router answers for its own address: one record per echo with the running summary', async () => {
    const res = await c.post('/rest/ping', { address: '192.168.88.1', count: '3', interval: '20ms' });
    assert.equal(res.status, 200, res.text);
    const common = { 'avg-rtt': 'RTT', host: '192.168.88.1', 'max-rtt': 'RTT', 'min-rtt': 'RTT', 'packet-loss': '0', size: '56', time: 'RTT', ttl: '64' };
    assert.deepEqual(res.json.map(shape), [
      { ...common, received: '1', sent: '1', seq: '0' },
      { ...common, received: '2', sent: '2', seq: '1' },
      { ...common, received: '3', sent: '3', seq: '2' },
    ]);
    assert.deepEqual(Object.keys(res.json[0]), ['avg-rtt', 'host', 'max-rtt', 'min-rtt', 'packet-loss', 'received', 'sent', 'seq', 'size', 'time', 'ttl']);
  });

  test('127.0.0.0/8 answers; size is echoed', async () => {
    const res = await c.post('/rest/ping', { address: '127.1.2.3', count: 1, size: 100 });
    assert.equal(res.json.length, 1);
    assert.equal(res.json[0].size, '100');
    assert.equal(res.json[0].received, '1');
  });

  test('an address nobody answers for times out, echo by echo', async () => {
    const res = await c.post('/rest/ping', { address: '10.9.9.9', count: 2, interval: '50ms' });
    assert.deepEqual(res.json, [
      { host: '10.9.9.9', 'packet-loss': '100', received: '0', sent: '1', seq: '0', status: 'timeout' },
      { host: '10.9.9.9', 'packet-loss': '100', received: '0', sent: '2', seq: '1', status: 'timeout' },
    ]);
  });

  test('a host the device layer makes reachable answers with its TTL, and traffic counts on its interface', async () => {
    const device = r.router.engine.services.device as Device;
    device.network.addHost('192.168.88.20', { rttMs: 2, ttl: 128 });
    // /rest/interface/bridge is the bridge menu: the bridge's counters are in /interface.
    const bridgeBefore = (await c.get('/rest/interface?name=bridge')).json;
    assert.equal(bridgeBefore.length, 1);
    const res = await c.post('/rest/ping', { address: '192.168.88.20', count: 2, interval: '20ms' });
    assert.deepEqual(res.json.map((x: Record<string, string>) => [x.ttl, x.received, x['packet-loss']]), [['128', '1', '0'], ['128', '2', '0']]);
    const after = (await c.get('/rest/interface?name=bridge')).json;
    assert.equal(Number(after[0]['tx-byte']) - Number(bridgeBefore[0]['tx-byte']), 112);
    assert.equal(Number(after[0]['rx-packet']) - Number(bridgeBefore[0]['rx-packet']), 2);
    device.network.removeHost('192.168.88.20');
  });

  test('/tool/ping is the same command; numbers is the unnamed address', async () => {
    const res = await c.post('/rest/tool/ping', { numbers: '127.0.0.1', count: 1 });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json[0].host, '127.0.0.1');
  });

  test('without count ping runs until the request limit: Session closed', async () => {
    const res = await c.post('/rest/ping', { address: '127.0.0.1', interval: '50ms' });
    assert.deepEqual(res.json, error(400, 'Bad Request', 'Session closed'));
  });

  test('a missing address, a bad one and a name without a DNS entry are refused', async () => {
    assert.deepEqual((await c.post('/rest/ping', { count: 1 })).json, error(400, 'Bad Request', 'missing =address='));
    assert.deepEqual((await c.post('/rest/ping', { address: 'nosuch.example', count: 1 })).json, error(400, 'Bad Request', 'failure: could not resolve dns name'));
    assert.deepEqual((await c.post('/rest/ping', { address: '127.0.0.1', count: 0 })).json, error(400, 'Bad Request', 'value of count out of range (1..4294967295)'));
  });

  test('a static DNS name resolves: router.lan is the router', async () => {
    const res = await c.post('/rest/ping', { address: 'router.lan', count: 1 });
    assert.equal(res.json[0].host, '192.168.88.1');
  });

  test('ping needs the test policy', async () => {
    const u = await makeUser(c, 'nopinger', 'read,write,api,rest-api');
    assert.deepEqual((await c.post('/rest/ping', { address: '127.0.0.1', count: 1 }, u)).json, error(500, 'Internal Server Error', 'not enough permissions (9)'));
  });
});
