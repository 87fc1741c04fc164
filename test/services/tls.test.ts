// www-ssl as TLS clients meet it: Node's https and tls with the router's exported CA as the
// only trusted root, Debian's curl with --cacert, openssl s_client; the TLS version matrix;
// certificate=none; live certificate changes.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { client, startRouter, type TestRouter } from '../helpers/router.js';
import { handshake, httpsCall, raw, routerFile, run, waitFor } from './helpers.js';

let r: TestRouter;
let c: ReturnType<typeof client>;
let ca: string;
let caFile: string;
const port = () => r.router.bound['www-ssl']!;

async function signed(name: string, fields: Record<string, string>, signWith?: string) {
  assert.equal((await c.put('/rest/certificate', { name, ...fields })).status, 201);
  assert.deepEqual((await c.post('/rest/certificate/sign', { number: name, ...(signWith ? { ca: signWith } : {}) })).json, []);
  await waitFor(async () => ((await c.get(`/rest/certificate/${name}`)).json['private-key'] === 'true' ? true : undefined), 15_000, `${name} signed`);
}

async function useCertificate(certificate: string, more: Record<string, string> = {}) {
  const reply = await c.patch('/rest/ip/service/www-ssl', { certificate, disabled: 'no', ...more });
  assert.equal(reply.status, 200, reply.text);
  await r.router.services!.settled();
}

before(async () => {
  r = await startRouter();
  c = client(r.port);
  await signed('root', { 'common-name': 'vrouter test CA', 'key-size': 'prime256v1', 'key-usage': 'key-cert-sign,crl-sign' });
  await signed('web', { 'common-name': 'router.lan', 'subject-alt-name': 'DNS:router.lan,IP:127.0.0.1', 'key-size': 'prime256v1' }, 'root');
  assert.deepEqual((await c.post('/rest/certificate/export-certificate', { '.id': 'root' })).json, []);
  ca = routerFile(r.dir, 'cert_export_root.crt').toString('utf8');
  caFile = path.join(r.dir, 'ca-for-curl.pem');
  fs.writeFileSync(caFile, ca);
  await useCertificate('web');
});

after(async () => { await r.stop(); });

