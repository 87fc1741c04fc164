// /certificate over REST: templates, signing (and its time), import and export through
// /file with openssl as the other side, and private keys kept secret.

import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Router } from '../../src/router.js';
import { formatDateTime } from '../../src/core/values.js';
import { call, client, error, startRouter, tempDir, type TestRouter } from '../helpers/router.js';
import { routerFile, run, waitFor, writeRouterFile } from './helpers.js';

let r: TestRouter;
let c: ReturnType<typeof client>;

async function signed(name: string, fields: Record<string, string>, signWith?: string) {
  assert.equal((await c.put('/rest/certificate', { name, ...fields })).status, 201);
  assert.deepEqual((await c.post('/rest/certificate/sign', { number: name, ...(signWith ? { ca: signWith } : {}) })).json, []);
  return waitFor(async () => {
    const rec = (await c.get(`/rest/certificate/${name}`)).json;
    return rec['private-key'] === 'true' ? rec : undefined;
  }, 15_000, `${name} signed`);
}

/** A certificate and key made by openssl, as a user would bring them. */
async function opensslPair(dir: string, cn: string, passphrase?: string) {
  const key = path.join(dir, `${cn}.key`);
  const crt = path.join(dir, `${cn}.crt`);
  const made = await run('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-keyout', key, '-out', crt, '-days', '30',
    '-subj', `/O=Example/CN=${cn}`, '-addext', `subjectAltName=DNS:${cn}`, ...(passphrase ? ['-passout', `pass:${passphrase}`] : ['-noenc'])]);
  assert.equal(made.code, 0, made.stderr);
  return { key: fs.readFileSync(key, 'utf8'), crt: fs.readFileSync(crt, 'utf8'), keyFile: key, crtFile: crt };
}

/** A date as openssl prints it (`Dec  1 23:07:48 2026 GMT`), in the router's form. */
const formatted = (openssl: string) => formatDateTime(new Date(openssl));
const fingerprintOf = (pem: string) => new crypto.X509Certificate(pem).fingerprint256.replace(/:/g, '').toLowerCase();

before(async () => {
  r = await startRouter();
  c = client(r.port);
});
after(async () => { await r.stop(); });

