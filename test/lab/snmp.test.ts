// SNMP in a lab (test/lab/snmp.clab.yml): r1's startup-config enables its agent, lab.json
// gives its port, and the interface counters a monitoring system reads move with the lab's
// traffic as REST's do.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { startLab, until, type TestLab } from './lab.js';
import { v2c } from '../services/snmp-clients.js';

let t: TestLab;
before(async () => { t = await startLab('snmp.clab.yml', { requestLimitMs: 5000 }); });
after(() => t.stop());

const HC_OUT = '.1.3.6.1.2.1.31.1.1.1.10';

test('lab.json lists the agent of the node that enabled it; ping traffic moves ifHCOutOctets as it moves tx-byte', async () => {
  const json = await until(async () => JSON.parse(fs.readFileSync(path.join(t.dir, 'lab.json'), 'utf8')), (j) => j.nodes.r1.snmp !== undefined);
  const port = json.nodes.r1.snmp as number;
  assert.ok(port > 0);
  assert.equal(json.nodes.r2.snmp, undefined, 'r2 never enabled SNMP');
  const rest = t.rest('r1');
  const ether2 = (await rest.get('/rest/interface/ether2')).json;
  const n = parseInt(ether2['.id'].slice(1), 16);
  const read = async () => Number((await v2c('snmpget', port, 'public', `${HC_OUT}.${n}`))[0].split('Counter64: ')[1]);
  const before = await read();
  const ping = await rest.post('/rest/ping', { address: '10.0.12.2', count: '3', size: '1000', interval: '10ms' });
  assert.equal(ping.status, 200);
  assert.equal(ping.json.at(-1).received, '3');
  const rest1 = Number((await rest.get('/rest/interface/ether2')).json['tx-byte']);
  const after = await read();
  const rest2 = Number((await rest.get('/rest/interface/ether2')).json['tx-byte']);
  // Three echo requests of 1000 bytes each went out of ether2.
  assert.ok(after - before >= 3000, `${before} -> ${after}`);
  assert.ok(after >= rest1 && after <= rest2, `${rest1} <= ${after} <= ${rest2}`);
});
