// DNS and NTP between lab nodes (test/lab/chain.clab.yml: r1 - r2 - r3): a server that is
// another node's address is reached over the lab's computed network, hop by hop through r2,
// and answered by that node's own face, so routes and firewall rules decide as they would
// (routeros-facts.md 45.11). Each node's dns and ntp ports are in lab.json.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { eventually } from '../helpers/router.js';
import { digAnswer } from '../helpers/dns.js';
import { startLab, type TestLab } from './lab.js';

let t: TestLab;
before(async () => { t = await startLab('chain.clab.yml', { requestLimitMs: 5000 }); });
after(() => t.stop());

const run = async (node: string, script: string) => (await t.rest(node).post('/rest/execute', { script, 'as-string': '' })).json.ret as string;

describe('DNS and NTP across the lab', () => {
  test('r1 asks r3\'s DNS server two hops away; a firewall rule on r3 for UDP 53 stops it', async () => {
    await t.rest('r3').post('/rest/ip/dns/set', { 'allow-remote-requests': 'yes' });
    await t.rest('r3').put('/rest/ip/dns/static', { name: 'r3.lab', address: '10.0.23.3' });
    await t.rest('r1').post('/rest/ip/dns/set', { servers: '10.0.23.3', 'query-server-timeout': '300ms', 'query-total-timeout': '1s' });
    await eventually(async () => JSON.parse(fs.readFileSync(path.join(t.dir, 'lab.json'), 'utf8')).nodes.r3.dns > 0, 'lab.json lists r3\'s dns port');
    const port = JSON.parse(fs.readFileSync(path.join(t.dir, 'lab.json'), 'utf8')).nodes.r3.dns;
    assert.deepEqual((await digAnswer(port, 'r3.lab')).answers, ['r3.lab. 86400 IN A 10.0.23.3'], 'dig reaches r3 by its lab.json port');
    assert.equal(await run('r1', ':put [:resolve r3.lab]'), '10.0.23.3');
    const rule = (await t.rest('r3').put('/rest/ip/firewall/filter', { chain: 'input', protocol: 'udp', 'dst-port': '53', action: 'drop' })).json['.id'];
    await t.rest('r1').post('/rest/ip/dns/cache/flush', {});
    assert.match(await run('r1', ':put [:resolve r3.lab]'), /^failure: dns server failure/);
    const counted = (await t.rest('r3').get(`/rest/ip/firewall/filter/${rule}`)).json.packets;
    assert.ok(Number(counted) >= 1, 'the rule counted the query');
    // A rule for another port leaves DNS alone.
    await t.rest('r3').patch(`/rest/ip/firewall/filter/${rule}`, { 'dst-port': '123' });
    assert.equal(await run('r1', ':put [:resolve r3.lab]'), '10.0.23.3');
    await t.rest('r3').delete(`/rest/ip/firewall/filter/${rule}`);
  });

  test('r1\'s NTP client follows r3\'s server; a port of r3 going down stops it', async () => {
    await t.rest('r3').post('/rest/system/ntp/server/set', { enabled: 'yes', 'use-local-clock': 'yes', 'local-clock-stratum': '4' });
    await t.rest('r3').post('/rest/system/clock/set', { 'time-zone-name': 'UTC', date: '2031-05-06' });
    await t.rest('r1').post('/rest/system/clock/set', { 'time-zone-name': 'UTC' });
    await t.rest('r1').post('/rest/system/ntp/client/set', { enabled: 'yes', servers: '10.0.23.3' });
    await eventually(async () => (await t.rest('r1').get('/rest/system/ntp/client')).json.status === 'synchronized', 'r1 synchronized');
    const shown = (await t.rest('r1').get('/rest/system/ntp/client')).json;
    assert.deepEqual([shown['synced-server'], shown['synced-stratum']], ['10.0.23.3', '4']);
    assert.equal((await t.rest('r1').get('/rest/system/clock')).json.date, '2031-05-06');
    // r2's port toward r3 disabled: r1's client starts over and finds nobody.
    const r2 = t.rest('r2');
    await r2.patch('/rest/interface/ether3', { disabled: 'true' });
    await t.rest('r1').post('/rest/system/logging/add', { topics: 'ntp,debug' });
    await t.rest('r1').post('/rest/system/ntp/client/set', { servers: '10.0.23.3,10.0.12.2' });
    // The first poll after the change: nobody fit answers.
    await eventually(async () => (await t.rest('r1').get('/rest/log')).json.some((l: Record<string, string>) => l.topics === 'ntp,debug' && l.message === 'No survivors for clock sync'), 'a poll with no answer');
    assert.equal((await t.rest('r1').get('/rest/system/ntp/client')).json.status, 'waiting');
    await r2.patch('/rest/interface/ether3', { disabled: 'false' });
    await t.rest('r1').post('/rest/system/ntp/client/set', { enabled: 'no' });
  });
});
