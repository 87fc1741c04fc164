// /system reset-configuration keeps the ports the command line gave the faces (DESIGN: they are
// written into /ip/service at every start): ssh and telnet on their stand-ins as much as www and
// api, so that a reset router is still where its user reaches it, and the next start does not
// try 22 and 23.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { client, startRouter } from '../helpers/router.js';

test('after a reset every face keeps its port: /ip/service shows them and the faces stay bound', async () => {
  const r = await startRouter();
  try {
    const c = client(r.port);
    const before = await c.get('/rest/ip/service?.proplist=name,port');
    const ports = Object.fromEntries((before.json as { name: string; port: string }[]).map((s) => [s.name, s.port]));
    for (const face of ['www', 'api', 'ssh', 'telnet'] as const) assert.equal(ports[face], String(r.router.bound[face]), face);
    for (const args of [{}, { 'no-defaults': 'yes' }, { 'keep-users': 'yes' }]) {
      // A port the user set goes back with the rest of the configuration (ftp's to 21).
      assert.equal((await c.post('/rest/ip/service/set', { numbers: 'ftp', port: '2121' })).status, 200);
      assert.equal((await c.post('/rest/system/reset-configuration', { 'skip-backup': 'yes', ...args })).status, 200);
      const after = await c.get('/rest/ip/service?.proplist=name,port');
      const now = Object.fromEntries((after.json as { name: string; port: string }[]).map((s) => [s.name, s.port]));
      // The others are the router's own defaults again: ftp 21, winbox 8291.
      assert.deepEqual(now, { ...ports, ftp: '21', winbox: '8291' }, JSON.stringify(args));
      await r.router.services!.settled();
      for (const face of ['www', 'api', 'ssh', 'telnet'] as const) assert.equal(String(r.router.bound[face]), ports[face], `${face} after ${JSON.stringify(args)}`);
    }
  } finally {
    await r.stop();
  }
});

test('a face whose port was taken at start (a lab\'s node) stays on the port it took instead after a reset', async () => {
  // Another program holds the api port the router is given.
  const holder = net.createServer();
  await new Promise<void>((ok) => holder.listen(0, '127.0.0.1', ok));
  const taken = (holder.address() as net.AddressInfo).port;
  const moved: [string, number, number][] = [];
  const r = await startRouter({ ports: { www: 0, 'www-ssl': 0, api: taken, 'api-ssl': 0 }, portTaken: (face, wanted, bound) => moved.push([face, wanted, bound]) });
  try {
    assert.equal(moved.length, 1);
    const [face, wanted, instead] = moved[0];
    assert.deepEqual([face, wanted], ['api', taken]);
    assert.equal(r.router.bound.api, instead);
    const c = client(r.port);
    assert.equal((await c.post('/rest/system/reset-configuration', { 'skip-backup': 'yes' })).status, 200);
    assert.equal((await c.get('/rest/ip/service/api')).json.port, String(instead));
    await r.router.services!.settled();
    assert.equal(r.router.bound.api, instead);
  } finally {
    await r.stop();
    holder.close();
  }
});
