// The ssh service as its users meet it: OpenSSH's ssh running commands and logging in by
// password and by key, against a router on a free loopback port.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import { freePort } from '../helpers/ports.js';
import { client, startRouter } from '../helpers/router.js';
import { assertLoginRefused, keyPair, ssh, workDir, type Login } from './ssh-clients.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The lines of /log about ssh logins. */
async function accountLog(rest: ReturnType<typeof client>): Promise<string[]> {
  const log = (await rest.get('/rest/log')).json as { topics: string; message: string }[];
  return log.filter((l) => /(logged (in|out)|login failure).* via ssh$/.test(l.message)).map((l) => `${l.topics} ${l.message}`);
}

test('ssh COMMAND prints what the console prints, CR LF ended, and exits 0', async () => {
  const t = await startRouter();
  const dir = workDir();
  try {
    const l: Login = { port: t.router.bound.ssh!, dir, password: '' };
    const print = await ssh(l, '/ip address print');
    assert.equal(print.stderr, '');
    assert.equal(print.code, 0);
    assert.equal(print.stdout, [
      'Columns: ADDRESS, NETWORK, INTERFACE',
      '# ADDRESS          NETWORK       INTERFACE',
      ';;; defconf',
      '0 192.168.88.1/24  192.168.88.0  bridge   ',
      '',
    ].join('\r\n'));

    // A table with flags, as `/interface print` shows it.
    const ifaces = await ssh(l, '/interface print where name~"ether[12]"');
    assert.equal(ifaces.stdout, [
      'Flags: R - RUNNING; S - SLAVE',
      'Columns: NAME, TYPE, ACTUAL-MTU, L2MTU, MAX-L2MTU, MAC-ADDRESS',
      '#    NAME    TYPE   ACTUAL-MTU  L2MTU  MAX-L2MTU  MAC-ADDRESS      ',
      '0 R  ether1  ether        1500   1598       9214  D4:01:C3:00:00:01',
      '1 RS ether2  ether        1500   1598       9214  D4:01:C3:00:00:02',
      '',
    ].join('\r\n'));

    // The export text: header, then the configuration.
    const exported = await ssh(l, '/export');
    assert.equal(exported.code, 0);
    const lines = exported.stdout.split('\r\n');
    assert.match(lines[0], /^# \d{4}-\d\d-\d\d \d\d:\d\d:\d\d by RouterOS 7\.24$/);
    assert.ok(lines.includes('/ip address'));
    // Lines wrap at 80 columns, as the router's export does.
    const at = lines.indexOf('/ip address');
    assert.deepEqual(lines.slice(at, at + 3), ['/ip address', 'add address=192.168.88.1/24 comment=defconf interface=bridge network=\\', '    192.168.88.0']);

    // A command's error is the console's message.
    const bad = await ssh(l, '/ip address add foo');
    assert.equal(bad.stdout, 'expected end of command (line 1 column 17)\r\n');
    const missing = await ssh(l, '/ip address set 99 comment=x');
    assert.equal(missing.stdout, 'no such item\r\n');

    // A change made this way is a change of the configuration.
    assert.equal((await ssh(l, '/system identity set name=edge1')).stdout, '');
    assert.equal((await ssh(l, ':put [/system identity get name]')).stdout, 'edge1\r\n');
  } finally {
    await t.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('ssh password login: /user/active via=ssh while it lasts, logged in /log; a wrong password is refused and logged', async () => {
  const t = await startRouter();
  const dir = workDir();
  const rest = client(t.port);
  try {
    const l: Login = { port: t.router.bound.ssh!, dir, password: '' };
    // Seen from inside the login itself: the console lists its own line.
    const active = await ssh(l, '/user active print proplist=name,address,via where via=ssh');
    assert.equal(active.stdout, [
      'Columns: NAME, ADDRESS, VIA',
      '# NAME   ADDRESS    VIA',
      '0 admin  127.0.0.1  ssh',
      '',
    ].join('\r\n'));
    // Logged out when the connection ended.
    for (let i = 0; i < 50 && (await rest.get('/rest/user/active?via=ssh')).json.length; i++) await sleep(20);
    assert.deepEqual((await rest.get('/rest/user/active?via=ssh')).json, []);

    assertLoginRefused(await ssh({ ...l, password: 'nope' }, '/ip address print'), 'publickey,password');
    assertLoginRefused(await ssh({ ...l, user: 'ghost' }, '/ip address print'), 'publickey,password');

    assert.deepEqual(await accountLog(rest), [
      'system,info,account user admin logged in from 127.0.0.1 via ssh',
      'system,info,account user admin logged out from 127.0.0.1 via ssh',
      'system,error,critical login failure for user admin from 127.0.0.1 via ssh',
      'system,error,critical login failure for user ghost from 127.0.0.1 via ssh',
    ]);
  } finally {
    await t.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('ssh needs the ssh policy, a client within the user\'s address, and one within the service\'s available-from', async () => {
  const t = await startRouter();
  const dir = workDir();
  const rest = client(t.port);
  try {
    const port = t.router.bound.ssh!;
    assert.equal((await rest.put('/rest/user/group', { name: 'nossh', policy: 'read,api,rest-api' })).status, 201);
    assert.equal((await rest.put('/rest/user', { name: 'ann', group: 'nossh', password: 'secret1' })).status, 201);
    assert.equal((await rest.put('/rest/user', { name: 'bob', group: 'read', password: 'secret2', address: '10.9.9.0/24' })).status, 201);
    assert.equal((await rest.put('/rest/user', { name: 'cid', group: 'read', password: 'secret3' })).status, 201);

    assertLoginRefused(await ssh({ port, dir, user: 'ann', password: 'secret1' }, ':put ok'), 'publickey,password');
    assertLoginRefused(await ssh({ port, dir, user: 'bob', password: 'secret2' }, ':put ok'), 'publickey,password');
    assert.equal((await ssh({ port, dir, user: 'cid', password: 'secret3' }, ':put ok')).stdout, 'ok\r\n');

    // The service's available-from: a client outside it has its connection reset unread.
    const id = (await rest.get('/rest/ip/service/ssh')).json['.id'];
    assert.equal((await rest.patch(`/rest/ip/service/${id}`, { 'available-from': '10.0.0.0/8' })).status, 200);
    await t.router.services!.settled();
    const outside = await ssh({ port, dir, user: 'cid', password: 'secret3' }, ':put ok');
    assert.equal(outside.code, 255);
    assert.equal(outside.stdout, '');
    // Cut before the server said who it is.
    assert.match(outside.stderr, /kex_exchange_identification|Connection reset|Connection closed/i);
    assert.equal((await rest.patch(`/rest/ip/service/${id}`, { 'available-from': '127.0.0.0/8' })).status, 200);
    await t.router.services!.settled();
    // Same port, new settings: the listener stayed (no refused connection).
    assert.equal(t.router.bound.ssh, port);
    assert.equal((await ssh({ port, dir, user: 'cid', password: 'secret3' }, ':put ok')).stdout, 'ok\r\n');
  } finally {
    await t.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('/user/ssh-keys import: ed25519 and RSA keys log in; then a password no longer does (password-authentication=yes-if-no-key)', async () => {
  const t = await startRouter();
  const dir = workDir();
  const rest = client(t.port);
  try {
    const port = t.router.bound.ssh!;
    const ed = await keyPair(dir, 'ed25519');
    const rsa = await keyPair(dir, 'rsa');
    // A key not imported yet does not let anyone in; the refusal is logged as a wrong password is.
    assertLoginRefused(await ssh({ port, dir, key: ed }, ':put in'), 'publickey,password');
    for (let i = 0; i < 50 && !(await accountLog(rest)).length; i++) await sleep(20);
    assert.deepEqual(await accountLog(rest), ['system,error,critical login failure for user admin from 127.0.0.1 via ssh']);
    for (const [file, name] of [[ed, 'id_ed25519.pub'], [rsa, 'id_rsa.pub']]) {
      assert.equal((await rest.put('/rest/file', { name, contents: fs.readFileSync(`${file}.pub`, 'utf8') })).status, 201);
    }
    const l: Login = { port, dir, password: '' };
    assert.equal((await ssh(l, '/user ssh-keys import public-key-file=missing.pub user=admin')).stdout, 'failure: no such file\r\n');
    assert.equal((await ssh(l, '/user ssh-keys import public-key-file=id_ed25519.pub user=admin')).stdout, '');
    // Once admin has a key, the password is refused.
    assertLoginRefused(await ssh(l, ':put in'), 'publickey');
    assert.equal((await ssh({ port, dir, key: ed }, '/user ssh-keys import public-key-file=id_rsa.pub user=admin')).stdout, '');

    const keys = (await rest.get('/rest/user/ssh-keys')).json;
    assert.deepEqual(keys.map((k: any) => [k.user, k['key-type'], k.bits, k.info]), [
      ['admin', 'ed25519', '256', 'id_ed25519@test'],
      ['admin', 'rsa', '2048', 'id_rsa@test'],
    ]);
    const fingerprint = (await (await import('./ssh-clients.js')).run('ssh-keygen', ['-l', '-f', `${ed}.pub`])).stdout.split(' ')[1];
    assert.equal(keys[0].fingerprint, fingerprint);
    assert.equal(keys[0].key, undefined);

    assert.equal((await ssh({ port, dir, key: ed }, ':put ed')).stdout, 'ed\r\n');
    assert.equal((await ssh({ port, dir, key: rsa }, ':put rsa')).stdout, 'rsa\r\n');
    // Another user's key is not admin's.
    assert.equal((await rest.put('/rest/user', { name: 'dan', group: 'read', password: 'x' })).status, 201);
    assertLoginRefused(await ssh({ port, dir, key: ed, user: 'dan' }, ':put in'), 'publickey,password');

    // /ip/ssh can allow passwords beside keys.
    assert.equal((await rest.post('/rest/ip/ssh/set', { 'password-authentication': 'yes' })).status, 200);
    assert.equal((await ssh(l, ':put pw')).stdout, 'pw\r\n');
  } finally {
    await t.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('/ip/service ssh and telnet live: a new port listens at once and the old one is let go; disabled refuses connections', async () => {
  const t = await startRouter();
  const dir = workDir();
  const rest = client(t.port);
  const refused = (port: number) => new Promise<boolean>((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port });
    s.once('connect', () => { s.destroy(); resolve(false); });
    s.once('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ECONNREFUSED'));
  });
  try {
    const old = t.router.bound.ssh!;
    const free = await freePort();
    const ssh1 = (await rest.get('/rest/ip/service/ssh')).json['.id'];
    assert.equal((await rest.patch(`/rest/ip/service/${ssh1}`, { port: String(free) })).status, 200);
    await t.router.services!.settled();
    assert.equal(t.router.bound.ssh, free);
    assert.equal((await ssh({ port: free, dir, password: '' }, ':put moved')).stdout, 'moved\r\n');
    assert.equal(await refused(old), true);

    assert.equal((await rest.patch(`/rest/ip/service/${ssh1}`, { disabled: 'true' })).status, 200);
    const telnet = (await rest.get('/rest/ip/service/telnet')).json['.id'];
    const telnetPort = t.router.bound.telnet!;
    assert.equal((await rest.patch(`/rest/ip/service/${telnet}`, { disabled: 'true' })).status, 200);
    await t.router.services!.settled();
    assert.equal(await refused(free), true);
    assert.equal(await refused(telnetPort), true);
    assert.equal((await rest.patch(`/rest/ip/service/${ssh1}`, { disabled: 'false' })).status, 200);
    await t.router.services!.settled();
    assert.equal((await ssh({ port: free, dir, password: '' }, ':put back')).stdout, 'back\r\n');
  } finally {
    await t.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
