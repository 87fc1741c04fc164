// RADIUS on the wire: logins no local user takes go to Debian's freeradius (its own config in
// a temporary directory, its MikroTik dictionary, a users file giving Mikrotik-Group), over
// REST and the API (node-routeros); accounting Start and Stop land in freeradius' detail
// file; radclient sends Disconnect and CoA requests to /radius/incoming. What the router
// sends and answers is the router's (routeros-facts.md 57).

import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import net from 'node:net';
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import { RouterOSAPI } from 'node-routeros';
import { freePort } from '../helpers/ports.js';
import { accessRequests, startFreeRadius, type FreeRadius } from '../helpers/radius.js';
import { client, error, startRouter, type TestRouter } from '../helpers/router.js';
import { run, waitFor } from './helpers.js';
import { assertLoginRefused, ssh, workDir } from './ssh-clients.js';

const USERS = `
alice Cleartext-Password := "wonder"
      Mikrotik-Group = "write"
bob   Cleartext-Password := "builder"
carol Cleartext-Password := "signed"
      Mikrotik-Group = "full", Message-Authenticator = 0x00
`;

let radius: FreeRadius;
let r: TestRouter;
let admin: ReturnType<typeof client>;
const as = (user: string, password: string) => client(r.port, { user, password });
const monitor = async () => (await admin.post('/rest/radius/monitor', { numbers: '*1', once: '' })).json[0];

before(async () => { radius = await startFreeRadius(USERS); });
after(async () => { await radius.stop(); });

beforeEach(async () => {
  r = await startRouter();
  admin = client(r.port);
  assert.equal((await admin.put('/rest/radius', {
    address: '127.0.0.1', secret: radius.secret, service: 'login', 'authentication-port': String(radius.auth), 'accounting-port': String(radius.acct),
  })).status, 201);
  assert.equal((await admin.post('/rest/user/aaa/set', { 'use-radius': 'yes' })).status, 200);
});
afterEach(async () => { await r.stop(); });