describe('/certificate', () => {
  test('a template prints its settings with the router\'s defaults', async () => {
    const added = await c.put('/rest/certificate', { name: 'tpl', 'common-name': 'tpl.lan', 'subject-alt-name': 'dns:tpl.lan,ip:10.0.0.1' });
    assert.equal(added.status, 201);
    assert.deepEqual(added.json, {
      '.id': added.json['.id'], authority: 'false', 'common-name': 'tpl.lan', crl: 'false', 'days-valid': '365', 'digest-algorithm': 'sha256',
      'key-size': '2048', 'key-type': 'rsa', 'key-usage': 'digital-signature,key-encipherment,data-encipherment,key-cert-sign,crl-sign,tls-server,tls-client',
      name: 'tpl', 'private-key': 'false', 'smart-card-key': 'false', 'subject-alt-name': 'DNS:tpl.lan,IP:10.0.0.1', 'trust-store': 'all', trusted: 'false',
    });
    assert.deepEqual((await c.patch('/rest/certificate/tpl', { 'key-size': 'secp384r1' })).json['key-type'], 'ec');
    assert.deepEqual((await c.put('/rest/certificate', { name: 'x', 'key-size': '3000' })).json, error(400, 'Bad Request', 'input does not match any value of key-size'));
    assert.deepEqual((await c.put('/rest/certificate', { name: 'x', 'subject-alt-name': 'URI:http://x' })).json, error(400, 'Bad Request', 'invalid value for argument subject-alt-name'));
    assert.deepEqual((await c.put('/rest/certificate', { name: 'tpl' })).json, error(400, 'Bad Request', 'failure: certificate with the same name already exists'));
    assert.deepEqual((await c.put('/rest/certificate', { name: 'x', 'key-type': 'ec' })).json, error(400, 'Bad Request', 'unknown parameter key-type'));
    assert.equal((await c.delete('/rest/certificate/tpl')).status, 204);
  });

  test('sign answers once the certificate is usable: a new CA signs the next certificate at once (issue 23)', async () => {
    await c.put('/rest/certificate', { name: 'slow-ca', 'common-name': 'Slow CA', 'key-size': 'prime256v1', 'key-usage': 'key-cert-sign,crl-sign' });
    await c.put('/rest/certificate', { name: 'slow-leaf', 'common-name': 'leaf', 'key-size': 'prime256v1' });
    // A template is no CA and no service's certificate.
    assert.deepEqual((await c.post('/rest/certificate/sign', { number: 'slow-leaf', ca: 'slow-ca' })).json, error(400, 'Bad Request', 'input does not match any value of ca'));
    assert.deepEqual((await c.patch('/rest/ip/service/www-ssl', { certificate: 'slow-ca' })).json, error(400, 'Bad Request', 'input does not match any value of certificate'));
    assert.deepEqual((await c.post('/rest/certificate/sign', { number: 'slow-ca' })).json, []);
    assert.match((await c.get('/rest/certificate/slow-ca')).json.fingerprint, /^[0-9a-f]{64}$/);
    assert.deepEqual((await c.post('/rest/certificate/sign', { number: 'slow-leaf', ca: 'slow-ca' })).json, []);
    assert.equal((await c.get('/rest/certificate/slow-leaf')).json.ca, 'slow-ca');
    assert.deepEqual((await c.post('/rest/certificate/sign', { number: 'slow-ca' })).json, error(400, 'Bad Request', 'failure: certificate is already signed'));
    assert.deepEqual((await c.post('/rest/certificate/sign', { number: 'nothing' })).json, error(400, 'Bad Request', 'no such item'));
  });

  test('a self-signed CA prints what the certificate says, and is trusted', async () => {
    const rec = await signed('ca1', { 'common-name': 'Test CA', organization: 'Example', country: 'LV', 'key-size': 'prime256v1', 'key-usage': 'key-cert-sign,crl-sign', 'days-valid': '3650' });
    assert.deepEqual(Object.keys(rec), ['.id', 'akid', 'authority', 'common-name', 'country', 'crl', 'days-valid', 'digest-algorithm', 'expired', 'expires-after',
      'fingerprint', 'invalid-after', 'invalid-before', 'issuer', 'key-size', 'key-type', 'key-usage', 'name', 'organization', 'private-key', 'revoked',
      'serial-number', 'skid', 'smart-card-key', 'subject-alt-name', 'trust-store', 'trusted']);
    assert.equal(rec.issuer, 'C=LV,O=Example,CN=Test CA');
    assert.deepEqual([rec.akid, rec.authority, rec.trusted, rec['private-key'], rec.expired, rec.revoked, rec['key-type']], ['', 'true', 'true', 'true', 'false', 'false', 'ec']);
    assert.match(rec.skid, /^[0-9A-F]{40}$/);
    assert.match(rec['serial-number'], /^[0-9a-f]{16}$/);
    assert.match(rec['invalid-before'], /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    assert.match(rec['expires-after'], /^52[01]w\dd(\d+h)?(\d+m)?(\d+s)?$/);
    await c.post('/rest/certificate/export-certificate', { '.id': 'ca1' });
    const pem = routerFile(r.dir, 'cert_export_ca1.crt').toString('utf8');
    const x = new crypto.X509Certificate(pem);
    assert.equal(fingerprintOf(pem), rec.fingerprint);
    assert.equal(x.serialNumber.toLowerCase(), rec['serial-number']);
    assert.equal(x.ca, true);
    assert.equal(new Date(x.validTo).getTime() - new Date(x.validFrom).getTime(), 3650 * 86_400_000);
    // Signed, only the name and trust may change.
    assert.deepEqual((await c.patch('/rest/certificate/ca1', { 'common-name': 'Other' })).json, error(400, 'Bad Request', 'failure: can not change signed certificate'));
    assert.equal((await c.patch('/rest/certificate/ca1', { trusted: 'no' })).json.trusted, 'false');
    assert.equal((await c.patch('/rest/certificate/ca1', { trusted: 'yes' })).json.trusted, 'true');
  });

  test('sign with ca= issues a certificate that openssl verifies against the exported CA', async () => {
    const ca = (await c.get('/rest/certificate/ca1')).json;
    const leaf = await signed('leaf-tpl', { 'common-name': 'router.lan', 'subject-alt-name': 'DNS:router.lan,IP:192.168.88.1', 'key-size': 'prime256v1', 'key-usage': 'digital-signature,tls-server' }, 'ca1');
    // `sign name=` renames at the end; here the template keeps its name.
    assert.deepEqual([leaf.issued, leaf.ca, leaf.akid, leaf.authority, leaf.trusted, leaf.issuer], ['true', 'ca1', ca.skid, 'false', 'false', 'C=LV,O=Example,CN=Test CA']);
    await c.post('/rest/certificate/export-certificate', { '.id': 'leaf-tpl', 'file-name': 'leaf' });
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'ca.pem'), routerFile(r.dir, 'cert_export_ca1.crt'));
    fs.writeFileSync(path.join(dir, 'leaf.pem'), routerFile(r.dir, 'leaf.crt'));
    const verify = await run('openssl', ['verify', '-CAfile', path.join(dir, 'ca.pem'), '-purpose', 'sslserver', path.join(dir, 'leaf.pem')]);
    assert.equal(verify.stdout.trim(), `${path.join(dir, 'leaf.pem')}: OK`);
    // `name=` gives the signed certificate its name.
    await c.put('/rest/certificate', { name: 'to-rename', 'common-name': 'r', 'key-size': 'prime256v1' });
    await c.post('/rest/certificate/sign', { number: 'to-rename', ca: 'ca1', name: 'renamed' });
    await waitFor(async () => ((await c.get('/rest/certificate/renamed')).status === 200 ? true : undefined), 15_000);
  });

  test('private keys are secrets: print shows only private-key=true, the configuration holds them sealed', async () => {
    const all = (await c.get('/rest/certificate')).text;
    assert.doesNotMatch(all, /PRIVATE KEY|BEGIN/);
    const keyFile = fs.statSync(path.join(r.dir, 'secret.key'));
    assert.equal(keyFile.mode & 0o777, 0o600);
    assert.equal(keyFile.size, 32);
    // The export of the key (with a passphrase, so sensitive) yields the key: its bytes
    // appear nowhere in the stored configuration.
    await c.post('/rest/certificate/export-certificate', { '.id': 'ca1', 'export-passphrase': 'passphrase1', 'file-name': 'ca1-with-key' });
    const keyDer = crypto.createPrivateKey({ key: routerFile(r.dir, 'ca1-with-key.key'), passphrase: 'passphrase1' }).export({ type: 'pkcs8', format: 'der' });
    const db = Buffer.concat(['config.db', 'config.db-wal'].filter((f) => fs.existsSync(path.join(r.dir, f))).map((f) => fs.readFileSync(path.join(r.dir, f))));
    assert.equal(db.includes(keyDer.toString('base64').slice(0, 40)), false);
    assert.equal(db.includes(keyDer.subarray(-32)), false);
    assert.equal(db.includes('PRIVATE KEY'), false);
  });

  test('export-certificate writes PEM (the key only with a passphrase and the sensitive policy) and PKCS#12', async () => {
    const group = await c.put('/rest/user/group', { name: 'no-secrets', policy: 'read,write,ftp,api,rest-api' });
    assert.equal(group.status, 201, group.text);
    assert.equal((await c.put('/rest/user', { name: 'operator', group: 'no-secrets', password: 'operator-pw' })).status, 201);
    const operator = client(r.port, { user: 'operator', password: 'operator-pw' });
    assert.deepEqual((await operator.post('/rest/certificate/export-certificate', { '.id': 'leaf-tpl', 'file-name': 'op' })).json, []);
    assert.ok(routerFile(r.dir, 'op.crt').toString().startsWith('-----BEGIN CERTIFICATE-----'));
    assert.equal(fs.existsSync(path.join(r.dir, 'files', 'op.key')), false);
    assert.deepEqual((await operator.post('/rest/certificate/export-certificate', { '.id': 'leaf-tpl', 'file-name': 'op2', 'export-passphrase': 'x12345678' })).json,
      error(500, 'Internal Server Error', 'not enough permissions (9)'));
    assert.equal(fs.existsSync(path.join(r.dir, 'files', 'op2.crt')), false);

    // The admin (sensitive) gets the key, encrypted with the passphrase: openssl opens it.
    await c.post('/rest/certificate/export-certificate', { '.id': 'leaf-tpl', 'file-name': 'adm', 'export-passphrase': 'x12345678' });
    assert.match(routerFile(r.dir, 'adm.key').toString(), /^-----BEGIN ENCRYPTED PRIVATE KEY-----/);
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'adm.key'), routerFile(r.dir, 'adm.key'));
    fs.writeFileSync(path.join(dir, 'adm.crt'), routerFile(r.dir, 'adm.crt'));
    const keyPub = await run('openssl', ['pkey', '-in', path.join(dir, 'adm.key'), '-passin', 'pass:x12345678', '-pubout']);
    const crtPub = await run('openssl', ['x509', '-in', path.join(dir, 'adm.crt'), '-noout', '-pubkey']);
    assert.equal(keyPub.code, 0, keyPub.stderr);
    assert.equal(keyPub.stdout, crtPub.stdout);

    // PKCS#12: certificate, its CA and the key; openssl reads it with the passphrase only.
    await c.post('/rest/certificate/export-certificate', { '.id': 'leaf-tpl', type: 'pkcs12', 'export-passphrase': 'x12345678' });
    fs.writeFileSync(path.join(dir, 'leaf.p12'), routerFile(r.dir, 'cert_export_leaf-tpl.p12'));
    const p12 = await run('openssl', ['pkcs12', '-in', path.join(dir, 'leaf.p12'), '-passin', 'pass:x12345678', '-nodes']);
    assert.equal(p12.code, 0, p12.stderr);
    assert.equal(p12.stdout.match(/BEGIN CERTIFICATE/g)?.length, 2);
    assert.equal(p12.stdout.match(/BEGIN PRIVATE KEY/g)?.length, 1);
    const wrong = await run('openssl', ['pkcs12', '-in', path.join(dir, 'leaf.p12'), '-passin', 'pass:wrong', '-nodes']);
    assert.notEqual(wrong.code, 0);
  });

  test('import reads PEM and PKCS#12 from /file, pairs keys with their certificates, and counts what it did', async () => {
    const dir = tempDir();
    const a = await opensslPair(dir, 'a.example', 'pem-pass');
    writeRouterFile(r.dir, 'a.crt', a.crt);
    writeRouterFile(r.dir, 'a.key', a.key);
    const counts = (o: Record<string, number>) => [{
      'certificates-imported': String(o.certs ?? 0), 'decryption-failures': String(o.failures ?? 0), 'files-imported': String(o.files ?? 0),
      'keys-with-no-certificate': String(o.orphans ?? 0), 'private-keys-imported': String(o.keys ?? 0),
    }];
    assert.deepEqual((await c.post('/rest/certificate/import', { 'file-name': 'a.crt' })).json, counts({ certs: 1, files: 1 }));
    let rec = (await c.get('/rest/certificate/a.crt_0')).json;
    assert.deepEqual([rec['common-name'], rec.organization, rec['subject-alt-name'], rec['private-key'], rec.trusted, rec.fingerprint, rec.issuer],
      ['a.example', 'Example', 'DNS:a.example', 'false', 'true', fingerprintOf(a.crt), 'O=Example,CN=a.example']);
    assert.deepEqual((await c.post('/rest/certificate/import', { 'file-name': 'a.key', passphrase: 'wrong' })).json, counts({ failures: 1 }));
    assert.deepEqual((await c.post('/rest/certificate/import', { 'file-name': 'a.key', passphrase: 'pem-pass' })).json, counts({ keys: 1, files: 1 }));
    rec = (await c.get('/rest/certificate/a.crt_0')).json;
    assert.equal(rec['private-key'], 'true');

    // A key whose certificate is not here is counted, not kept.
    const b = await opensslPair(dir, 'b.example');
    writeRouterFile(r.dir, 'b.key', b.key);
    assert.deepEqual((await c.post('/rest/certificate/import', { 'file-name': 'b.key' })).json, counts({ orphans: 1, files: 1 }));

    // PKCS#12 (OpenSSL 3's own format), certificate and key together, named as asked.
    const p12 = path.join(dir, 'b.p12');
    const made = await run('openssl', ['pkcs12', '-export', '-inkey', b.keyFile, '-in', b.crtFile, '-out', p12, '-passout', 'pass:p12-pass']);
    assert.equal(made.code, 0, made.stderr);
    writeRouterFile(r.dir, 'certs/b.p12', fs.readFileSync(p12));
    assert.deepEqual((await c.post('/rest/certificate/import', { 'file-name': 'certs/b.p12', passphrase: 'nope' })).json, counts({ failures: 1 }));
    assert.deepEqual((await c.post('/rest/certificate/import', { 'file-name': 'certs/b.p12', passphrase: 'p12-pass', name: 'bee' })).json, counts({ certs: 1, keys: 1, files: 1 }));
    rec = (await c.get('/rest/certificate/bee')).json;
    assert.deepEqual([rec['common-name'], rec['private-key'], rec.fingerprint], ['b.example', 'true', fingerprintOf(b.crt)]);

    assert.deepEqual((await c.post('/rest/certificate/import', { 'file-name': 'missing.crt' })).json, error(400, 'Bad Request', 'input does not match any value of file-name'));
  });

  test('an imported certificate prints what openssl reads in it: names, serial, dates, usages, key ids, digest', async () => {
    const dir = tempDir();
    const crt = path.join(dir, 'rich.crt');
    const made = await run('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-sigopt', 'rsa_padding_mode:pss', '-sha384', '-noenc', '-keyout', path.join(dir, 'rich.key'), '-out', crt, '-days', '20',
      '-set_serial', '0x00ff10', '-utf8', '-subj', '/C=LV/ST=Riga/O=Ex, Inc/OU=u1+OU=u2/CN=rïch.example/DC=example/title=T',
      '-addext', 'subjectAltName=DNS:rich.example,IP:10.1.2.3,IP:2001:db8:0:0:1:0:0:1,email:ops@example.com,URI:http://x',
      '-addext', 'keyUsage=digitalSignature,keyAgreement', '-addext', 'extendedKeyUsage=serverAuth,codeSigning', '-addext', 'authorityKeyIdentifier=keyid']);
    assert.equal(made.code, 0, made.stderr);
    const pem = fs.readFileSync(crt, 'utf8');
    writeRouterFile(r.dir, 'rich.crt', pem);
    assert.equal((await c.post('/rest/certificate/import', { 'file-name': 'rich.crt', name: 'rich' })).status, 200);
    const rec = (await c.get('/rest/certificate/rich')).json;
    const x = new crypto.X509Certificate(pem);
    const text = (await run('openssl', ['x509', '-in', crt, '-noout', '-text'])).stdout;
    const ski = /Subject Key Identifier:\s*\n\s*([0-9A-F:]+)/.exec(text)![1].replace(/:/g, '');
    assert.deepEqual({
      country: rec.country, state: rec.state, organization: rec.organization, unit: rec.unit, cn: rec['common-name'], issuer: rec.issuer,
      serial: rec['serial-number'], san: rec['subject-alt-name'], usage: rec['key-usage'], skid: rec.skid, akid: rec.akid,
      digest: rec['digest-algorithm'], before: rec['invalid-before'], after: rec['invalid-after'],
    }, {
      country: 'LV', state: 'Riga', organization: 'Ex, Inc', unit: 'u1', cn: 'rïch.example',
      // The issuer in the certificate's order, as the router writes it (a self-signed one: its subject).
      issuer: 'C=LV,ST=Riga,O=Ex, Inc,OU=u1,OU=u2,CN=rïch.example,DC=example,T=T',
      serial: x.serialNumber.toLowerCase(), san: 'DNS:rich.example,IP:10.1.2.3,IP:2001:db8::1:0:0:1,email:ops@example.com',
      usage: 'digital-signature,key-agreement,tls-server,code-sign', skid: ski, akid: '', digest: 'sha384',
      before: formatted(x.validFrom), after: formatted(x.validTo),
    });
    assert.equal((await c.delete('/rest/certificate/rich')).status, 204);
  });

  test('an imported certificate with its key serves HTTPS', async () => {
    const dir = tempDir();
    const caKey = path.join(dir, 'ca.key'), caCrt = path.join(dir, 'ca.crt');
    assert.equal((await run('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-noenc', '-keyout', caKey, '-out', caCrt, '-days', '5', '-subj', '/CN=Outside CA'])).code, 0);
    const key = path.join(dir, 'srv.key'), csr = path.join(dir, 'srv.csr'), crt = path.join(dir, 'srv.crt'), ext = path.join(dir, 'ext');
    fs.writeFileSync(ext, 'subjectAltName=DNS:imported.lan\n');
    assert.equal((await run('openssl', ['req', '-new', '-newkey', 'rsa:2048', '-noenc', '-keyout', key, '-out', csr, '-subj', '/CN=imported.lan'])).code, 0);
    assert.equal((await run('openssl', ['x509', '-req', '-in', csr, '-CA', caCrt, '-CAkey', caKey, '-CAcreateserial', '-out', crt, '-days', '5', '-extfile', ext])).code, 0);
    writeRouterFile(r.dir, 'srv.pem', fs.readFileSync(crt, 'utf8') + fs.readFileSync(key, 'utf8'));
    const counts = (await c.post('/rest/certificate/import', { 'file-name': 'srv.pem', name: 'outside' })).json[0];
    assert.deepEqual([counts['certificates-imported'], counts['private-keys-imported']], ['1', '1']);
    assert.equal((await c.patch('/rest/ip/service/www-ssl', { certificate: 'outside', disabled: 'no' })).status, 200);
    await r.router.services!.settled();
    const port = r.router.bound['www-ssl']!;
    const curl = await run('curl', ['-sS', '-u', 'admin:', '--cacert', caCrt, '--resolve', `imported.lan:${port}:127.0.0.1`, `https://imported.lan:${port}/rest/system/identity`]);
    assert.deepEqual(curl, { code: 0, stdout: '{"name":"MikroTik"}', stderr: '' });
    await c.patch('/rest/ip/service/www-ssl', { certificate: 'none', disabled: 'yes' });
  });

  test('removing a CA removes the certificates it issued', async () => {
    await signed('rm-ca', { 'common-name': 'rm', 'key-size': 'prime256v1', 'key-usage': 'key-cert-sign' });
    await signed('rm-leaf', { 'common-name': 'leaf', 'key-size': 'prime256v1' }, 'rm-ca');
    assert.equal((await c.delete('/rest/certificate/rm-ca')).status, 204);
    assert.equal((await c.get('/rest/certificate/rm-leaf')).status, 404);
    assert.deepEqual((await c.get('/rest/certificate?name=rm-ca')).json, []);
  });
});

