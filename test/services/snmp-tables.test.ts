// The agent's tables monitoring templates read beside the interfaces: MIKROTIK-MIB simple and
// tree queues, IP-MIB ARP, IPV6-MIB routes, HOST-RESOURCES-MIB processors and BRIDGE-MIB's
// base, each walked with Debian's snmpwalk and compared with what REST shows for the same
// state. OIDs and enumerations are the MIBs' (MIKROTIK-MIB, RFC 1213, RFC 2465, RFC 2790,
// RFC 4188; docs/routeros-facts.md 44).

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { client } from '../helpers/router.js';
import { startSnmpRouter, v2c, type SnmpRouter } from './snmp-clients.js';

let t: SnmpRouter;
let rest: ReturnType<typeof client>;
before(async () => {
  t = await startSnmpRouter();
  rest = client(t.port);
});
after(() => t.stop());

const walk = (oid: string) => v2c('snmpwalk', t.snmp, 'public', oid);
const idx = (id: string) => parseInt(id.slice(1), 16);

describe('MIKROTIK-MIB queues', () => {
  test('a simple queue: its name, target address and mask, and its counters from zero (mtxrQueueSimpleTable)', async () => {
    const q = await rest.put('/rest/queue/simple', { name: 'guests', target: '192.168.88.10/32', 'max-limit': '10M/20M' });
    assert.equal(q.status, 201);
    const n = idx(q.json['.id']);
    const Q = '.1.3.6.1.4.1.14988.1.1.2.1.1';
    assert.deepEqual(await walk(Q), [
      `${Q}.2.${n} = STRING: "guests"`,
      `${Q}.3.${n} = IpAddress: 192.168.88.10`,
      `${Q}.4.${n} = IpAddress: 255.255.255.255`,
      // No dst: none.
      `${Q}.5.${n} = IpAddress: 0.0.0.0`,
      `${Q}.6.${n} = IpAddress: 0.0.0.0`,
      // The target is an address, no interface.
      `${Q}.7.${n} = INTEGER: 0`,
      `${Q}.8.${n} = Counter64: 0`,
      `${Q}.9.${n} = Counter64: 0`,
      ...[10, 11, 12, 13, 14, 15].map((c) => `${Q}.${c}.${n} = Counter32: 0`),
    ]);
  });

  test('a queue tree entry: its name and packet mark (mtxrQueueTreeTable)', async () => {
    const q = await rest.put('/rest/queue/tree', { name: 'voice', parent: 'global', 'packet-mark': 'voip' });
    assert.equal(q.status, 201);
    const n = idx(q.json['.id']);
    const lines = await walk('.1.3.6.1.4.1.14988.1.1.2.2.1');
    assert.deepEqual(lines.slice(0, 2), [
      `.1.3.6.1.4.1.14988.1.1.2.2.1.2.${n} = STRING: "voice"`,
      `.1.3.6.1.4.1.14988.1.1.2.2.1.3.${n} = STRING: "voip"`,
    ]);
  });
});

