// Issue 23 over REST: what a real router prints and takes where real clients (the Ansible
// collection, the Terraform provider, real exports) noticed the difference. Each expectation is
// the real router's, with its source in docs/routeros-facts.md section 23.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { client, error, startRouter, type TestRouter } from '../helpers/router.js';
import { makeUser } from '../auth/setup.js';

let r: TestRouter;
let c: ReturnType<typeof client>;
// With the wireless package too: CAPsMAN v1 (/caps-man) is its menu (7.13 and later).
before(async () => { r = await startRouter({ packages: ['wireless'] }); c = client(r.port); });
after(() => r.stop());

const run = async (script: string) => (await c.post('/rest/execute', { script, 'as-string': '' })).json.ret as string;
/** An export with its wrapped lines joined, as one line per command. */
const exportOf = async (menu: string, flags = '') => (await run(`${menu} export ${flags}`)).replaceAll('\\\n    ', '');

describe('an emptied value disappears', () => {
  test('PATCH comment "" leaves no comment; so do `comment ""` and `!comment`', async () => {
    const pool = await c.put('/rest/ip/pool', { name: 'p1', ranges: '10.9.0.10-10.9.0.20', comment: 'lab' });
    assert.equal(pool.json.comment, 'lab');
    const id = pool.json['.id'];
    const patched = await c.patch(`/rest/ip/pool/${id}`, { comment: '' });
    assert.equal(patched.status, 200, patched.text);
    assert.equal('comment' in patched.json, false, patched.text);
    assert.equal('comment' in (await c.get(`/rest/ip/pool/${id}`)).json, false);
    // Over the API face's words: the console's `comment` command and set.
    await run(`/ip pool comment ${id} comment=again`);
    assert.equal((await c.get(`/rest/ip/pool/${id}`)).json.comment, 'again');
    await run(`/ip pool comment ${id} comment=""`);
    assert.equal('comment' in (await c.get(`/rest/ip/pool/${id}`)).json, false);
    assert.ok(!(await exportOf('/ip pool')).includes('comment'));
  });

  test('a generated menu drops an emptied text too; a value with a default shows the default again', async () => {
    const q = await c.put('/rest/system/script', { name: 's1', source: ':put 1', comment: 'x' });
    assert.equal(q.status, 201, q.text);
    assert.equal('comment' in (await c.patch('/rest/system/script/s1', { comment: '' })).json, false);
    await c.post('/rest/snmp/set', { contact: 'me' });
    await c.post('/rest/snmp/set', { contact: '' });
    assert.equal((await c.get('/rest/snmp')).json.contact, '');
  });

  test('a name cannot be emptied', async () => {
    await c.put('/rest/ip/pool', { name: 'p2', ranges: '10.9.1.10-10.9.1.20' });
    assert.deepEqual((await c.patch('/rest/ip/pool/p2', { name: '' })).json, error(400, 'Bad Request', 'invalid value for argument name'));
  });
});