describe('www-ssl serves HTTPS with its certificate', () => {
  test('Node https, trusting only the exported CA, gets REST answers; the chain is the certificate and its CA', async () => {
    const reply = await httpsCall(port(), 'GET', '/rest/system/identity', { ca, servername: 'router.lan' });
    assert.deepEqual([reply.status, reply.json], [200, { name: 'MikroTik' }]);
    const peer = reply.socket.getPeerCertificate(true);
    assert.equal(peer.subject.CN, 'router.lan');
    assert.equal(peer.issuerCertificate.subject.CN, 'vrouter test CA');
    const web = (await c.get('/rest/certificate/web')).json;
    assert.equal(peer.fingerprint256.replace(/:/g, '').toLowerCase(), web.fingerprint);
    // By address too: the certificate names 127.0.0.1.
    assert.equal((await httpsCall(port(), 'GET', '/rest/system/identity', { ca })).status, 200);
  });

  test('curl --cacert with the exported CA, by the certificate\'s name', async () => {
    const url = `https://router.lan:${port()}/rest/system/identity`;
    const ok = await run('curl', ['-sS', '-u', 'admin:', '--cacert', caFile, '--resolve', `router.lan:${port()}:127.0.0.1`, url]);
    assert.deepEqual(ok, { code: 0, stdout: '{"name":"MikroTik"}', stderr: '' });
    // Another name than the certificate's is the client's refusal (curl exit 60).
    const wrong = await run('curl', ['-sS', '-u', 'admin:', '--cacert', caFile, '--resolve', `other.lan:${port()}:127.0.0.1`, `https://other.lan:${port()}/rest/system/identity`]);
    assert.equal(wrong.code, 60);
    assert.match(wrong.stderr, /no alternative certificate subject name matches target host name 'other.lan'/);
  });

  test('a wrong name or an untrusted authority is the client\'s error', async () => {
    await assert.rejects(httpsCall(port(), 'GET', '/rest/system/identity', { ca, servername: 'other.lan' }), { code: 'ERR_TLS_CERT_ALTNAME_INVALID' });
    await assert.rejects(httpsCall(port(), 'GET', '/rest/system/identity', { ca: [], servername: 'router.lan' }), { code: 'SELF_SIGNED_CERT_IN_CHAIN' });
  });

  test('tls-version any takes TLS 1.0, 1.1 and 1.2; only-1.2 refuses 1.0 and 1.1', async () => {
    const versions = ['TLSv1', 'TLSv1.1', 'TLSv1.2'] as const;
    const at = async () => Promise.all(versions.map((v) => handshake(port(), { minVersion: v, maxVersion: v, ca, servername: 'router.lan' })));
    assert.deepEqual(await at(), ['TLSv1', 'TLSv1.1', 'TLSv1.2']);
    const s1 = await run('openssl', ['s_client', '-connect', `127.0.0.1:${port()}`, '-tls1', '-cipher', 'DEFAULT:@SECLEVEL=0', '-CAfile', caFile, '-verify_return_error']);
    assert.match(s1.stdout, /Protocol *: TLSv1\n/);
    assert.match(s1.stdout, /Verify return code: 0 \(ok\)/);
    await useCertificate('web', { 'tls-version': 'only-1.2' });
    assert.deepEqual(await at(), ['ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION', 'ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION', 'TLSv1.2']);
    const s2 = await run('openssl', ['s_client', '-connect', `127.0.0.1:${port()}`, '-tls1_1', '-cipher', 'DEFAULT:@SECLEVEL=0']);
    assert.notEqual(s2.code, 0);
    assert.match(s2.stdout + s2.stderr, /alert protocol version/);
    await useCertificate('web', { 'tls-version': 'any' });
  });

  test('certificate=none offers only anonymous ciphers: ordinary clients fail the handshake', async () => {
    await useCertificate('none');
    try {
      assert.equal(await handshake(port()), 'ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE');
      await assert.rejects(httpsCall(port(), 'GET', '/rest/system/identity'), { code: 'EPROTO' });
      const curl = await run('curl', ['-sSk', '-u', 'admin:', `https://127.0.0.1:${port()}/rest/system/identity`]);
      assert.equal(curl.code, 35);
      // A client that asks for anonymous ciphers gets one (and no certificate).
      const anon = await run('openssl', ['s_client', '-connect', `127.0.0.1:${port()}`, '-cipher', 'aNULL:@SECLEVEL=0']);
      assert.match(anon.stdout, /Cipher is A(EC)?DH-/);
      assert.match(anon.stdout, /no peer certificate available/);
    } finally {
      await useCertificate('web');
    }
  });

  test('another certificate takes effect without a restart', async () => {
    await signed('web2', { 'common-name': 'router2.lan', 'subject-alt-name': 'DNS:router2.lan', 'key-size': 'prime256v1' }, 'root');
    const before = port();
    await useCertificate('web2');
    const reply = await httpsCall(port(), 'GET', '/rest/system/identity', { ca, servername: 'router2.lan' });
    assert.equal(reply.status, 200);
    assert.equal(reply.socket.getPeerCertificate().subject.CN, 'router2.lan');
    assert.equal(port(), before, 'same port');
    await useCertificate('web');
  });

  test('an RSA certificate from an RSA authority serves as well', async () => {
    await signed('rsa-root', { 'common-name': 'RSA CA', 'key-size': '2048', 'key-usage': 'key-cert-sign,crl-sign' });
    await signed('rsa-web', { 'common-name': 'router.lan', 'subject-alt-name': 'DNS:router.lan', 'key-size': '2048', 'digest-algorithm': 'sha384' }, 'rsa-root');
    await c.post('/rest/certificate/export-certificate', { '.id': 'rsa-root', 'file-name': 'rsa-root' });
    const rsaCa = routerFile(r.dir, 'rsa-root.crt').toString('utf8');
    await useCertificate('rsa-web');
    try {
      const reply = await httpsCall(port(), 'GET', '/rest/system/identity', { ca: rsaCa, servername: 'router.lan' });
      assert.equal(reply.status, 200);
      assert.equal(reply.socket.getPeerCertificate().pubkey?.length, 294, 'a 2048-bit RSA key');
      assert.equal(await handshake(port(), { minVersion: 'TLSv1', maxVersion: 'TLSv1', ca: rsaCa, servername: 'router.lan' }), 'TLSv1');
    } finally {
      await useCertificate('web');
    }
  });

  test('available-from resets a TLS client before the handshake', async () => {
    await useCertificate('web', { 'available-from': '127.0.0.1' });
    try {
      const other = await raw(port(), Buffer.from('16030100', 'hex'), { localAddress: '127.0.0.2' });
      assert.deepEqual(other, { data: '', error: 'ECONNRESET' });
      assert.equal((await httpsCall(port(), 'GET', '/rest/system/identity', { ca, servername: 'router.lan' })).status, 200);
    } finally {
      await useCertificate('web', { 'available-from': '' });
    }
  });
});