describe('logins through RADIUS', () => {
  test('a name no local user has is let in with the Mikrotik-Group the server gives, and shows as a RADIUS session', async () => {
    const before = accessRequests(radius.seen()).length;
    const got = await as('alice', 'wonder').get('/rest/system/identity');
    assert.deepEqual([got.status, got.json], [200, { name: 'MikroTik' }]);
    // The group's write policy: alice may add.
    assert.equal((await as('alice', 'wonder').put('/rest/ip/firewall/address-list', { list: 'r', address: '10.1.1.1' })).status, 201);
    const active = (await admin.get('/rest/user/active?name=alice')).json.map((a: Record<string, string>) => [a.via, a.group, a.radius, a.address]);
    assert.deepEqual(active, [['rest-api', 'write', 'true', '127.0.0.1'], ['api', 'write', 'true', undefined]]);
    // One Access-Request (the kept login answers what follows), with the router's attributes.
    const sent = accessRequests(radius.seen()).slice(before);
    assert.equal(sent.length, 1);
    assert.deepEqual(sent[0].map((a) => a.split(' = ')[0]),
      ['Message-Authenticator', 'User-Name', 'Service-Type', 'Calling-Station-Id', 'NAS-Identifier', 'NAS-IP-Address', 'User-Password']);
    assert.deepEqual(sent[0].slice(1), ['User-Name = "alice"', 'Service-Type = Login-User', 'Calling-Station-Id = "127.0.0.1"',
      'NAS-Identifier = "MikroTik"', 'NAS-IP-Address = 127.0.0.1', 'User-Password = "wonder"']);
    // The Access-Request, and accounting Start for the REST session and the API login behind it.
    const { 'last-request-rtt': rtt, ...counts } = await monitor();
    assert.deepEqual(counts, { pending: '0', requests: '3', accepts: '1', rejects: '0', resends: '0', timeouts: '0', 'bad-replies': '0' });
    assert.match(rtt, /^\d+ms$/);
  });

  test('src-address is the requests\' source and NAS-IP-Address; realm is sent as Mikrotik-Realm', async () => {
    await admin.patch('/rest/radius/*1', { 'src-address': '127.0.0.2', realm: 'lab.example' });
    const before = accessRequests(radius.seen()).length;
    assert.equal((await as('alice', 'wonder').get('/rest/system/identity')).status, 200);
    assert.match(radius.seen(), /Received Access-Request Id \d+ from 127\.0\.0\.2:\d+ to 127\.0\.0\.1:/);
    const sent = accessRequests(radius.seen()).slice(before)[0];
    assert.ok(sent.includes('NAS-IP-Address = 127.0.0.2'), sent.join('\n'));
    assert.ok(sent.includes('Mikrotik-Realm = "lab.example"'), sent.join('\n'));
  });

  test('a wrong password is refused as any bad login; the server counted a reject', async () => {
    const got = await as('alice', 'nope').get('/rest/system/identity');
    assert.deepEqual([got.status, got.json], [401, { error: 401, message: 'Unauthorized' }]);
    const m = await monitor();
    assert.deepEqual([m.requests, m.accepts, m.rejects], ['1', '0', '1']);
    const log = (await admin.get('/rest/log')).json.map((l: Record<string, string>) => l.message);
    assert.ok(log.includes('login failure for user alice from 127.0.0.1 via rest-api'));
  });

  test('without Mikrotik-Group the login gets default-group; a group of exclude-groups is refused', async () => {
    assert.equal((await as('bob', 'builder').get('/rest/system/identity')).status, 200);
    assert.deepEqual((await admin.get('/rest/user/active?name=bob&via=rest-api')).json.map((a: Record<string, string>) => a.group), ['read']);
    const denied = await as('bob', 'builder').put('/rest/ip/firewall/address-list', { list: 'r', address: '10.1.1.2' });
    assert.deepEqual([denied.status, denied.json], [500, error(500, 'Internal Server Error', 'not enough permissions (9)')]);
    await admin.post('/rest/user/aaa/set', { 'exclude-groups': 'read' });
    assert.equal((await as('bob', 'builder').get('/rest/system/identity')).status, 200, 'the kept login stands');
    // A new login (the kept one ended) is refused.
    r.router.logins.drop('bob', 'rest-api');
    assert.equal((await as('bob', 'builder').get('/rest/system/identity')).status, 401);
  });

  test('with use-radius=no nothing is asked; a local user never waits for RADIUS', async () => {
    await admin.post('/rest/user/aaa/set', { 'use-radius': 'no' });
    assert.equal((await as('alice', 'wonder').get('/rest/system/identity')).status, 401);
    assert.equal((await monitor()).requests, '0');
    await admin.post('/rest/user/aaa/set', { 'use-radius': 'yes' });
    assert.equal((await admin.put('/rest/user', { name: 'local', group: 'read', password: 'pw' })).status, 201);
    assert.equal((await as('local', 'pw').get('/rest/system/identity')).status, 200);
    assert.equal((await monitor()).requests, '0', 'a local user is checked locally');
  });

  test('the API face: node-routeros logs in as a RADIUS user', async () => {
    const api = new RouterOSAPI({ host: '127.0.0.1', port: r.router.bound.api!, user: 'alice', password: 'wonder', timeout: 10 });
    await api.connect();
    try {
      assert.deepEqual(await api.write('/system/identity/print'), [{ name: 'MikroTik' }]);
      const active = (await admin.get('/rest/user/active?via=api&name=alice')).json.map((a: Record<string, string>) => [a.group, a.radius]);
      assert.deepEqual(active, [['write', 'true']]);
    } finally {
      await api.close();
    }
    await assert.rejects(new RouterOSAPI({ host: '127.0.0.1', port: r.router.bound.api!, user: 'alice', password: 'x', timeout: 10 }).connect());
  });

  test('the SSH face: OpenSSH\'s ssh logs in as a RADIUS user with a password', async () => {
    const l = { port: r.router.bound.ssh!, dir: workDir(), user: 'alice', password: 'wonder' };
    const got = await ssh(l, '/system identity print');
    assert.deepEqual([got.code, got.stdout.trim()], [0, 'name: MikroTik']);
    assertLoginRefused(await ssh({ ...l, password: 'nope' }, '/system identity print'), 'publickey,password');
  });

  test('require-message-auth: a reply without Message-Authenticator is a bad reply, one with it is taken', async () => {
    await admin.patch('/rest/radius/*1', { 'require-message-auth': 'yes-for-request-resp', timeout: '100ms' });
    assert.equal((await as('alice', 'wonder').get('/rest/system/identity')).status, 401);
    const m = await monitor();
    assert.deepEqual([m['bad-replies'], m.resends, m.timeouts, m.accepts], ['3', '2', '1', '0']);
    const got = await as('carol', 'signed').get('/rest/system/identity');
    assert.equal(got.status, 200);
    assert.equal((await monitor()).accepts, '1');
  });

  test('accounting: Start at login, Stop at logout, with the session it began', async () => {
    const seen = radius.accounting().length;
    assert.equal((await as('alice', 'wonder').get('/rest/system/identity')).status, 200);
    r.router.logins.drop('alice', 'rest-api');
    const records = await waitFor(() => { const a = radius.accounting().slice(seen); return a.length >= 4 ? a : undefined; }, 5000, 'accounting');
    const ours = records.filter((a) => a.includes('Calling-Station-Id = "127.0.0.1"'));
    assert.deepEqual(ours.map((a) => a.filter((l) => !/^(Acct-Session-Id|Event-Timestamp|Acct-Session-Time) /.test(l))), [
      ['Acct-Status-Type = Start', 'User-Name = "alice"', 'Service-Type = Login-User', 'Acct-Authentic = RADIUS', 'Calling-Station-Id = "127.0.0.1"', 'NAS-Identifier = "MikroTik"', 'NAS-IP-Address = 127.0.0.1'],
      ['Acct-Status-Type = Stop', 'User-Name = "alice"', 'Service-Type = Login-User', 'Acct-Authentic = RADIUS', 'Calling-Station-Id = "127.0.0.1"', 'Acct-Terminate-Cause = User-Request', 'NAS-Identifier = "MikroTik"', 'NAS-IP-Address = 127.0.0.1'],
    ]);
    const session = (a: string[]) => a.find((l) => l.startsWith('Acct-Session-Id'));
    assert.equal(session(ours[0]), session(ours[1]));
  });

  test('interim-update: an Interim-Update of the session between Start and Stop', async () => {
    await admin.post('/rest/user/aaa/set', { 'interim-update': '1s' });
    const seen = radius.accounting().length;
    assert.equal((await as('alice', 'wonder').get('/rest/system/identity')).status, 200);
    const status = (a: string[]) => a[0];
    const ours = () => radius.accounting().slice(seen).filter((a) => a.includes('Calling-Station-Id = "127.0.0.1"'));
    await waitFor(() => (ours().some((a) => status(a) === 'Acct-Status-Type = Interim-Update') ? true : undefined), 5000, 'an interim update');
    r.router.logins.drop('alice', 'rest-api');
    await waitFor(() => (ours().some((a) => status(a) === 'Acct-Status-Type = Stop') ? true : undefined), 5000, 'Stop');
    const kinds = ours().map(status);
    assert.deepEqual([kinds[0], kinds[1], kinds.at(-1)], ['Acct-Status-Type = Start', 'Acct-Status-Type = Interim-Update', 'Acct-Status-Type = Stop']);
    assert.ok(ours()[1].some((l) => /^Acct-Session-Time = \d+$/.test(l)));
  });

  test('accounting=no sends nothing', async () => {
    await admin.post('/rest/user/aaa/set', { accounting: 'no' });
    assert.equal((await as('alice', 'wonder').get('/rest/system/identity')).status, 200);
    r.router.logins.drop('alice', 'rest-api');
    await new Promise((ok) => setTimeout(ok, 200));
    assert.equal((await monitor()).requests, '1', 'only the Access-Request');
  });
});