describe('IP-MIB ARP and IPV6-MIB routes', () => {
  test('a static ARP entry is ipNetToMediaTable\'s row: interface, MAC, address, static(4)', async () => {
    assert.equal((await rest.put('/rest/ip/arp', { address: '192.168.88.20', 'mac-address': '02:00:00:00:00:20', interface: 'bridge' })).status, 201);
    const bridge = idx((await rest.get('/rest/interface/bridge')).json[0]['.id']);
    const A = '.1.3.6.1.2.1.4.22.1';
    const at = `${bridge}.192.168.88.20`;
    assert.deepEqual(await walk(A), [
      `${A}.1.${at} = INTEGER: ${bridge}`,
      `${A}.2.${at} = Hex-STRING: 02 00 00 00 00 20`,
      `${A}.3.${at} = IpAddress: 192.168.88.20`,
      `${A}.4.${at} = INTEGER: 4`,
    ]);
  });

  test('an IPv6 address\'s connected route: ipv6RouteNumber, its interface, local(3) by local(2), valid', async () => {
    assert.equal((await rest.put('/rest/ipv6/address', { address: '2001:db8:1::1/64', interface: 'ether1', advertise: 'no' })).status, 201);
    const routes = (await rest.get('/rest/ipv6/route')).json as Record<string, string>[];
    assert.deepEqual(routes.map((r) => r['dst-address']), ['2001:db8:1::/64']);
    const ether1 = idx((await rest.get('/rest/interface/ether1')).json['.id']);
    const R = '.1.3.6.1.2.1.55.1.11.1';
    // Index: the destination's 16 octets, the prefix length, the route's number.
    const at = '32.1.13.184.0.1.0.0.0.0.0.0.0.0.0.0.64.1';
    const lines = await walk('.1.3.6.1.2.1.55.1');
    assert.deepEqual(lines, [
      '.1.3.6.1.2.1.55.1.9.0 = Gauge32: 1',
      `${R}.4.${at} = INTEGER: ${ether1}`,
      // A connected route has no next hop: the unspecified address.
      `${R}.5.${at} = Hex-STRING: ${Array(16).fill('00').join(' ')}`,
      `${R}.6.${at} = INTEGER: 3`,
      `${R}.7.${at} = INTEGER: 2`,
      `${R}.11.${at} = Gauge32: 0`,
      `${R}.14.${at} = INTEGER: 1`,
    ]);
  });
});

describe('HOST-RESOURCES-MIB processors and BRIDGE-MIB', () => {
  test('one processor device per CPU of /system resource, each running(2) at its cpu-load', async () => {
    const res = (await rest.get('/rest/system/resource')).json;
    // The default board, hAP ax^2: four cores.
    assert.equal(res['cpu-count'], '4');
    const loads = (await walk('.1.3.6.1.2.1.25.3.3.1.2')).map((l) => Number(/INTEGER: (\d+)$/.exec(l)?.[1]));
    assert.equal(loads.length, 4);
    for (const l of loads) assert.ok(l >= 0 && l <= 100, String(l));
    assert.deepEqual(await walk('.1.3.6.1.2.1.25.3.2.1.5'), [1, 2, 3, 4].map((i) => `.1.3.6.1.2.1.25.3.2.1.5.${i} = INTEGER: 2`));
    // hrDeviceType: hrDeviceProcessor.
    assert.deepEqual(await walk('.1.3.6.1.2.1.25.3.2.1.2'), [1, 2, 3, 4].map((i) => `.1.3.6.1.2.1.25.3.2.1.2.${i} = OID: .1.3.6.1.2.1.25.3.1.3`));
  });

  test('dot1dBase: the bridge\'s MAC, its number of ports, transparent-only(2); STP ieee8021d(3) at the bridge\'s priority', async () => {
    const bridge = (await rest.get('/rest/interface/bridge')).json[0];
    const ports = (await rest.get('/rest/interface/bridge/port')).json as unknown[];
    // defconf: ether2-ether5 and both radios in the bridge.
    assert.equal(ports.length, 6);
    const mac = bridge['mac-address'].split(':').join(' ');
    assert.deepEqual(await walk('.1.3.6.1.2.1.17.1'), [
      `.1.3.6.1.2.1.17.1.1.0 = Hex-STRING: ${mac}`,
      '.1.3.6.1.2.1.17.1.2.0 = INTEGER: 6',
      '.1.3.6.1.2.1.17.1.3.0 = INTEGER: 2',
    ]);
    assert.equal(bridge.priority, '0x8000');
    assert.deepEqual(await walk('.1.3.6.1.2.1.17.2'), ['.1.3.6.1.2.1.17.2.1.0 = INTEGER: 3', '.1.3.6.1.2.1.17.2.2.0 = INTEGER: 32768']);
  });
});