describe('value forms the router takes and prints', () => {
  test('a simple queue prints rates in bits per second and exports them with units', async () => {
    const q = await c.put('/rest/queue/simple', { name: 'q1', target: '10.0.0.1/32', 'max-limit': '10M/50M', 'limit-at': '512k' });
    assert.equal(q.status, 201, q.text);
    assert.equal(q.json['max-limit'], '10000000/50000000');
    assert.equal(q.json['limit-at'], '512000/512000');
    assert.match(await exportOf('/queue simple'), /^add limit-at=512k\/512k max-limit=10M\/50M name=q1 target=10\.0\.0\.1\/32$/m);
    // A queue tree's single rate too.
    const t = await c.put('/rest/queue/tree', { name: 't1', parent: 'global', 'max-limit': '1G' });
    assert.equal(t.status, 201, t.text);
    assert.equal(t.json['max-limit'], '1000000000');
  });

  test('a tunnel keepalive takes interval,retries (GRE, EoIP, 6to4)', async () => {
    const gre = await c.put('/rest/interface/gre', { name: 'gre1', 'remote-address': '192.0.2.1', keepalive: '10s,10' });
    assert.equal(gre.status, 201, gre.text);
    assert.equal(gre.json.keepalive, '10s,10');
    const six = await c.put('/rest/interface/6to4', { name: '6to4-1', 'remote-address': '192.0.2.2', keepalive: '30s,3' });
    assert.equal(six.status, 201, six.text);
    assert.equal(six.json.keepalive, '30s,3');
    // An EoIP tunnel added without it shows the collection's default, as export verbose prints it.
    const eoip = await c.put('/rest/interface/eoip', { name: 'eoip1', 'remote-address': '192.0.2.3', 'tunnel-id': '5' });
    assert.equal(eoip.status, 201, eoip.text);
    assert.equal(eoip.json.keepalive, '10s,10');
    assert.equal((await c.patch('/rest/interface/gre/gre1', { keepalive: '10s,x' })).status, 400);
  });

  test('the DHCP server stores leases every 5m by default and takes an interval', async () => {
    assert.equal((await c.get('/rest/ip/dhcp-server/config')).json['store-leases-disk'], '5m');
    assert.deepEqual((await c.post('/rest/ip/dhcp-server/config/set', { 'store-leases-disk': '300' })).json, []);
    assert.equal((await c.get('/rest/ip/dhcp-server/config')).json['store-leases-disk'], '5m');
    await c.post('/rest/ip/dhcp-server/config/set', { 'store-leases-disk': 'never' });
    assert.equal((await c.get('/rest/ip/dhcp-server/config')).json['store-leases-disk'], 'never');
  });

  test('a DHCP client option takes its code as a number', async () => {
    const o = await c.put('/rest/ip/dhcp-client/option', { name: 'vendor', code: '60', value: "'MSFT 5.0'" });
    assert.equal(o.status, 201, o.text);
    assert.equal(o.json.code, '60');
  });

  test('a CAPsMAN datapath takes arp=local-proxy-arp', async () => {
    const d = await c.put('/rest/caps-man/datapath', { name: 'dp1', arp: 'local-proxy-arp' });
    assert.equal(d.status, 201, d.text);
    assert.equal(d.json.arp, 'local-proxy-arp');
    assert.deepEqual((await c.put('/rest/caps-man/datapath', { name: 'dp2', arp: 'sometimes' })).json,
      error(400, 'Bad Request', 'input does not match any value of arp'));
  });

  test('the traffic generator keeps a time finer than a millisecond', async () => {
    assert.equal((await c.get('/rest/tool/traffic-generator')).json['latency-distribution-max'], '100us');
    await c.post('/rest/tool/traffic-generator/set', { 'latency-distribution-max': '1.5ms' });
    assert.equal((await c.get('/rest/tool/traffic-generator')).json['latency-distribution-max'], '1ms500us');
  });

  test('the sniffer streams to ip:port', async () => {
    assert.equal((await c.get('/rest/tool/sniffer')).json['streaming-server'], '0.0.0.0:37008');
    assert.deepEqual((await c.post('/rest/tool/sniffer/set', { 'streaming-server': '192.168.88.5:37008' })).json, []);
    assert.equal((await c.get('/rest/tool/sniffer')).json['streaming-server'], '192.168.88.5:37008');
  });
});

