// What a router has by itself, seen over REST and in its export: the default IPsec, SNMP,
// IPv6 ND and PPP records (exported as real exports write them), the board's serial ports,
// drives, switch and interface queues, link-local IPv6 addresses, and routes as real exports
// write them (empty values, routing tables by name).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { client, error, startRouter, type TestRouter } from '../helpers/router.js';

/** Runs console text; returns what it printed. */
async function console_(r: TestRouter, script: string): Promise<string> {
  const res = await client(r.port).post('/rest/execute', { script, 'as-string': '' });
  assert.equal(res.status, 200, res.text);
  return res.json.ret ?? '';
}

/** The export's lines without its header comments. */
async function exportLines(r: TestRouter, path = ''): Promise<string[]> {
  return (await console_(r, `${path} export`)).split('\n').filter((l) => l && !l.startsWith('#'));
}

describe("the router's own records", () => {
  test('are there with their documented values, flagged default, and come back after a reset', async () => {
    const r = await startRouter();
    try {
      const c = client(r.port);
      assert.deepEqual((await c.get('/rest/ip/ipsec/profile')).json, [{
        '.id': '*0', default: 'true', 'dh-group': 'modp2048,modp1024', 'dpd-interval': '8s', 'dpd-maximum-failures': '4',
        'enc-algorithm': 'aes-128,3des', 'hash-algorithm': 'sha1', lifetime: '1d', name: 'default', 'nat-traversal': 'true',
        // 7.24 prints ppk too (docs/routeros-facts.md 18: the documented defaults of every profile).
        ppk: 'no', 'proposal-check': 'obey',
      }]);
      assert.deepEqual((await c.get('/rest/snmp/community?.proplist=name,addresses,default')).json, [{ addresses: '::/0', default: 'true', name: 'public' }]);
      assert.deepEqual((await c.get('/rest/ppp/profile?.proplist=.id,name')).json, [{ '.id': '*0', name: 'default' }, { '.id': '*FFFFFFFE', name: 'default-encryption' }]);
      // A profile a user adds is numbered from *1, not after the router's *FFFFFFFE.
      assert.equal((await c.put('/rest/ppp/profile', { name: 'mine' })).json['.id'], '*1');
      assert.equal((await c.get('/rest/ipv6/nd')).json[0].interface, 'all');
      await console_(r, '/system reset-configuration no-defaults=yes');
      assert.deepEqual((await c.get('/rest/ppp/profile?.proplist=name')).json, [{ name: 'default' }, { name: 'default-encryption' }]);
      assert.equal((await c.get('/rest/ip/ipsec/proposal')).json[0].name, 'default');
    } finally { await r.stop(); }
  });

  test('a change to one exports in the words real exports use', async () => {
    const r = await startRouter();
    try {
      await console_(r, [
        '/ip ipsec profile set [ find default=yes ] dh-group=modp1024',
        '/ip ipsec policy set 0 disabled=yes',
        '/snmp community set [ find default=yes ] authentication-protocol=SHA1 name=globus',
        '/ipv6 nd set [ find default=yes ] advertise-dns=no',
        '/ppp profile set *0 only-one=yes',
        '/queue type add kind=fq-codel name=fq-codel-ethernet-default',
        '/queue interface set ether1 queue=fq-codel-ethernet-default',
        '/interface ethernet switch set 0 cpu-flow-control=yes',
      ].join('\n'));
      const lines = await exportLines(r);
      for (const expected of [
        '/ip ipsec profile', 'set [ find default=yes ] dh-group=modp1024',
        '/ip ipsec policy', 'set 0 disabled=yes',
        '/snmp community', 'set [ find default=yes ] authentication-protocol=SHA1 name=globus',
        '/ipv6 nd', 'set [ find default=yes ] advertise-dns=no',
        '/ppp profile', 'set *0 only-one=yes',
        '/queue interface', 'set ether1 queue=fq-codel-ethernet-default',
        '/interface ethernet switch', 'set 0 cpu-flow-control=yes',
      ]) assert.ok(lines.includes(expected), `export lacks ${JSON.stringify(expected)}:\n${lines.join('\n')}`);
      // What was not changed is not exported.
      assert.ok(!lines.includes('/ip ipsec proposal'));
      // The queue type comes before the interface queue that names it.
      assert.ok(lines.indexOf('/queue type') < lines.indexOf('/queue interface'));
    } finally { await r.stop(); }
  });

  test('the built-in container apps: listed by name, a change exports as `/app set <name>`, secrets only with show-sensitive', async () => {
    // /app is the container package's.
    const r = await startRouter({ packages: ['container'] });
    try {
      const c = client(r.port);
      const apps = (await c.get('/rest/app?.proplist=name')).json as { name: string }[];
      assert.ok(apps.some((a) => a.name === 'victoria-logs') && apps.some((a) => a.name === 'home-assistant'), JSON.stringify(apps));
      // The 7.24 capture with the container package gives /app add and set a `disabled` argument (and enable/disable).
      assert.deepEqual((await c.get('/rest/app?name=pihole')).json, [{ '.id': '*F', 'auto-update': 'false', 'check-certificate': 'true', disabled: 'false', name: 'pihole' }]);
      // Lines of real exports (Defm rawconf_anna 7.21; a 7.23.1 cAP ax).
      await console_(r, [
        '/app set victoria-logs network=docker-infrastructure-br',
        '/app set n8n firewall-redirects=5678:5678:tcp:web',
        '/app set zulip secrets=zulip__secret_key:abc',
      ].join('\n'));
      const lines = await exportLines(r, '/app');
      assert.deepEqual(lines, ['/app', 'set n8n firewall-redirects=5678:5678:tcp:web', 'set victoria-logs network=docker-infrastructure-br']);
      const sensitive = (await console_(r, '/app export show-sensitive')).split('\n').filter((l) => l && !l.startsWith('#'));
      assert.deepEqual(sensitive, ['/app', 'set n8n firewall-redirects=5678:5678:tcp:web', 'set victoria-logs network=docker-infrastructure-br', 'set zulip secrets=zulip__secret_key:abc']);
      // An app is not added by `set`: a name the catalogue lacks is no item.
      assert.deepEqual((await c.post('/rest/app/set', { numbers: 'no-such-app', network: 'x' })).json, error(400, 'Bad Request', 'no such item'));
    } finally { await r.stop(); }
  });
});

