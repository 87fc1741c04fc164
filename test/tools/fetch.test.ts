// /tool/fetch over REST against real HTTP and HTTPS servers on loopback, and against the
// router's own REST service (the REST manual's router-to-router example).

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { client, error, startRouter, tempDir, type TestRouter } from '../helpers/router.js';
import { makeUser } from '../auth/setup.js';

const BAD = (detail: string) => error(400, 'Bad Request', detail);

interface Seen { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }

/** A loopback server that records what it got and answers by path. */
function serve(handler: (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void, tls?: { key: string; cert: string }) {
  const seen: Seen[] = [];
  const onRequest = (req: http.IncomingMessage, res: http.ServerResponse) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => { seen.push({ method: req.method!, url: req.url!, headers: req.headers, body }); handler(req, res, body); });
  };
  const server = tls ? https.createServer(tls, onRequest) : http.createServer(onRequest);
  return new Promise<{ server: http.Server; url: string; seen: Seen[] }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`, seen });
    });
  });
}

/** A self-signed certificate for 127.0.0.1, made with openssl; undefined when openssl is missing. */
/** A self-signed certificate for 127.0.0.1, made by Debian's openssl (the tests need it). */
function selfSigned(): { key: string; cert: string } {
  const dir = tempDir();
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  const r = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1',
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`openssl could not make a test certificate: ${r.error?.message ?? r.stderr}`);
  return { key: fs.readFileSync(key, 'utf8'), cert: fs.readFileSync(cert, 'utf8') };
}

let r: TestRouter;
let c: ReturnType<typeof client>;
let web: Awaited<ReturnType<typeof serve>>;

before(async () => {
  r = await startRouter();
  c = client(r.port);
  web = await serve((req, res, body) => {
    if (req.url === '/hello.txt') { res.setHeader('Content-Type', 'text/plain'); res.end('hello from loopback\n'); return; }
    if (req.url === '/echo') { res.setHeader('Content-Type', 'application/json'); res.end(JSON.stringify({ method: req.method, body })); return; }
    if (req.url === '/private') {
      if (req.headers.authorization !== 'Basic ' + Buffer.from('alice:s3cret').toString('base64')) { res.statusCode = 401; res.end(); return; }
      res.end('welcome alice'); return;
    }
    if (req.url === '/slow') {
      // 3 KiB over about 1.3 s: long enough for one `downloading` record.
      res.setHeader('Content-Length', String(3 * 1024));
      res.write(Buffer.alloc(1024, 0x61));
      setTimeout(() => res.write(Buffer.alloc(1024, 0x62)), 600);
      setTimeout(() => res.end(Buffer.alloc(1024, 0x63)), 1300);
      return;
    }
    res.statusCode = 404;
    res.end('not here');
  });
});
after(async () => { web.server.close(); await r.stop(); });

describe('/tool/fetch', () => {
  test('output=user: the body comes back in data, after connecting, with finished downloaded total duration', async () => {
    const res = await c.post('/rest/tool/fetch', { url: `${web.url}/hello.txt`, output: 'user' });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.json, [
      { '.section': '0', status: 'connecting' },
      { '.section': '1', data: 'hello from loopback\n', downloaded: '0', duration: '0s', status: 'finished', total: '0' },
    ]);
  });

  test('as-value gives the final record alone', async () => {
    const res = await c.post('/rest/tool/fetch', { url: `${web.url}/hello.txt`, output: 'user', 'as-value': '' });
    assert.deepEqual(res.json, [{ data: 'hello from loopback\n', downloaded: '0', duration: '0s', status: 'finished', total: '0' }]);
  });

  test('http-method, http-data and http-header-field make the request', async () => {
    const res = await c.post('/rest/tool/fetch', {
      url: `${web.url}/echo`, 'http-method': 'post', 'http-data': '{"a":1}',
      'http-header-field': 'Content-Type:application/json,X-Test:a\\,b', output: 'user', 'as-value': '',
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(JSON.parse(res.json[0].data), { method: 'POST', body: '{"a":1}' });
    const last = web.seen[web.seen.length - 1];
    assert.equal(last.headers['content-type'], 'application/json');
    assert.equal(last.headers['x-test'], 'a,b');
  });

  test('user and password are sent as basic authentication', async () => {
    const ok = await c.post('/rest/tool/fetch', { url: `${web.url}/private`, user: 'alice', password: 's3cret', output: 'user', 'as-value': '' });
    assert.equal(ok.json[0].data, 'welcome alice');
    const refused = await c.post('/rest/tool/fetch', { url: `${web.url}/private`, user: 'alice', password: 'wrong', output: 'user' });
    const port = new URL(web.url).port;
    assert.deepEqual(refused.json, BAD(`failure: closing connection: <401 Unauthorized> 127.0.0.1:${port} (4)`));
  });

  test('an HTTP error fails with the status; a closed port fails with connection refused', async () => {
    const port = new URL(web.url).port;
    assert.deepEqual((await c.post('/rest/tool/fetch', { url: `${web.url}/nothing`, output: 'user' })).json,
      BAD(`failure: closing connection: <404 Not Found> 127.0.0.1:${port} (4)`));
    const closed = http.createServer();
    await new Promise<void>((ok) => closed.listen(0, '127.0.0.1', () => ok()));
    const freePort = (closed.address() as AddressInfo).port;
    await new Promise((ok) => closed.close(ok));
    assert.deepEqual((await c.post('/rest/tool/fetch', { url: `http://127.0.0.1:${freePort}/`, output: 'user' })).json,
      BAD('failure: connection refused'));
  });

  test('output=file (the default) saves the body in the file store under dst-path or the URL name', async () => {
    const res = await c.post('/rest/tool/fetch', { url: `${web.url}/hello.txt`, 'dst-path': 'downloads/hello.txt' });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.at(-1).status, 'finished');
    assert.equal(res.json.at(-1).data, undefined);
    assert.equal(fs.readFileSync(path.join(r.dir, 'files', 'downloads', 'hello.txt'), 'utf8'), 'hello from loopback\n');
    await c.post('/rest/tool/fetch', { url: `${web.url}/hello.txt` });
    assert.equal((await c.get('/rest/file/hello.txt')).json.contents, 'hello from loopback\n');
    // output=none keeps nothing.
    const none = await c.post('/rest/tool/fetch', { url: `${web.url}/echo`, output: 'none', 'as-value': '' });
    assert.deepEqual(none.json.map((x: Record<string, string>) => x.status), ['finished']);
    assert.deepEqual((await c.post('/rest/tool/fetch', { url: `${web.url}/hello.txt`, 'dst-path': '../out.txt' })).json, BAD('failure: invalid file name'));
  });

  test('writing a file takes the ftp policy; output=user does not', async () => {
    const u = await makeUser(c, 'fetcher', 'read,test,api,rest-api');
    assert.deepEqual((await c.post('/rest/tool/fetch', { url: `${web.url}/hello.txt` }, u)).json, error(500, 'Internal Server Error', 'not enough permissions (9)'));
    assert.equal((await c.post('/rest/tool/fetch', { url: `${web.url}/hello.txt`, output: 'user' }, u)).status, 200);
  });

  test('a transfer over a second reports downloading with downloaded and total in KiB', async () => {
    const res = await c.post('/rest/tool/fetch', { url: `${web.url}/slow`, output: 'user' });
    assert.equal(res.status, 200, res.text);
    const statuses = res.json.map((x: Record<string, string>) => x.status);
    assert.deepEqual(statuses, ['connecting', 'downloading', 'finished']);
    assert.deepEqual(res.json.map((x: Record<string, string>) => x['.section']), ['0', '1', '2']);
    assert.equal(res.json[1].total, '3');
    assert.equal(res.json[1].duration, '1s');
    assert.deepEqual({ ...res.json[2], data: res.json[2].data.length }, { '.section': '2', data: 3072, downloaded: '3', duration: '1s', status: 'finished', total: '3' });
  });

  test('the router can call its own REST service', async () => {
    // As another user: one user's requests run one at a time (REST spec 8), so the admin's
    // own call would wait behind the fetch that makes it.
    await makeUser(c, 'remote', 'read,write,test,api,rest-api', 'pw');
    const res = await c.post('/rest/tool/fetch', {
      url: `http://127.0.0.1:${r.port}/rest/system/identity`, user: 'remote', password: 'pw', output: 'user', 'as-value': '',
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(JSON.parse(res.json[0].data), { name: 'MikroTik' });
    // And change it: the manual's example posts a script to /rest/execute; here a set.
    const set = await c.post('/rest/tool/fetch', {
      url: `http://127.0.0.1:${r.port}/rest/system/identity/set`, 'http-method': 'post', 'http-data': '{"name":"fetched"}',
      'http-header-field': 'Content-Type:application/json', user: 'remote', password: 'pw', output: 'user', 'as-value': '',
    });
    assert.equal(set.json[0].data, '[]');
    assert.deepEqual((await c.get('/rest/system/identity')).json, { name: 'fetched' });
    await c.post('/rest/system/identity/set', { name: 'MikroTik' });
  });

  test('mode, address, port and src-path make the URL when there is none', async () => {
    const port = new URL(web.url).port;
    const res = await c.post('/rest/tool/fetch', { mode: 'http', address: '127.0.0.1', port, 'src-path': 'hello.txt', output: 'user', 'as-value': '' });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json[0].data, 'hello from loopback\n');
  });

  test('missing url, bad method and unknown mode are refused', async () => {
    assert.deepEqual((await c.post('/rest/tool/fetch', { output: 'user' })).json, BAD('missing =url='));
    assert.deepEqual((await c.post('/rest/tool/fetch', { url: web.url, 'http-method': 'fly' })).json, BAD('input does not match any value of http-method'));
    assert.deepEqual((await c.post('/rest/tool/fetch', { url: 'ftp://127.0.0.1/x', output: 'user' })).json, BAD('failure: ftp is not supported'));
  });
});

