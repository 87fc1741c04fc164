// Counters and monitors over REST: /interface counters move, monitor-traffic and
// ethernet/monitor with once and duration, and the LTE interface of a board with a modem.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Device } from '../../src/device/board.js';
import { client, error, startRouter, type TestRouter } from '../helpers/router.js';
import { sleep } from '../auth/setup.js';

const BAD = (detail: string) => error(400, 'Bad Request', detail);

const TRAFFIC_KEYS = [
  'fp-rx-bits-per-second', 'fp-rx-packets-per-second', 'fp-tx-bits-per-second', 'fp-tx-packets-per-second', 'name',
  'rx-bits-per-second', 'rx-drops-per-second', 'rx-errors-per-second', 'rx-packets-per-second',
  'tx-bits-per-second', 'tx-drops-per-second', 'tx-errors-per-second', 'tx-packets-per-second', 'tx-queue-drops-per-second',
];

describe('traffic on the plain board', () => {
  let r: TestRouter;
  let c: ReturnType<typeof client>;
  before(async () => { r = await startRouter({ requestLimitMs: 1500 }); c = client(r.port); });
  after(() => r.stop());

  test('a plugged-in port counts traffic: rx-byte, rx-packet and the others grow', async () => {
    await sleep(1100);
    const a = (await c.get('/rest/interface/ether1')).json;
    for (const k of ['rx-byte', 'tx-byte', 'rx-packet', 'tx-packet', 'rx-drop', 'tx-drop', 'rx-error', 'tx-error', 'tx-queue-drop', 'link-downs']) {
      assert.match(a[k], /^\d+$/, k);
    }
    assert.ok(Number(a['rx-packet']) >= 2, a['rx-packet']);
    await sleep(600);
    const b = (await c.get('/rest/interface/ether1')).json;
    assert.ok(Number(b['rx-byte']) > Number(a['rx-byte']));
    const eth = (await c.get('/rest/interface/ethernet/ether1')).json;
    assert.match(eth['rx-bytes'], /^\d+$/);
  });

  test('monitor-traffic once: one record per interface, in the order given, without .section', async () => {
    const res = await c.post('/rest/interface/monitor-traffic', { interface: 'ether1,bridge', once: '' });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.json.map((x: Record<string, string>) => x.name), ['ether1', 'bridge']);
    assert.deepEqual(Object.keys(res.json[0]), TRAFFIC_KEYS);
    // The ambient traffic of a port: two frames a second heard, one sent.
    assert.equal(res.json[0]['rx-packets-per-second'], '2');
    assert.equal(res.json[0]['rx-bits-per-second'], '1440');
    assert.equal(res.json[0]['tx-packets-per-second'], '1');
    assert.equal(res.json[1]['rx-bits-per-second'], '0');
  });

  test('monitor-traffic with duration: one numbered sample per interval', async () => {
    const res = await c.post('/rest/interface/monitor-traffic', { interface: 'ether2', duration: '300ms', interval: '100ms' });
    assert.deepEqual(res.json.map((x: Record<string, string>) => [x['.section'], x.name]), [['0', 'ether2'], ['1', 'ether2'], ['2', 'ether2']]);
  });

  test('monitor-traffic without once or duration runs to the request limit', async () => {
    const res = await c.post('/rest/interface/monitor-traffic', { interface: 'ether1' });
    assert.deepEqual(res.json, BAD('Session closed'));
  });

  test('monitor-traffic: an unknown interface is no such item; aggregate sums every interface', async () => {
    assert.deepEqual((await c.post('/rest/interface/monitor-traffic', { interface: 'nosuch', once: '' })).json, BAD('no such item'));
    assert.deepEqual((await c.post('/rest/interface/monitor-traffic', { once: '' })).json, BAD('missing =interface='));
    const agg = (await c.post('/rest/interface/monitor-traffic', { interface: 'aggregate', once: '' })).json;
    assert.equal(agg[0].name, 'aggregate');
    assert.equal(agg[0]['rx-packets-per-second'], '10');
  });

  test('a disabled port counts nothing; an unplugged one shows a link down', async () => {
    const device = r.router.engine.services.device as Device;
    const id = parseInt((await c.get('/rest/interface/ether5')).json['.id'].slice(1), 16);
    device.setLink(id, false);
    const mon = (await c.post('/rest/interface/ethernet/monitor', { numbers: 'ether5', once: '' })).json;
    assert.deepEqual(mon[0], {
      advertising: '10M-baseT-half,10M-baseT-full,100M-baseT-half,100M-baseT-full,1G-baseT-half,1G-baseT-full',
      'auto-negotiation': 'done', 'full-duplex': 'false', 'link-partner-advertising': '', name: 'ether5', rate: '',
      'rx-flow-control': 'false', status: 'no-link',
      supported: '10M-baseT-half,10M-baseT-full,100M-baseT-half,100M-baseT-full,1G-baseT-half,1G-baseT-full',
      'tx-flow-control': 'false',
    });
    const iface = (await c.get('/rest/interface/ether5')).json;
    assert.equal(iface.running, 'false');
    assert.equal(iface['link-downs'], '1');
    device.setLink(id, true);
    assert.equal((await c.get('/rest/interface/ether5')).json.running, 'true');
  });

  test('ethernet/monitor once: the negotiated link of a port', async () => {
    const res = await c.post('/rest/interface/ethernet/monitor', { numbers: 'ether1', once: '' });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.length, 1);
    assert.equal(res.json[0].status, 'link-ok');
    assert.equal(res.json[0].rate, '1Gbps');
    assert.equal(res.json[0]['full-duplex'], 'true');
    assert.equal(res.json[0]['auto-negotiation'], 'done');
    // Without auto-negotiation the port runs at the speed set.
    await c.patch('/rest/interface/ethernet/ether1', { 'auto-negotiation': 'no', speed: '100M-baseT-half' });
    const fixed = (await c.post('/rest/interface/ethernet/monitor', { numbers: 'ether1', once: '' })).json[0];
    assert.deepEqual([fixed.rate, fixed['full-duplex'], fixed['auto-negotiation']], ['100Mbps', 'false', 'disabled']);
    await c.patch('/rest/interface/ethernet/ether1', { 'auto-negotiation': 'yes' });
    assert.deepEqual((await c.post('/rest/interface/ethernet/monitor', { numbers: 'bridge', once: '' })).json, BAD('no such item'));
  });

  test('the plain board has no LTE interface', async () => {
    assert.deepEqual((await c.get('/rest/interface/lte')).json, []);
    assert.deepEqual((await c.get('/rest/interface?type=lte')).json, []);
    assert.deepEqual((await c.post('/rest/interface/lte/monitor', { numbers: '0', once: '' })).json, BAD('failure: modem not present'));
  });
});