describe('the secret key', () => {
  test('a configuration copied without its secret.key has certificates but no usable keys', async () => {
    const dir = tempDir();
    const first = await startRouter({ dataDir: dir });
    const fc = client(first.port);
    await fc.put('/rest/certificate', { name: 'k', 'common-name': 'k', 'key-size': 'prime256v1' });
    await fc.post('/rest/certificate/sign', { number: 'k' });
    await waitFor(async () => ((await fc.get('/rest/certificate/k')).json['private-key'] === 'true' ? true : undefined), 15_000);
    await first.stop();
    fs.rmSync(path.join(dir, 'secret.key'));
    const second = await Router.start({ dataDir: dir, listen: '127.0.0.1', ports: { www: 0, ssh: 0, telnet: 0 }, loginKeepMs: 600_000, requestLimitMs: 60_000 });
    try {
      const port = second.bound.www!;
      assert.equal(fs.statSync(path.join(dir, 'secret.key')).size, 32, 'a new key is made');
      assert.equal((await call(port, 'GET', '/rest/certificate/k')).json.fingerprint.length, 64);
      const exported = await call(port, 'POST', '/rest/certificate/export-certificate', { '.id': 'k', 'export-passphrase': 'x12345678' });
      assert.deepEqual(exported.json, error(400, 'Bad Request', 'failure: private key can not be decrypted'));
    } finally { await second.stop(); }
  });
});