describe('/tool/fetch over HTTPS', () => {
  const tls = selfSigned();
  let secure: Awaited<ReturnType<typeof serve>> | undefined;
  before(async () => { secure = await serve((_req, res) => res.end('secret page'), tls); });
  after(() => secure?.server.close());

  test('check-certificate=no accepts a self-signed server', async () => {
    const res = await c.post('/rest/tool/fetch', { url: `${secure!.url}/`, output: 'user', 'as-value': '' });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json[0].data, 'secret page');
  });

  test('check-certificate=yes without a trusted CA in /certificate fails: no trusted CA certificate found', async () => {
    const res = await c.post('/rest/tool/fetch', { url: `${secure!.url}/`, output: 'user', 'check-certificate': 'yes' });
    assert.deepEqual(res.json, BAD('no trusted CA certificate found'));
  });

  test('with the server certificate imported as trusted into /certificate, check-certificate=yes passes', async () => {
    const other = selfSigned()!;
    assert.equal((await c.put('/rest/file', { name: 'other.crt', contents: other.cert })).status, 201);
    assert.equal((await c.post('/rest/certificate/import', { 'file-name': 'other.crt' })).status, 200);
    // A trusted certificate that did not sign the server's is no help.
    const untrusted = await c.post('/rest/tool/fetch', { url: `${secure!.url}/`, output: 'user', 'check-certificate': 'yes' });
    assert.deepEqual(untrusted.json, BAD('failure: SSL: certificate is not trusted (6)'));
    assert.equal((await c.put('/rest/file', { name: 'server.crt', contents: tls!.cert })).status, 201);
    const imported = await c.post('/rest/certificate/import', { 'file-name': 'server.crt' });
    assert.equal(imported.status, 200, imported.text);
    const res = await c.post('/rest/tool/fetch', { url: `${secure!.url}/`, output: 'user', 'check-certificate': 'yes', 'as-value': '' });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json[0].data, 'secret page');
  });
});
