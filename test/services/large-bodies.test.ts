// Issue 37, point 4: every REST request, whatever its body, gets an answer the client can
// read before the connection closes. A fuzzing client had a PUT and a PATCH with large bodies
// end in EPIPE: the router closed while the client was still sending, and the client, which
// sends its whole body before it reads (as Python's http.client does), never saw the answer.
// The clients here send first and read after: Python's http.client, slowly (longer than the
// router's two-second linger), and a raw socket sending broken framing followed by megabytes.

import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, test } from 'node:test';
import { startRouter, type TestRouter } from '../helpers/router.js';
import { run } from './helpers.js';

let r: TestRouter;
before(async () => { r = await startRouter(); });
after(async () => { await r.stop(); });

// Sends a body of random bytes in 256 KiB pieces, ~3.5 s in all, then reads the answer.
// argv: port method path size chunked(0|1)
const PYTHON = String.raw`
import base64, http.client, os, sys, time
port, method, path, size, chunked = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5] == '1'
piece = os.urandom(256 * 1024)
def body():
    sent = 0
    while sent < size:
        yield piece
        sent += len(piece)
        time.sleep(3.5 * len(piece) / size)
headers = {'Authorization': 'Basic ' + base64.b64encode(b'admin:').decode(), 'Content-Type': 'application/json'}
if not chunked: headers['Content-Length'] = str((size + len(piece) - 1) // len(piece) * len(piece))
c = http.client.HTTPConnection('127.0.0.1', port, timeout=30)
try:
    c.request(method, path, body=body(), headers=headers, encode_chunked=chunked)
    r = c.getresponse()
    print(r.status, r.getheader('Connection'), r.read().decode())
except Exception as e:
    print('failed:', type(e).__name__, e)
`;

async function python(method: string, path: string, size: number, chunked: boolean): Promise<string> {
  const out = await run('/usr/bin/python3', ['-c', PYTHON, String(r.port), method, path, String(size), chunked ? '1' : '0']);
  assert.equal(out.code, 0, out.stderr);
  return out.stdout.trim();
}

/** Sends `head` and `junk` bytes before reading a thing, then reads all the router sends until it closes. */
function sendFirst(head: string, junk: number): Promise<{ answer: string; error?: string }> {
  return new Promise((resolve) => {
    const s = net.connect(r.port, '127.0.0.1');
    let answer = '';
    let error: string | undefined;
    s.pause();
    s.on('data', (d) => { answer += d; });
    s.on('error', (e: NodeJS.ErrnoException) => { error = e.code; });
    s.on('close', () => resolve({ answer, error }));
    s.write(head);
    s.write(Buffer.alloc(junk, 'x'), () => s.resume());
  });
}

const MB = 1024 * 1024;

test('a PUT of 12 MB of random bytes, sent slowly with Content-Length, gets its 413', async () => {
  assert.equal(await python('PUT', '/rest/ip/firewall/address-list', 12 * MB, false), '413 close {"error":413,"message":"Payload Too Large"}');
});

test('a PATCH of 30 MB of random bytes, sent slowly in chunks, gets its 413 (refused at 8 MiB, read to its end)', async () => {
  assert.equal(await python('PATCH', '/rest/ip/firewall/address-list/*1', 30 * MB, true), '413 close {"error":413,"message":"Payload Too Large"}');
});

test('a chunked PUT whose chunk size is garbage, followed by 40 MB, gets a 400 it can read', async () => {
  const head = 'PUT /rest/ip/firewall/address-list HTTP/1.1\r\nHost: x\r\nAuthorization: Basic YWRtaW46\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n{"li\r\nzz\r\n';
  const { answer, error } = await sendFirst(head, 40 * MB);
  assert.equal(error, undefined);
  assert.equal(answer, 'HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: 37\r\nConnection: close\r\n\r\n{"error":400,"message":"Bad Request"}');
});

test('a PATCH whose Content-Length is shorter than what follows (40 MB) gets the answer to its body, then the connection closes', async () => {
  const head = 'PATCH /rest/ip/firewall/address-list/*1 HTTP/1.1\r\nHost: x\r\nAuthorization: Basic YWRtaW46\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}';
  const { answer, error } = await sendFirst(head, 40 * MB);
  assert.equal(error, undefined);
  assert.match(answer, /^HTTP\/1\.1 404 Not Found\r\n/);
  assert.match(answer, /\r\nConnection: close\r\n/);
  assert.ok(answer.endsWith('\r\n\r\n{"error":404,"message":"Not Found"}'), answer);
});
