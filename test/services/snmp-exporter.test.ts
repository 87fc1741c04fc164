// Prometheus' snmp_exporter (Debian's prometheus-snmp-exporter) scraping the router with the
// numeric OIDs of its generated `mikrotik` module (snmp_exporter's snmp.yml: walk
// 1.3.6.1.2.1.31.1.1.1.1 and MIKROTIK-MIB; ifName, mtxrGaugeName lookups) and IF-MIB's
// 64-bit octet counters: interface and health metrics as a monitoring user graphs them.

import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { client, eventually, tempDir } from '../helpers/router.js';
import { freePort } from '../helpers/ports.js';
import { startSnmpRouter, type SnmpRouter } from './snmp-clients.js';

/** snmp.yml in the format of snmp_exporter 0.21 (Debian 12's): module, auth, walks, metrics. */
const SNMP_YML = `
mikrotik:
  version: 2
  max_repetitions: 25
  auth:
    community: public
  walk:
  - 1.3.6.1.2.1.31.1.1.1.1
  - 1.3.6.1.2.1.31.1.1.1.6
  - 1.3.6.1.2.1.31.1.1.1.10
  - 1.3.6.1.4.1.14988.1.1.3
  - 1.3.6.1.4.1.14988.1.1.7
  - 1.3.6.1.4.1.14988.1.1.14
  metrics:
  - name: ifHCInOctets
    oid: 1.3.6.1.2.1.31.1.1.1.6
    type: counter
    indexes: [{ labelname: ifIndex, type: gauge }]
    lookups: [{ labels: [ifIndex], labelname: ifName, oid: 1.3.6.1.2.1.31.1.1.1.1, type: DisplayString }]
  - name: ifHCOutOctets
    oid: 1.3.6.1.2.1.31.1.1.1.10
    type: counter
    indexes: [{ labelname: ifIndex, type: gauge }]
    lookups: [{ labels: [ifIndex], labelname: ifName, oid: 1.3.6.1.2.1.31.1.1.1.1, type: DisplayString }]
  - name: mtxrHlProcessorTemperature
    oid: 1.3.6.1.4.1.14988.1.1.3.11
    type: gauge
  - name: mtxrGaugeValue
    oid: 1.3.6.1.4.1.14988.1.1.3.100.1.3
    type: gauge
    indexes: [{ labelname: mtxrGaugeIndex, type: gauge }]
    lookups:
    - { labels: [mtxrGaugeIndex], labelname: mtxrGaugeName, oid: 1.3.6.1.4.1.14988.1.1.3.100.1.2, type: DisplayString }
    - { labels: [], labelname: mtxrGaugeIndex }
  - name: mtxrGaugeUnit
    oid: 1.3.6.1.4.1.14988.1.1.3.100.1.4
    type: gauge
    indexes: [{ labelname: mtxrGaugeIndex, type: gauge }]
    lookups:
    - { labels: [mtxrGaugeIndex], labelname: mtxrGaugeName, oid: 1.3.6.1.4.1.14988.1.1.3.100.1.2, type: DisplayString }
    - { labels: [], labelname: mtxrGaugeIndex }
  - name: mtxrSerialNumber
    oid: 1.3.6.1.4.1.14988.1.1.7.3
    type: DisplayString
  - name: mtxrBoardName
    oid: 1.3.6.1.4.1.14988.1.1.7.9
    type: DisplayString
  - name: mtxrInterfaceStatsRxBytes
    oid: 1.3.6.1.4.1.14988.1.1.14.1.1.31
    type: counter
    indexes: [{ labelname: mtxrInterfaceStatsIndex, type: gauge }]
    lookups: [{ labels: [mtxrInterfaceStatsIndex], labelname: ifName, oid: 1.3.6.1.2.1.31.1.1.1.1, type: DisplayString }]
  - name: mtxrInterfaceStatsLinkDowns
    oid: 1.3.6.1.4.1.14988.1.1.14.1.1.90
    type: counter
    indexes: [{ labelname: mtxrInterfaceStatsIndex, type: gauge }]
    lookups: [{ labels: [mtxrInterfaceStatsIndex], labelname: ifName, oid: 1.3.6.1.2.1.31.1.1.1.1, type: DisplayString }]
`;

