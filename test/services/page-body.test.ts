// A body sent to a path outside /rest (issue 27, point 7): the pages take none, so the answer
// goes at once; the rest of the body is then read and discarded before the connection
// closes, so that a client still sending gets its answer and not a reset (a socket closed
// with unread data makes the kernel send RST, which also throws away what the client has
// not read yet).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { startRouter } from '../helpers/router.js';

const SIZE = 7 * 1024 * 1024;
const BODY = Buffer.alloc(SIZE, 0x61);

interface Outcome { status: string; writeError?: string; socketError?: string; ended: boolean }

/** One POST over a raw socket that writes its whole body before it reads (as Python's http.client does). */
function post(port: number, path: string, connection: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    let got = '';
    const out: Outcome = { status: '', ended: false };
    s.on('data', (d) => { got += d.toString('latin1'); });
    s.on('end', () => { out.ended = true; });
    s.on('error', (e: NodeJS.ErrnoException) => { out.socketError = e.code; });
    s.on('close', () => resolve({ ...out, status: got.split('\r\n')[0] }));
    s.write(`POST ${path} HTTP/1.1\r\nHost: router\r\nContent-Type: application/json\r\nContent-Length: ${SIZE}\r\nConnection: ${connection}\r\n\r\n`);
    s.write(BODY, (e) => {
      if (e) out.writeError = (e as NodeJS.ErrnoException).code;
      // The whole body is out: the client is done sending and waits for the router to close.
      s.end();
    });
  });
}

test('a 7 MB body to a page path gets its answer every time, then a graceful close', async () => {
  const t = await startRouter();
  try {
    for (const [path, status] of [['/nothing', 'HTTP/1.1 404 Not Found'], ['/webfig/none.js', 'HTTP/1.1 404 Not Found'], ['/', 'HTTP/1.1 200 OK']]) {
      for (const connection of ['close', 'keep-alive']) {
        for (let i = 0; i < 5; i++) {
          assert.deepEqual(await post(t.port, path, connection), { status, ended: true }, `${path} ${connection} try ${i + 1}`);
        }
      }
    }
  } finally { await t.stop(); }
});