describe('secrets and required arguments', () => {
  test('a PPP secret password is left out of export without show-sensitive', async () => {
    const s = await c.put('/rest/ppp/secret', { name: 'u1', password: 'hunter2' });
    assert.equal(s.status, 201, s.text);
    // The admin has the sensitive policy: print shows it.
    assert.equal(s.json.password, 'hunter2');
    const plain = await exportOf('/ppp secret');
    assert.match(plain, /^add name=u1$/m);
    assert.ok(!plain.includes('hunter2'));
    assert.match(await exportOf('/ppp secret', 'show-sensitive'), /^add name=u1 password=hunter2$/m);
  });

  test('a user without the sensitive policy sees no PPP password; one with it does', async () => {
    await c.put('/rest/ppp/secret', { name: 'u2', password: 'open-sesame' });
    const plain = await makeUser(c, 'looker', 'read,api,rest-api,web');
    const seen = (await c.get('/rest/ppp/secret/u2', plain)).json;
    assert.equal(seen.name, 'u2');
    assert.equal(seen.password, undefined);
    const trusted = await makeUser(c, 'keeper', 'read,api,rest-api,web,sensitive');
    assert.equal((await c.get('/rest/ppp/secret/u2', trusted)).json.password, 'open-sesame');
  });

  test('license renew without its account answers missing =account=; the console says missing value(s)', async () => {
    assert.equal(await run(':do { /system license renew } on-error={ :put "refused" }'), 'refused');
    assert.match(await run('/system license renew'), /^missing value\(s\) of argument\(s\) account /);
    const renew = await c.post('/rest/system/license/renew', {});
    assert.deepEqual(renew.json, error(400, 'Bad Request', 'missing =account='));
  });

  test('a record the collection marks required is refused without it: a DHCP server needs its interface', async () => {
    assert.deepEqual((await c.put('/rest/ip/dhcp-server', { name: 'd1' })).json, error(400, 'Bad Request', 'missing =interface='));
  });

  test('a menu a hand declaration only refines keeps the collection\'s required fields: an OSPF area needs its instance', async () => {
    assert.deepEqual((await c.put('/rest/routing/ospf/area', { name: 'a1' })).json, error(400, 'Bad Request', 'missing =instance='));
    assert.deepEqual((await c.put('/rest/ip/arp', { address: '10.9.9.9' })).json, error(400, 'Bad Request', 'missing =interface='));
  });
});