let t: SnmpRouter;
let exporter: ChildProcess;
let web: number;
let logged = '';
const dir = tempDir();

before(async () => {
  t = await startSnmpRouter();
  fs.writeFileSync(path.join(dir, 'snmp.yml'), SNMP_YML);
  web = await freePort();
  exporter = spawn('prometheus-snmp-exporter', [`--config.file=${path.join(dir, 'snmp.yml')}`, `--web.listen-address=127.0.0.1:${web}`], { stdio: ['ignore', 'pipe', 'pipe'] });
  exporter.stdout!.on('data', (d) => { logged += String(d); });
  exporter.stderr!.on('data', (d) => { logged += String(d); });
  await eventually(async () => /Listening on|TLS is disabled/.test(logged), `snmp_exporter listening: ${logged}`);
});
after(async () => {
  await new Promise((ok) => { exporter.once('exit', ok); exporter.kill(); });
  await t.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

function scrape(): Promise<string> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port: web, path: `/snmp?module=mikrotik&target=127.0.0.1:${t.snmp}` }, (res) => {
      let body = '';
      res.on('data', (c) => { body += c; });
      res.on('end', () => (res.statusCode === 200 ? resolve(body) : reject(new Error(`${res.statusCode}: ${body}`))));
    }).on('error', reject);
  });
}

/** The samples of a scrape: `name{labels}` -> value. */
function samples(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const l of text.split('\n')) {
    const m = /^(\w+(?:\{[^}]*\})?) (\S+)$/.exec(l);
    if (m) out.set(m[1], Number(m[2]));
  }
  return out;
}

test('snmp_exporter scrapes interface octets, link downs and health as REST shows them', async () => {
  const rest = client(t.port);
  const ifs = ((await rest.get('/rest/interface')).json as Record<string, string>[]).filter((i) => i.name !== 'lo');
  const health = (await rest.get('/rest/system/health')).json as Record<string, string>[];
  const rb = (await rest.get('/rest/system/routerboard')).json;
  const res = (await rest.get('/rest/system/resource')).json;
  const s = samples(await scrape());
  for (const i of ifs) {
    const n = parseInt(i['.id'].slice(1), 16);
    const rx = s.get(`ifHCInOctets{ifIndex="${n}",ifName="${i.name}"}`);
    assert.ok(rx !== undefined && rx >= Number(i['rx-byte']), `${i.name}: ${rx} >= ${i['rx-byte']}`);
    assert.ok(s.has(`ifHCOutOctets{ifIndex="${n}",ifName="${i.name}"}`), i.name);
    if (i.type === 'ether') {
      assert.equal(s.get(`mtxrInterfaceStatsLinkDowns{ifName="${i.name}",mtxrInterfaceStatsIndex="${n}"}`), Number(i['link-downs']), i.name);
      assert.ok(s.has(`mtxrInterfaceStatsRxBytes{ifName="${i.name}",mtxrInterfaceStatsIndex="${n}"}`), i.name);
    }
  }
  for (const h of health) {
    assert.equal(s.get(`mtxrGaugeValue{mtxrGaugeName="${h.name}"}`), Number(h.value), h.name);
    // celsius(1)
    assert.equal(s.get(`mtxrGaugeUnit{mtxrGaugeName="${h.name}"}`), 1, h.name);
  }
  const cpu = health.find((h) => h.name === 'cpu-temperature')!;
  assert.equal(s.get('mtxrHlProcessorTemperature'), Number(cpu.value) * 10);
  assert.equal(s.get(`mtxrSerialNumber{mtxrSerialNumber="${rb['serial-number']}"}`), 1);
  assert.equal(s.get(`mtxrBoardName{mtxrBoardName="${res['board-name']}"}`), 1);
  assert.equal(s.get('snmp_scrape_pdus_returned') !== undefined, true);
});