describe('the LTE board', () => {
  let r: TestRouter;
  let c: ReturnType<typeof client>;
  before(async () => { r = await startRouter({ board: 'chateau-lte12' }); c = client(r.port); });
  after(() => r.stop());

  test('has lte1 in /interface and /interface/lte, and says so in /system/resource', async () => {
    const lte = (await c.get('/rest/interface/lte')).json;
    assert.equal(lte.length, 1);
    assert.equal(lte[0].name, 'lte1');
    assert.equal(lte[0]['default-name'], 'lte1');
    const iface = (await c.get('/rest/interface/lte1')).json;
    assert.equal(iface.type, 'lte');
    assert.equal((await c.get('/rest/system/resource')).json['board-name'], 'Chateau LTE12');
  });

  test('lte/monitor once, by print number as the REST manual does, shows the modem and its cell', async () => {
    const res = await c.post('/rest/interface/lte/monitor', { numbers: '0', once: '' });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.length, 1);
    const m = res.json[0];
    assert.equal(m.name, 'lte1');
    assert.equal(m['registration-status'], 'registered');
    assert.equal(m.model, 'EG12-EA');
    assert.equal(m.manufacturer, 'Quectel');
    assert.match(m.rsrp, /^-\d+$/);
    assert.deepEqual((await c.post('/rest/interface/lte/monitor', { numbers: 'lte1', once: '' })).json[0].name, 'lte1');
  });

  test('firmware-upgrade shows the firmware; upgrade=yes flashes the newest, with progress', async () => {
    assert.deepEqual((await c.post('/rest/interface/lte/firmware-upgrade', { numbers: 'lte1' })).json,
      [{ installed: 'EG12EAPAR01A12M4G', latest: 'EG12EAPAR01A14M4G' }]);
    const up = await c.post('/rest/interface/lte/firmware-upgrade', { number: 'lte1', upgrade: 'yes' });
    assert.equal(up.status, 200, up.text);
    assert.deepEqual(up.json.map((x: Record<string, string>) => [x['.section'], x.status]), [
      ['0', 'downloading via LTE connection (>2min)'], ['1', 'flashing'], ['2', 'done'],
    ]);
    assert.deepEqual((await c.post('/rest/interface/lte/firmware-upgrade', { numbers: 'lte1' })).json,
      [{ installed: 'EG12EAPAR01A14M4G', latest: 'EG12EAPAR01A14M4G' }]);
    assert.equal((await c.post('/rest/interface/lte/monitor', { numbers: 'lte1', once: '' })).json[0].revision, 'EG12EAPAR01A14M4G');
  });

  test('the LTE interface cannot be removed; it can be renamed and disabled', async () => {
    assert.equal((await c.delete('/rest/interface/lte/lte1')).status, 400);
    assert.equal((await c.patch('/rest/interface/lte/lte1', { name: 'wan-lte', disabled: 'yes' })).status, 200);
    const m = (await c.post('/rest/interface/lte/monitor', { numbers: 'wan-lte', once: '' })).json[0];
    assert.equal(m['registration-status'], 'not-registered');
    await c.patch('/rest/interface/lte/wan-lte', { name: 'lte1', disabled: 'no' });
  });
});
