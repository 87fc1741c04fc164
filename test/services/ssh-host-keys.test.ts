// /ip/ssh as the SSH client sees it: the host key (kept across restarts, of host-key-type,
// made anew by regenerate-host-key, written out by export-host-key, replaced by
// import-host-key) and strong-crypto's algorithms. The key a client is shown is read with
// OpenSSH's ssh-keyscan; key files are compared with ssh-keygen and openssl.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { client, startRouter } from '../helpers/router.js';
import { common, env, run, ssh, workDir, type Login } from './ssh-clients.js';

/** The bits and fingerprint line ssh-keygen -l gives for a key. */
async function keyLength(dir: string, key: string): Promise<string> {
  const file = path.join(dir, `key-${process.hrtime.bigint()}.pub`);
  fs.writeFileSync(file, `${key}\n`);
  return (await run('ssh-keygen', ['-l', '-f', file])).stdout;
}

/** The host key of a type the server shows, as `type base64`, or '' when it offers none of that type. */
async function scanned(port: number, type: 'rsa' | 'ed25519'): Promise<string> {
  const r = await run('ssh-keyscan', ['-p', String(port), '-t', type, '127.0.0.1']);
  return r.stdout.trim().split(' ').slice(1).join(' ');
}

/** A PEM public key file as OpenSSH's one-line form (without comment). */
async function openssh(dir: string, pem: string): Promise<string> {
  const file = path.join(dir, `pub-${process.hrtime.bigint()}.pem`);
  fs.writeFileSync(file, pem);
  const r = await run('ssh-keygen', ['-i', '-m', 'PKCS8', '-f', file]);
  assert.equal(r.code, 0, r.stderr);
  return r.stdout.trim();
}

