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

test('the neighbour r2 that discovery found is in MIKROTIK-MIB\'s neighbour table and LLDP-MIB\'s remote table, as /ip neighbor shows it', async () => {
  const json = await until(async () => JSON.parse(fs.readFileSync(path.join(t.dir, 'lab.json'), 'utf8')), (j) => j.nodes.r1.snmp !== undefined);
  const port = json.nodes.r1.snmp as number;
  const rest = t.rest('r1');
  const [n] = await until(async () => (await rest.get('/rest/ip/neighbor')).json as Record<string, string>[], (rows) => rows.length === 1);
  // The lab names each router's identity after its node; the MAC is r2's ether2's.
  assert.equal(n.identity, 'r2');
  assert.equal(n['mac-address'], (await t.rest('r2').get('/rest/interface/ether2')).json['mac-address']);
  const mac = n['mac-address'].split(':').join(' ');
  const id = parseInt(n['.id'].slice(1), 16);
  const ether2 = parseInt((await rest.get('/rest/interface/ether2')).json['.id'].slice(1), 16);
  const N = '.1.3.6.1.4.1.14988.1.1.11.1.1';
  const nb = await v2c('snmpwalk', port, 'public', N);
  assert.ok(nb.includes(`${N}.2.${id} = IpAddress: 10.0.12.2`), nb.join('\n'));
  assert.ok(nb.includes(`${N}.3.${id} = Hex-STRING: ${mac}`), nb.join('\n'));
  assert.ok(nb.includes(`${N}.6.${id} = STRING: "r2"`), nb.join('\n'));
  assert.ok(nb.includes(`${N}.8.${id} = INTEGER: ${ether2}`), nb.join('\n'));
  // lldpRemTable: time mark 0, the local port, the remote's number; chassis id a MAC (4), port id an interface name (5).
  const L = '.1.0.8802.1.1.2.1.4.1.1';
  const at = `0.${ether2}.1`;
  const lldp = await v2c('snmpwalk', port, 'public', L);
  assert.ok(lldp.includes(`${L}.4.${at} = INTEGER: 4`), lldp.join('\n'));
  assert.ok(lldp.includes(`${L}.5.${at} = Hex-STRING: ${mac}`), lldp.join('\n'));
  assert.ok(lldp.includes(`${L}.6.${at} = INTEGER: 5`), lldp.join('\n'));
  assert.ok(lldp.includes(`${L}.7.${at} = STRING: "ether2"`), lldp.join('\n'));
  assert.ok(lldp.includes(`${L}.9.${at} = STRING: "r2"`), lldp.join('\n'));
});
