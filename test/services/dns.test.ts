// The router's DNS server as a user meets it: Debian's dig asks the dns face (UDP and TCP on
// its stand-in port), the router answers from /ip/dns/static, forwards the rest to the
// upstream servers a test runs on loopback (127.0.0.1 and 127.0.0.2, on the port
// `--dns-upstream-port` names), keeps /ip/dns/cache, and `:resolve` asks the same resolver.
// Expected answers are the manual's (manual.mikrotik.com "DNS"; routeros-facts.md 45).

import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { client, eventually, startRouter, type TestRouter } from '../helpers/router.js';
import { ask, digAnswer, startUpstream, type Upstream, type Zone } from '../helpers/dns.js';

describe('DNS server on the wire (dig)', () => {
  let r: TestRouter;
  let c: ReturnType<typeof client>;
  let up: Upstream;
  let corp: Upstream;
  let dns: number;
  const zone: Zone = {};
  const A = (name: string, data: string, ttl = 300) => ({ name, type: 'A' as const, ttl, class: 'IN' as const, data });

  before(async () => {
    up = await startUpstream(Object.assign(zone, {
      'example.com': [A('example.com', '93.184.216.34', 300)],
      'short.example': [A('short.example', '198.51.100.7', 1)],
      'www.example.lan': [A('www.example.lan', '203.0.113.9')],
      'mail.example.net': [A('mail.example.net', '198.51.100.25')],
      'nas.lan': [{ name: 'nas.lan', type: 'MX', ttl: 60, class: 'IN', data: { preference: 5, exchange: 'upstream-mx.lan' } }],
    }));
    // A company's server on another loopback address, on the same port: FWD entries' target.
    corp = await startUpstream({ 'app.corp.example': [A('app.corp.example', '10.20.0.5', 120), A('app.corp.example', '10.20.0.6', 120)] }, '127.0.0.2', up.port);
    r = await startRouter({ upstreamPorts: { dns: up.port } });
    c = client(r.port);
    dns = r.router.bound.dns!;
    await c.post('/rest/ip/dns/set', { servers: '127.0.0.1' });
  });
  after(async () => { await r.stop(); await up.close(); await corp.close(); });

  const add = async (entry: Record<string, string>) => {
    const res = await c.put('/rest/ip/dns/static', entry);
    assert.equal(res.status, 201, JSON.stringify(res.json));
    return res.json['.id'] as string;
  };

  test('the default configuration answers on UDP and TCP; allow-remote-requests=no closes the port', async () => {
    assert.ok(dns > 0, 'the dns face listens (defconf has allow-remote-requests=yes)');
    assert.deepEqual(await digAnswer(dns, 'router.lan'), { status: 'NOERROR', flags: 'qr aa rd ra', answers: ['router.lan. 86400 IN A 192.168.88.1'] });
    assert.deepEqual((await digAnswer(dns, '+tcp', 'router.lan')).answers, ['router.lan. 86400 IN A 192.168.88.1']);
    await c.post('/rest/ip/dns/set', { 'allow-remote-requests': 'no' });
    await r.router.services!.settled();
    assert.equal(r.router.bound.dns, undefined);
    assert.equal((await digAnswer(dns, 'router.lan')).status, undefined, 'nothing answers');
    await c.post('/rest/ip/dns/set', { 'allow-remote-requests': 'yes' });
    await r.router.services!.settled();
    assert.equal(r.router.bound.dns, dns, 'the same stand-in port again');
  });

  test('static entries of every type, with their ttl; PTR for an address entry', async () => {
    await add({ name: 'nas.lan', address: '192.168.88.20', ttl: '5m' });
    await add({ name: 'nas6.lan', address: '2001:db8::20' });
    await add({ name: 'files.lan', type: 'CNAME', cname: 'nas.lan' });
    await add({ name: 'lan', type: 'MX', 'mx-exchange': 'mail.lan', 'mx-preference': '10' });
    await add({ name: 'lan', type: 'NS', ns: 'router.lan' });
    await add({ name: '_sip._udp.lan', type: 'SRV', 'srv-target': 'pbx.lan', 'srv-port': '5060', 'srv-priority': '1', 'srv-weight': '2' });
    await add({ name: 'lan', type: 'TXT', text: 'managed by RouterOS' });
    await add({ name: 'tracker.example.com', type: 'NXDOMAIN' });
    assert.deepEqual((await digAnswer(dns, 'nas.lan')).answers, ['nas.lan. 300 IN A 192.168.88.20']);
    assert.deepEqual((await digAnswer(dns, 'NAS.LAN')).answers, ['NAS.LAN. 300 IN A 192.168.88.20'], 'names compare in lower case');
    assert.deepEqual((await digAnswer(dns, 'nas6.lan', 'AAAA')).answers, ['nas6.lan. 86400 IN AAAA 2001:db8::20']);
    assert.deepEqual((await digAnswer(dns, 'files.lan')).answers, ['files.lan. 86400 IN CNAME nas.lan.', 'nas.lan. 300 IN A 192.168.88.20']);
    assert.deepEqual((await digAnswer(dns, 'lan', 'MX')).answers, ['lan. 86400 IN MX 10 mail.lan.']);
    assert.deepEqual((await digAnswer(dns, 'lan', 'NS')).answers, ['lan. 86400 IN NS router.lan.']);
    assert.deepEqual((await digAnswer(dns, '_sip._udp.lan', 'SRV')).answers, ['_sip._udp.lan. 86400 IN SRV 1 2 5060 pbx.lan.']);
    assert.deepEqual((await digAnswer(dns, 'lan', 'TXT')).answers, ['lan. 86400 IN TXT "managed by RouterOS"']);
    assert.deepEqual(await digAnswer(dns, 'tracker.example.com'), { status: 'NXDOMAIN', flags: 'qr aa rd ra', answers: [] });
    assert.equal((await digAnswer(dns, 'tracker.example.com', 'MX')).status, 'NXDOMAIN', 'for every type');
    assert.deepEqual((await digAnswer(dns, '-x', '192.168.88.20')).answers, ['20.88.168.192.in-addr.arpa. 300 IN PTR nas.lan.']);
    // A type the name has no entry of is asked upstream: upstream's MX for nas.lan.
    assert.deepEqual((await digAnswer(dns, 'nas.lan', 'MX')).answers, ['nas.lan. 60 IN MX 5 upstream-mx.lan.']);
    // ... and when upstream has none, NOERROR without records.
    assert.deepEqual(await digAnswer(dns, 'nas6.lan', 'TXT'), { status: 'NOERROR', flags: 'qr aa rd ra', answers: [] });
  });

  test('match-subdomain and regexp entries', async () => {
    await add({ name: 'example.lan', address: '192.168.88.30', 'match-subdomain': 'yes' });
    await add({ regexp: '^host[0-9]+\\.lan$', address: '192.168.88.40' });
    assert.deepEqual((await digAnswer(dns, 'example.lan')).answers, ['example.lan. 86400 IN A 192.168.88.30']);
    assert.deepEqual((await digAnswer(dns, 'www.example.lan')).answers, ['www.example.lan. 86400 IN A 192.168.88.30'], 'the entry, not upstream');
    assert.deepEqual((await digAnswer(dns, 'host12.lan')).answers, ['host12.lan. 86400 IN A 192.168.88.40']);
    assert.equal((await digAnswer(dns, 'hostx.lan')).status, 'NXDOMAIN', 'no entry matches: upstream does not know it');
  });

  test('the rest goes upstream and is cached with its TTL; flush forgets it', async () => {
    const before = up.asked.length;
    assert.deepEqual(await digAnswer(dns, 'example.com'), { status: 'NOERROR', flags: 'qr rd ra', answers: ['example.com. 300 IN A 93.184.216.34'] });
    assert.deepEqual(up.asked.slice(before), ['example.com A']);
    const second = await digAnswer(dns, 'example.com');
    assert.deepEqual(up.asked.slice(before), ['example.com A'], 'the cache answers the second time');
    assert.match(second.answers[0], /^example\.com\. (300|299) IN A 93\.184\.216\.34$/);
    const cache = (await c.get('/rest/ip/dns/cache?name=example.com')).json;
    assert.equal(cache.length, 1);
    assert.deepEqual({ ...cache[0], '.id': undefined, ttl: undefined }, { '.id': undefined, name: 'example.com', type: 'A', data: '93.184.216.34', static: 'false', ttl: undefined });
    assert.match(cache[0].ttl, /^4m(59|60)s$|^5m$/);
    assert.notEqual((await c.get('/rest/ip/dns')).json['cache-used'], '0');
    await c.post('/rest/ip/dns/cache/flush', {});
    assert.deepEqual((await c.get('/rest/ip/dns/cache?name=example.com')).json, []);
    await digAnswer(dns, 'example.com');
    assert.deepEqual(up.asked.slice(before), ['example.com A', 'example.com A'], 'asked again after the flush');
  });

  test('an answer leaves the cache when its TTL is over', async () => {
    await digAnswer(dns, 'short.example');
    await eventually(async () => (await c.get('/rest/ip/dns/cache?name=short.example')).json.length === 0, 'the 1 s answer expired');
    const before = up.asked.length;
    assert.deepEqual((await digAnswer(dns, 'short.example')).answers, ['short.example. 1 IN A 198.51.100.7']);
    assert.deepEqual(up.asked.slice(before), ['short.example A']);
  });

  test('over UDP an answer too big for the client comes truncated, and whole over TCP', async () => {
    for (let i = 0; i < 12; i++) await add({ name: 'big.lan', type: 'TXT', text: `${i}`.padStart(60, 'x') });
    const cut = await digAnswer(dns, '+noedns', '+ignore', 'big.lan', 'TXT');
    assert.deepEqual([cut.status, cut.flags, cut.answers], ['NOERROR', 'qr aa tc rd ra', []]);
    // dig asks again over TCP by itself.
    assert.equal((await digAnswer(dns, '+noedns', 'big.lan', 'TXT')).answers.length, 12);
  });

  test('cache-size bounds the cache: the answers used longest ago go first', async () => {
    const names = Array.from({ length: 1200 }, (_, i) => `n${i}.bulk.example`);
    for (const n of names) zone[n] = [A(n, '198.51.100.1', 3600)];
    await c.post('/rest/ip/dns/set', { 'cache-size': '64' });
    for (const n of names) await ask(dns, n);
    const used = Number((await c.get('/rest/ip/dns')).json['cache-used']);
    assert.ok(used > 32 && used <= 64, `cache-used ${used} KiB within cache-size 64`);
    const kept = new Set((await c.get('/rest/ip/dns/cache')).json.map((e: Record<string, string>) => e.name));
    assert.ok(!kept.has(names[0]) && kept.has(names.at(-1)), 'the first answers gone, the last kept');
    await c.post('/rest/ip/dns/set', { 'cache-size': '2048' });
  });

  test('cache-max-ttl caps what upstream gives', async () => {
    await c.post('/rest/ip/dns/set', { 'cache-max-ttl': '1m' });
    assert.deepEqual((await digAnswer(dns, 'mail.example.net')).answers, ['mail.example.net. 60 IN A 198.51.100.25']);
    await c.post('/rest/ip/dns/set', { 'cache-max-ttl': '1w' });
  });

  test('a FWD entry sends its names to forward-to (an address or a forwarder) and fills its address-list', async () => {
    await add({ name: 'corp.example', type: 'FWD', 'forward-to': '127.0.0.2', 'match-subdomain': 'yes', 'address-list': 'corp' });
    const before = corp.asked.length;
    assert.deepEqual((await digAnswer(dns, 'app.corp.example')).answers, ['app.corp.example. 120 IN A 10.20.0.5', 'app.corp.example. 120 IN A 10.20.0.6']);
    assert.deepEqual(corp.asked.slice(before), ['app.corp.example A']);
    const list = (await c.get('/rest/ip/firewall/address-list?list=corp')).json;
    assert.deepEqual(list.map((e: Record<string, string>) => [e.address, e.dynamic, e.comment]), [['10.20.0.5', 'true', 'created for corp.example.'], ['10.20.0.6', 'true', 'created for corp.example.']]);
    assert.match(list[0].timeout, /^1m5[89]s$|^2m$/, 'the answer\'s TTL');
    // A forwarder group by name.
    await c.put('/rest/ip/dns/forwarders', { name: 'branch', 'dns-servers': '127.0.0.2' });
    await add({ name: 'branch.example', type: 'FWD', 'forward-to': 'branch', 'match-subdomain': 'yes' });
    await digAnswer(dns, 'x.branch.example');
    assert.equal(corp.asked.at(-1), 'x.branch.example A');
    // The router's own lookups add nothing to the list.
    await c.post('/rest/ip/dns/cache/flush', {});
    await c.post('/rest/ip/firewall/address-list/remove', { numbers: list.map((e: Record<string, string>) => e['.id']).join(',') });
    assert.deepEqual((await c.post('/rest/execute', { script: ':put [:resolve app.corp.example]', 'as-string': '' })).json, { ret: '10.20.0.5' });
    assert.deepEqual((await c.get('/rest/ip/firewall/address-list?list=corp')).json, []);
  });

  test('/tool fetch looks a host name up through the router\'s resolver', async () => {
    const web = http.createServer((_req, res) => res.end('hello from web.lan'));
    await new Promise<void>((ok) => web.listen(0, '127.0.0.1', () => ok()));
    try {
      await add({ name: 'web.lan', address: '127.0.0.1' });
      const port = (web.address() as AddressInfo).port;
      const got = (await c.post('/rest/tool/fetch', { url: `http://web.lan:${port}/`, output: 'user', 'as-value': '' })).json;
      assert.equal(got.at(-1).data, 'hello from web.lan');
      const bad = await c.post('/rest/tool/fetch', { url: `http://nosuch.lan:${port}/`, output: 'user' });
      assert.deepEqual([bad.status, bad.json.detail], [400, 'failure: could not resolve dns name']);
    } finally {
      web.close();
    }
  });

  test(':resolve asks the same resolver: static names, upstream names, and the router\'s words when there is none', async () => {
    const run = async (script: string) => (await c.post('/rest/execute', { script, 'as-string': '' })).json;
    assert.deepEqual(await run(':put [:resolve nas.lan]'), { ret: '192.168.88.20' });
    assert.deepEqual(await run(':put [:resolve example.com]'), { ret: '93.184.216.34' });
    assert.deepEqual(await run(':put [:resolve domain-name=nas6.lan type=ipv6]'), { ret: '2001:db8::20' });
    assert.match((await run(':put [:resolve no-such.example]')).ret, /^failure: dns name does not exist \(:resolve; line 1\)$/);
    assert.deepEqual(await run(`:put [:resolve app.corp.example server=127.0.0.2 server-port=${up.port}]`), { ret: '10.20.0.5' });
    await c.post('/rest/ip/dns/set', { servers: '' });
    await c.post('/rest/ip/dns/cache/flush', {});
    assert.match((await run(':put [:resolve example.com]')).ret, /^failure: dns server failure \(:resolve; line 1\)$/);
    assert.equal((await digAnswer(dns, 'example.com')).status, 'SERVFAIL');
    await c.post('/rest/ip/dns/set', { servers: '127.0.0.1' });
  });
});