describe("the board's serial ports and drives", () => {
  test('a CCR2004 has serial0 and serial1; export names them on every line, as the router does', async () => {
    const r = await startRouter({ board: 'ccr2004' });
    try {
      assert.deepEqual((await client(r.port).get('/rest/port?.proplist=name,baud-rate,used-by')).json, [
        { 'baud-rate': '115200', name: 'serial0', 'used-by': 'Serial Console' },
        { 'baud-rate': '115200', name: 'serial1', 'used-by': 'Serial Console' },
      ]);
      const lines = await exportLines(r, '/port');
      assert.deepEqual(lines, ['/port', 'set 0 name=serial0', 'set 1 name=serial1']);
      assert.deepEqual((await client(r.port).get('/rest/disk')).json, []);
    } finally { await r.stop(); }
  });

  test('a CHR has the drives its virtual machine was given; a drive a user adds is exported as add', async () => {
    const r = await startRouter({ board: 'chr', hardware: { disks: 2 } });
    try {
      const c = client(r.port);
      assert.deepEqual((await c.get('/rest/disk?.proplist=slot,type')).json, [{ slot: 'slot1', type: 'hardware' }, { slot: 'slot2', type: 'hardware' }]);
      await console_(r, '/disk add slot=tmpfs-scratch tmpfs-max-size=16000000 type=tmpfs');
      assert.deepEqual(await exportLines(r, '/disk'), [
        '/disk', 'set slot1 slot=slot1', 'set slot2 slot=slot2', 'add slot=tmpfs-scratch tmpfs-max-size=16000000 type=tmpfs',
      ]);
      await console_(r, '/system reset-configuration no-defaults=yes');
      assert.deepEqual((await c.get('/rest/disk?.proplist=slot')).json, [{ slot: 'slot1' }, { slot: 'slot2' }]);
      assert.deepEqual((await c.post('/rest/disk/set', { numbers: 'slot9', comment: 'x' })).json, error(400, 'Bad Request', 'no such item'));
    } finally { await r.stop(); }
  });
});

describe('IPv6 link-local addresses', () => {
  test('each enabled interface with a MAC address that is no bridge port has one, from its MAC', async () => {
    const r = await startRouter();
    try {
      const c = client(r.port);
      const mac = (await c.get('/rest/interface/ether1')).json['mac-address'] as string;
      const b = mac.split(':').map((h) => parseInt(h, 16));
      const expected = `fe80::${[((b[0] ^ 2) << 8) | b[1], (b[2] << 8) | 0xff, 0xfe00 | b[3], (b[4] << 8) | b[5]].map((g) => g.toString(16)).join(':')}/64`;
      const ether1 = (await c.get('/rest/ipv6/address?interface=ether1')).json;
      assert.deepEqual(ether1.map((a: Record<string, string>) => [a.address, a.dynamic, a['link-local'], a.global]), [[expected, 'true', 'true', 'false']]);
      // ether2 is a port of the default bridge: the bridge has the address.
      assert.deepEqual((await c.get('/rest/ipv6/address?interface=ether2')).json, []);
      assert.equal((await c.get('/rest/ipv6/address?interface=bridge')).json.length, 1);
      await c.post('/rest/interface/disable', { numbers: 'ether1' });
      assert.deepEqual((await c.get('/rest/ipv6/address?interface=ether1')).json, []);
      // A link-local address is the router's: it cannot be changed.
      const id = (await c.get('/rest/ipv6/address?interface=bridge')).json[0]['.id'];
      assert.deepEqual((await c.patch(`/rest/ipv6/address/${id}`, { comment: 'x' })).json, error(400, 'Bad Request', 'failure: can not change dynamic entry'));
      await c.post('/rest/ipv6/settings/set', { 'disable-ipv6': 'yes' });
      assert.deepEqual((await c.get('/rest/ipv6/address')).json, []);
    } finally { await r.stop(); }
  });
});

