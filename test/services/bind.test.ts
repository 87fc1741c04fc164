// A free port (port 0) is one the router names from the kernel's range of free ports, the
// next one when a port is taken, so that thousands of listeners (a lab) bind without the
// kernel's search over every bound port.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import { listenOn } from '../../src/services/bind.js';

/** The kernel's range of free ports (Linux), else the dynamic ports. */
function range(): [number, number] {
  try {
    const [lo, hi] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    return [lo, hi];
  } catch {
    return [49152, 65535];
  }
}

const close = (s: net.Server) => new Promise<void>((resolve) => s.close(() => resolve()));

test('port 0 listens on a free port of the kernel\'s range, a new one for each listener, and each answers there', async () => {
  const [lo, hi] = range();
  const servers = Array.from({ length: 20 }, () => net.createServer((socket) => socket.end('here')));
  try {
    const ports: number[] = [];
    for (const s of servers) ports.push(await listenOn(s, 0, '127.0.0.1'));
    assert.equal(new Set(ports).size, ports.length);
    for (const p of ports) assert.ok(p >= lo && p <= hi, `${p} in ${lo}-${hi}`);
    for (const [i, s] of servers.entries()) assert.equal((s.address() as net.AddressInfo).port, ports[i]);
    const reply = await new Promise<string>((resolve, reject) => {
      const c = net.connect(ports[7], '127.0.0.1');
      let text = '';
      c.on('data', (d) => { text += d; }).on('end', () => resolve(text)).on('error', reject);
    });
    assert.equal(reply, 'here');
  } finally {
    await Promise.all(servers.filter((s) => s.listening).map(close));
  }
});

test('a port given is listened on as given, and a taken one is refused with EADDRINUSE', async () => {
  const first = net.createServer();
  const port = await listenOn(first, 0, '127.0.0.1');
  const second = net.createServer();
  try {
    await assert.rejects(listenOn(second, port, '127.0.0.1'), { code: 'EADDRINUSE' });
    // The failed bind left no handler behind: a free port may take several binds of one server.
    assert.deepEqual([second.listenerCount('listening'), second.listenerCount('error')], [0, 0]);
    await close(first);
    assert.equal(await listenOn(second, port, '127.0.0.1'), port);
  } finally {
    await Promise.all([first, second].filter((s) => s.listening).map(close));
  }
});