describe('references to other records', () => {
  test('a VRF by name: /ip service vrf=, a firewall rule\'s in-interface', async () => {
    assert.equal((await c.put('/rest/ip/vrf', { name: 'mgmt', interfaces: 'ether5' })).status, 201);
    assert.equal((await c.patch('/rest/ip/service/ssh', { vrf: 'mgmt' })).json.vrf, 'mgmt');
    assert.deepEqual((await c.patch('/rest/ip/service/ssh', { vrf: 'nosuch' })).json, error(400, 'Bad Request', 'input does not match any value of vrf'));
    const rule = await c.put('/rest/ip/firewall/filter', { chain: 'input', action: 'accept', 'in-interface': 'mgmt' });
    assert.equal(rule.status, 201, rule.text);
    assert.equal(rule.json['in-interface'], 'mgmt');
    assert.equal((await c.put('/rest/ip/firewall/filter', { chain: 'input', action: 'drop', 'in-interface': '!mgmt' })).json['in-interface'], '!mgmt');
    assert.deepEqual((await c.put('/rest/ip/firewall/filter', { chain: 'input', action: 'drop', 'in-interface': 'nosuch' })).json,
      error(400, 'Bad Request', 'input does not match any value of in-interface'));
  });

  test('an interface list as a bridge port', async () => {
    const port = await c.put('/rest/interface/bridge/port', { bridge: 'bridge', interface: 'dynamic' });
    assert.equal(port.status, 201, port.text);
    assert.equal(port.json.interface, 'dynamic');
  });

  test('a DHCP server places its queues before a simple queue named, which a rename follows', async () => {
    await c.put('/rest/queue/simple', { name: 'guests', target: '10.7.0.0/24' });
    const dhcp = await c.put('/rest/ip/dhcp-server', { name: 'd-q', interface: 'ether1', 'insert-queue-before': 'guests' });
    assert.equal(dhcp.status, 201, dhcp.text);
    assert.equal(dhcp.json['insert-queue-before'], 'guests');
    await c.patch('/rest/queue/simple/guests', { name: 'visitors' });
    assert.equal((await c.get('/rest/ip/dhcp-server/d-q')).json['insert-queue-before'], 'visitors');
    assert.equal((await c.patch('/rest/ip/dhcp-server/d-q', { 'insert-queue-before': 'bottom' })).json['insert-queue-before'], 'bottom');
    assert.deepEqual((await c.patch('/rest/ip/dhcp-server/d-q', { 'insert-queue-before': 'nosuch' })).json,
      error(400, 'Bad Request', 'input does not match any value of insert-queue-before'));
  });

  test('OSPF areas name their instance, templates their area: checked, renames follow', async () => {
    await c.put('/rest/routing/ospf/instance', { name: 'o1' });
    assert.deepEqual((await c.put('/rest/routing/ospf/area', { name: 'a1', instance: 'o2' })).json, error(400, 'Bad Request', 'input does not match any value of instance'));
    assert.equal((await c.put('/rest/routing/ospf/area', { name: 'a1', instance: 'o1' })).status, 201);
    await c.patch('/rest/routing/ospf/instance/o1', { name: 'o9' });
    assert.equal((await c.get('/rest/routing/ospf/area/a1')).json.instance, 'o9');
  });

  test('names repeat where the router lets them: /routing id, /routing bgp connection', async () => {
    assert.equal((await c.put('/rest/routing/id', { name: 'rid', id: '10.255.0.1' })).status, 201);
    assert.equal((await c.put('/rest/routing/id', { name: 'rid', id: '10.255.0.2' })).status, 201);
    const bgp = { name: 'peer', 'remote.address': '192.0.2.1', 'remote.as': '65001', 'local.role': 'ebgp', as: '65000' };
    assert.equal((await c.put('/rest/routing/bgp/connection', bgp)).status, 201);
    assert.equal((await c.put('/rest/routing/bgp/connection', { ...bgp, 'remote.address': '192.0.2.2' })).status, 201);
    assert.equal((await c.get('/rest/routing/bgp/connection?name=peer')).json.length, 2);
  });
});

describe('exports write the router\'s words', () => {
  test('a host address without /32, an A record with type=A, the default APN as [ find default=yes ]', async () => {
    await c.put('/rest/ip/address', { address: '10.255.0.3/32', interface: 'ether2' });
    assert.equal((await c.get('/rest/ip/address?network=10.255.0.3')).json[0].address, '10.255.0.3/32');
    assert.match(await exportOf('/ip address'), /^add address=10\.255\.0\.3 interface=ether2 network=10\.255\.0\.3$/m);
    const a = await c.put('/rest/ip/dns/static', { name: 'nas.lan', address: '10.0.0.9' });
    assert.equal(a.json.type, undefined, 'REST prints no type for an A record');
    await c.put('/rest/ip/dns/static', { name: 'v6.lan', address: 'fd00::9', type: 'AAAA' });
    const dns = await exportOf('/ip dns static');
    assert.match(dns, /^add address=10\.0\.0\.9 name=nas\.lan type=A$/m);
    assert.match(dns, /^add address=fd00::9 name=v6\.lan type=AAAA$/m);
    await c.post('/rest/interface/lte/apn/set', { '.id': 'default', apn: 'corp' });
    assert.match(await exportOf('/interface lte apn'), /^set \[ find default=yes \] apn=corp$/m);
  });
});

describe('no settings menu prints an empty record', () => {
  test('counters start at 0: /ip ipsec statistics, /ip proxy lookups', async () => {
    const ipsec = (await c.get('/rest/ip/ipsec/statistics')).json;
    assert.equal(ipsec['in-errors'], '0');
    assert.equal(ipsec['out-policy-blocked'], '0');
    assert.ok(Object.values((await c.get('/rest/ip/proxy/lookups')).json).every((v) => v === '0'));
  });
});