describe('a RADIUS server that never answers', () => {
  let silent: dgram.Socket;
  before(async () => {
    silent = dgram.createSocket('udp4');
    silent.on('message', () => {});
    await new Promise<void>((ok) => silent.bind(0, '127.0.0.1', () => ok()));
  });
  after(async () => { await new Promise<void>((ok) => silent.close(() => ok())); });

  test('is asked again after each timeout, then the login is refused; other logins are not held up', async () => {
    await admin.patch('/rest/radius/*1', { 'authentication-port': String(silent.address().port), timeout: '300ms' });
    const started = performance.now();
    const waiting = as('alice', 'wonder').get('/rest/system/identity');
    await new Promise((ok) => setTimeout(ok, 50));
    const t = performance.now();
    assert.equal((await admin.get('/rest/system/identity')).status, 200);
    assert.ok(performance.now() - t < 200, 'a local login answers meanwhile');
    assert.equal((await waiting).status, 401);
    const took = performance.now() - started;
    assert.ok(took >= 900 && took < 2000, `three tries of 300ms (${Math.round(took)}ms)`);
    const m = await monitor();
    assert.deepEqual([m.requests, m.resends, m.timeouts, m.pending], ['1', '2', '1', '0']);
  });
});

describe('/radius incoming (radclient)', () => {
  let port: number;
  beforeEach(async () => {
    port = await freePort();
    await admin.post('/rest/radius/incoming/set', { accept: 'yes', port: String(port) });
    await r.router.services!.settled();
  });
  const radclient = (kind: 'disconnect' | 'coa', attrs: string, secret = radius.secret) =>
    run('radclient', ['-x', '-r', '1', '-t', '1', `127.0.0.1:${port}`, kind, secret], attrs);

  test('Disconnect-Request ends the user\'s sessions: ACK, /user/active empties, Stop says Admin-Reset', async () => {
    assert.equal((await as('alice', 'wonder').get('/rest/system/identity')).status, 200);
    const api = new RouterOSAPI({ host: '127.0.0.1', port: r.router.bound.api!, user: 'alice', password: 'wonder', timeout: 10 });
    await api.connect();
    const closed = new Promise<void>((ok) => api.on('close', () => ok()));
    api.on('error', () => {});
    const out = await radclient('disconnect', 'User-Name = "alice"\n');
    assert.match(out.stdout, /Received Disconnect-ACK Id \d+ from 127\.0\.0\.1:\d+/);
    await closed;
    assert.deepEqual((await admin.get('/rest/user/active?name=alice')).json, []);
    const stops = await waitFor(() => { const s = radius.accounting().filter((a) => a.includes('Acct-Terminate-Cause = Admin-Reset') && a.includes('User-Name = "alice"')); return s.length >= 3 ? s : undefined; }, 5000, 'Stop records');
    assert.equal(stops.length, 3, 'rest-api, the api behind it, and the API connection');
    assert.deepEqual((await admin.post('/rest/radius/incoming/monitor', { once: '' })).json, [{ requests: '1', acks: '1', naks: '0', 'bad-requests': '0' }]);
  });

  test('Telnet: a RADIUS user logs in; a Disconnect-Request closes the connection', async () => {
    const socket = net.connect({ host: '127.0.0.1', port: r.router.bound.telnet! });
    let got = '';
    socket.on('data', (d: Buffer) => { got += d.toString('latin1'); });
    const closed = new Promise<void>((ok) => socket.once('close', () => ok()));
    const until = (what: string) => waitFor(() => (got.includes(what) ? true : undefined), 5000, what);
    try {
      await until('Login: ');
      socket.write('alice+ct\r\n');
      await until('Password: ');
      socket.write('wonder\r\n');
      await until('[alice@MikroTik] > ');
      assert.deepEqual((await admin.get('/rest/user/active?via=telnet')).json.map((a: Record<string, string>) => [a.name, a.group, a.radius]), [['alice', 'write', 'true']]);
      const out = await radclient('disconnect', 'User-Name = "alice"\n');
      assert.match(out.stdout, /Received Disconnect-ACK/);
      await closed;
      assert.deepEqual((await admin.get('/rest/user/active?via=telnet')).json, []);
    } finally {
      socket.destroy();
    }
  });

  test('no such session: NAK with Error-Cause Session-Context-Not-Found; none named: Missing-Attribute', async () => {
    const out = await radclient('disconnect', 'User-Name = "nobody"\n');
    assert.match(out.stdout, /Received Disconnect-NAK/);
    assert.match(out.stdout, /Error-Cause = Session-Context-Not-Found/);
    const none = await radclient('coa', 'Session-Timeout = 10\n');
    assert.match(none.stdout, /Received CoA-NAK/);
    assert.match(none.stdout, /Error-Cause = Missing-Attribute/);
    const nas = await radclient('disconnect', 'User-Name = "alice"\nNAS-Identifier = "other"\n');
    assert.match(nas.stdout, /Error-Cause = NAS-Identification-Mismatch/);
  });

  test('CoA for a session: ACK', async () => {
    assert.equal((await as('alice', 'wonder').get('/rest/system/identity')).status, 200);
    const out = await radclient('coa', 'User-Name = "alice"\n');
    assert.match(out.stdout, /Received CoA-ACK/);
    assert.equal((await admin.get('/rest/user/active?name=alice&via=rest-api')).json.length, 1, 'the session stands');
  });

  test('a wrong secret is dropped unanswered and counted as a bad request', async () => {
    assert.equal((await as('alice', 'wonder').get('/rest/system/identity')).status, 200);
    const out = await radclient('disconnect', 'User-Name = "alice"\n', 'wrong');
    assert.doesNotMatch(out.stdout + out.stderr, /Received/);
    assert.equal((await admin.get('/rest/user/active?name=alice&via=rest-api')).json.length, 1);
    assert.equal((await admin.post('/rest/radius/incoming/monitor', { once: '' })).json[0]['bad-requests'], '1');
  });
});