test('a stopped router leaves no query of its resolver waiting for an upstream answer', async () => {
  // A server that takes every question and never answers.
  const silent = dgram.createSocket('udp4');
  let first!: () => void;
  const asked = new Promise<void>((ok) => { first = ok; });
  silent.on('message', () => first());
  await new Promise<void>((ok) => silent.bind(0, '127.0.0.1', () => ok()));
  // The process's UDP sockets open now (node's own list of what keeps it alive).
  const udp = () => (process as unknown as { _getActiveHandles(): object[] })._getActiveHandles().filter((h) => h instanceof dgram.Socket);
  try {
    const before = new Set(udp());
    const r = await startRouter({ upstreamPorts: { dns: silent.address().port } });
    const c = client(r.port);
    await c.post('/rest/ip/dns/set', { servers: '127.0.0.1' });
    const waiting = c.post('/rest/execute', { script: ':put [:resolve never.example]', 'as-string': '' }).catch(() => undefined);
    await asked;
    await r.stop();
    await waiting;
    await new Promise((ok) => setImmediate(ok));
    // Before: the query's socket stayed open, and kept the process alive, until its timeout.
    assert.equal(udp().filter((h) => !before.has(h)).length, 0);
  } finally {
    silent.close();
  }
});

test('the dns face on a port whose UDP twin is taken: EADDRINUSE, and its TCP port is let go again', async () => {
  const { startDns } = await import('../../src/services/dns.js');
  const net = await import('node:net');
  // A UDP port another socket holds whose TCP twin is free, checked by listening on it first:
  // the twin of a free UDP port is often some connection's of this machine (the very race the
  // face's TCP-first listen is for), and then another UDP port is taken.
  let probe = net.createServer();
  /** Listens on `port` with a new probe (one whose listen failed is not used again). */
  const listenProbe = (port: number) => new Promise<void>((ok, ko) => {
    probe = net.createServer();
    probe.once('error', ko);
    probe.listen(port, '127.0.0.1', () => ok());
  });
  let holder!: ReturnType<typeof dgram.createSocket>;
  let port = 0;
  for (let tries = 0; !port; tries++) {
    holder = dgram.createSocket('udp4');
    await new Promise<void>((ok) => holder.bind(0, '127.0.0.1', () => ok()));
    const udp = holder.address().port;
    try {
      await listenProbe(udp);
      await new Promise<void>((ok) => probe.close(() => ok()));
      port = udp;
    } catch (e) {
      holder.close();
      if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE' || tries >= 20) throw e;
    }
  }
  try {
    const spec = { name: 'dns' as const, host: '127.0.0.1', port, allowed: () => true, maxSessions: 10 };
    await assert.rejects(startDns(spec, { answer: async () => undefined, tcpSessions: () => 10 }), { code: 'EADDRINUSE' });
    // The face listened on TCP first; it let the port go when UDP failed.
    await listenProbe(port);
  } finally {
    await new Promise<void>((ok) => (probe.listening ? probe.close(() => ok()) : ok()));
    holder.close();
  }
});
