// Issue 23 over REST: what a real router prints and takes where real clients (the Ansible
// collection, the Terraform provider, real exports) noticed the difference. Each expectation is
// the real router's, with its source in docs/routeros-facts.md section 23.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { client, error, startRouter, type TestRouter } from '../helpers/router.js';

let r: TestRouter;
let c: ReturnType<typeof client>;
before(async () => { r = await startRouter(); c = client(r.port); });
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

  test('license renew without its account answers missing =account=', async () => {
    const renew = await c.post('/rest/system/license/renew', {});
    assert.deepEqual(renew.json, error(400, 'Bad Request', 'missing =account='));
  });

  test('a record the collection marks required is refused without it: a DHCP server needs its interface', async () => {
    assert.deepEqual((await c.put('/rest/ip/dhcp-server', { name: 'd1' })).json, error(400, 'Bad Request', 'missing =interface='));
  });
});