describe('routes as real exports write them', () => {
  test('empty values, and routing tables by name: main, /routing table entries and VRFs', async () => {
    const r = await startRouter();
    try {
      const c = client(r.port);
      const blackhole = await c.put('/rest/ip/route', { blackhole: 'yes', 'dst-address': '10.0.0.0/8', gateway: '', 'pref-src': '', 'routing-table': 'main' });
      assert.equal(blackhole.status, 201, blackhole.text);
      assert.deepEqual((await c.put('/rest/ip/route', { gateway: '10.1.0.1', 'routing-table': 'to_WAN_1' })).json,
        error(400, 'Bad Request', 'input does not match any value of routing-table'));
      await console_(r, '/routing table add fib name=to_WAN_1\n/ip vrf add interfaces=ether3 name=CE1');
      assert.equal((await c.put('/rest/ip/route', { gateway: '10.1.0.1', 'routing-table': 'to_WAN_1' })).status, 201);
      assert.equal((await c.put('/rest/ip/route', { gateway: '10.0.0.1@CE1', 'routing-table': 'CE1' })).status, 201);
      const lines = await exportLines(r);
      // The tables are made before the routes that name them.
      assert.ok(lines.indexOf('/routing table') < lines.indexOf('/ip route'), lines.join('\n'));
      assert.ok(lines.includes('add blackhole dst-address=10.0.0.0/8 gateway="" pref-src=""'), lines.join('\n'));
      assert.ok(lines.includes('add fib name=to_WAN_1'), lines.join('\n'));
    } finally { await r.stop(); }
  });

  test('firewall rules match a kind of interface (all-ppp); a suggested number is only a suggestion', async () => {
    const r = await startRouter();
    try {
      const c = client(r.port);
      const rule = await c.put('/rest/ip/firewall/mangle', { action: 'change-mss', chain: 'forward', 'in-interface': 'all-ppp', 'new-mss': '1390', protocol: 'tcp', 'tcp-flags': 'syn' });
      assert.equal(rule.status, 201, rule.text);
      assert.equal(rule.json['in-interface'], 'all-ppp');
      // The tree offers 512 1454 4096 8192; a real export sets 65536.
      await c.post('/rest/ip/tftp/settings/set', { 'max-block-size': '65536' });
      assert.equal((await c.get('/rest/ip/tftp/settings')).json['max-block-size'], '65536');
      assert.deepEqual((await c.post('/rest/ip/tftp/settings/set', { 'max-block-size': 'big' })).json, error(400, 'Bad Request', 'invalid value for argument max-block-size'));
    } finally { await r.stop(); }
  });
});

describe('references between generated menus', () => {
  test('a PPP secret names a /ppp profile and an IPsec policy a proposal: checked, and renames follow', async () => {
    const r = await startRouter();
    try {
      const c = client(r.port);
      assert.deepEqual((await c.put('/rest/ppp/secret', { name: 'u1', password: 'p', profile: 'nosuch' })).json,
        error(400, 'Bad Request', 'input does not match any value of profile'));
      assert.equal((await c.put('/rest/ppp/secret', { name: 'u1', password: 'p', profile: 'default-encryption' })).status, 201);
      await c.put('/rest/ip/ipsec/proposal', { name: 'p1', 'enc-algorithms': 'aes-256-cbc' });
      const policy = await c.put('/rest/ip/ipsec/policy', { 'src-address': '10.0.0.0/24', 'dst-address': '10.1.0.0/24', proposal: 'p1', tunnel: 'yes' });
      assert.equal(policy.status, 201, policy.text);
      await c.patch('/rest/ip/ipsec/proposal/p1', { name: 'p2' });
      assert.equal((await c.get(`/rest/ip/ipsec/policy/${policy.json['.id']}`)).json.proposal, 'p2');
      assert.ok((await exportLines(r, '/ip ipsec policy')).some((l) => / proposal=p2 /.test(` ${l} `)));
    } finally { await r.stop(); }
  });
});