test('host keys: made for the first connection and kept; host-key-type picks the one served; regenerate-host-key makes new ones', async () => {
  let t = await startRouter();
  const dir = workDir();
  try {
    const port = t.router.bound.ssh!;
    // None until the first connection needs one.
    assert.equal(fs.existsSync(path.join(t.dir, 'ssh-host-keys')), false);
    const first = await scanned(port, 'rsa');
    assert.equal(fs.existsSync(path.join(t.dir, 'ssh-host-keys')), true);
    assert.match(first, /^ssh-rsa AAAA/);
    // An RSA key of host-key-size bits (2048).
    assert.match(await keyLength(dir, first), /^2048 SHA256:/);
    assert.equal(await scanned(port, 'ed25519'), '');
    await t.stop();
    t = await startRouter({ dataDir: t.dir });
    assert.equal(await scanned(t.router.bound.ssh!, 'rsa'), first);

    const l: Login = { port: t.router.bound.ssh!, dir, password: '' };
    assert.equal((await ssh(l, '/ip ssh set host-key-type=ed25519')).stdout, '');
    const ed = await scanned(l.port, 'ed25519');
    assert.match(ed, /^ssh-ed25519 AAAA/);
    assert.equal(await scanned(l.port, 'rsa'), '');

    assert.equal((await ssh(l, '/ip ssh regenerate-host-key')).stdout, '');
    const again = await scanned(l.port, 'ed25519');
    assert.match(again, /^ssh-ed25519 AAAA/);
    assert.notEqual(again, ed);
    assert.equal((await ssh(l, '/ip ssh set host-key-type=rsa host-key-size=4096')).stdout, '');
    assert.equal((await ssh(l, '/ip ssh regenerate-host-key')).stdout, '');
    assert.match(await keyLength(dir, await scanned(l.port, 'rsa')), /^4096 SHA256:/);
  } finally {
    await t.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('export-host-key writes the keys to /file (PKCS#8; needs the sensitive policy); import-host-key puts a key file in place', async () => {
  const t = await startRouter();
  const dir = workDir();
  const rest = client(t.port);
  try {
    const l: Login = { port: t.router.bound.ssh!, dir, password: '' };
    assert.equal((await ssh(l, '/ip ssh export-host-key key-file-prefix=hk')).stdout, '');
    const names = (await rest.get('/rest/file?.proplist=name')).json.map((f: any) => f.name).sort();
    assert.deepEqual(names, ['hk_ed25519.pem', 'hk_ed25519_pub.pem', 'hk_rsa.pem', 'hk_rsa_pub.pem']);
    const file = async (name: string) => (await rest.get(`/rest/file/${name}`)).json.contents as string;
    assert.match(await file('hk_rsa.pem'), /^-----BEGIN PRIVATE KEY-----\n/);
    assert.match(await file('hk_rsa_pub.pem'), /^-----BEGIN PUBLIC KEY-----\n/);
    // The exported public key is the one the server shows.
    assert.equal(await openssh(dir, await file('hk_rsa_pub.pem')), await scanned(l.port, 'rsa'));

    // With a passphrase the private key is encrypted.
    assert.equal((await ssh(l, '/ip ssh export-host-key key-file-prefix=enc passphrase=s3cret')).stdout, '');
    assert.match(await file('enc_rsa.pem'), /^-----BEGIN ENCRYPTED PRIVATE KEY-----\n/);

    // A key made elsewhere (openssl's Ed25519, PKCS#8) replaces the router's of its type.
    const keyFile = path.join(dir, 'new.pem');
    assert.equal((await run('openssl', ['genpkey', '-algorithm', 'ed25519', '-out', keyFile])).code, 0);
    const pub = (await run('openssl', ['pkey', '-in', keyFile, '-pubout'])).stdout;
    assert.equal((await rest.put('/rest/file', { name: 'new.pem', contents: fs.readFileSync(keyFile, 'utf8') })).status, 201);
    assert.equal((await ssh(l, '/ip ssh import-host-key private-key-file=new.pem')).stdout, '');
    assert.equal((await ssh(l, '/ip ssh set host-key-type=ed25519')).stdout, '');
    // ssh-keygen converts no Ed25519 PEM: the raw 32 key bytes end both forms.
    const served = Buffer.from((await scanned(l.port, 'ed25519')).split(' ')[1], 'base64');
    assert.equal(served.subarray(-32).toString('base64url'), crypto.createPublicKey(pub).export({ format: 'jwk' }).x);

    assert.equal((await ssh(l, '/ip ssh import-host-key private-key-file=missing.pem')).stdout, 'failure: no such file\r\n');
    assert.equal((await ssh(l, '/ip ssh import-host-key private-key-file=hk_rsa_pub.pem')).stdout, 'failure: unable to load key file (wrong format or bad passphrase)!\r\n');
    assert.equal((await ssh(l, '/ip ssh import-host-key private-key-file=enc_rsa.pem passphrase=wrong')).stdout, 'failure: unable to load key file (wrong format or bad passphrase)!\r\n');

    // Without `sensitive`, no private keys leave the router.
    assert.equal((await rest.put('/rest/user/group', { name: 'ops', policy: 'ssh,read,write,ftp' })).status, 201);
    assert.equal((await rest.put('/rest/user', { name: 'op', group: 'ops', password: 'op-pw' })).status, 201);
    assert.equal((await ssh({ ...l, user: 'op', password: 'op-pw' }, '/ip ssh export-host-key key-file-prefix=leak')).stdout, 'not enough permissions (9)\r\n');
    assert.equal((await rest.get('/rest/file/leak_rsa.pem')).status, 404);
  } finally {
    await t.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('strong-crypto=yes refuses 128-bit ciphers and SHA-1 MACs; the server says SSH-2.0-ROSSSH', async () => {
  const t = await startRouter();
  const dir = workDir();
  try {
    const l: Login = { port: t.router.bound.ssh!, dir, password: '' };
    assert.equal((await ssh(l, ':put weak', ['-c', 'aes128-ctr'])).stdout, 'weak\r\n');
    assert.equal((await ssh(l, '/ip ssh set strong-crypto=yes')).stdout, '');
    const weak = await ssh(l, ':put weak', ['-o', 'LogLevel=INFO', '-c', 'aes128-ctr']);
    assert.equal(weak.code, 255);
    assert.match(weak.stderr, /no matching cipher found/);
    assert.match((await ssh(l, ':put sha1', ['-o', 'LogLevel=INFO', '-o', 'MACs=hmac-sha1', '-c', 'aes256-ctr'])).stderr, /no matching MAC found/);
    assert.equal((await ssh(l, ':put strong', ['-c', 'aes256-ctr'])).stdout, 'strong\r\n');
    const banner = await run('ssh', ['-v', '-F', '/dev/null', '-o', 'BatchMode=yes', '-o', 'StrictHostKeyChecking=no', '-o', 'UserKnownHostsFile=/dev/null', '-p', String(l.port), 'nobody@127.0.0.1', 'x']);
    assert.match(banner.stderr, /Remote protocol version 2\.0, remote software version ROSSSH/);
  } finally {
    await t.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('forwarding-enabled: ssh -W (a connection from the router) only with local or both; ciphers= narrows the ciphers offered', async () => {
  const t = await startRouter();
  const dir = workDir();
  const echo = net.createServer((s) => s.once('data', (d) => s.end(`echo:${d}`)));
  await new Promise<void>((ok) => echo.listen(0, '127.0.0.1', ok));
  try {
    const l: Login = { port: t.router.bound.ssh!, dir, password: '' };
    const target = `127.0.0.1:${(echo.address() as net.AddressInfo).port}`;
    const through = () => run('ssh', [...common(l), '-p', String(l.port), '-W', target, 'admin@127.0.0.1'], { env: env(l), input: 'hello\n' });
    // Off by default: the channel is refused.
    const refused = await through();
    assert.notEqual(refused.code, 0);
    assert.equal(refused.stdout, '');
    assert.equal((await ssh(l, '/ip ssh set forwarding-enabled=remote')).stdout, '');
    assert.equal((await through()).stdout, '');
    assert.equal((await ssh(l, '/ip ssh set forwarding-enabled=local')).stdout, '');
    const open = await through();
    assert.equal(open.stdout, 'echo:hello\n');
    assert.equal(open.code, 0);

    assert.equal((await ssh(l, '/ip ssh set ciphers=aes-ctr')).stdout, '');
    const gcm = await ssh(l, ':put x', ['-o', 'LogLevel=INFO', '-c', 'aes128-gcm@openssh.com']);
    assert.equal(gcm.code, 255);
    assert.match(gcm.stderr, /no matching cipher found\. Their offer: aes256-ctr,aes192-ctr,aes128-ctr/);
    assert.equal((await ssh(l, ':put ctr', ['-c', 'aes128-ctr'])).stdout, 'ctr\r\n');
  } finally {
    echo.close();
    await t.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
