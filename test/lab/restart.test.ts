// A lab started again on its data directory: every node keeps its configuration (the
// startup-config ran on first boot only), and the network works as before.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Lab } from '../../src/lab/lab.js';
import { freePort } from '../helpers/ports.js';
import { readTopology } from '../../src/lab/topology.js';
import { client, tempDir } from '../helpers/router.js';
import { TOPOLOGIES } from './lab.js';

test('a lab started again keeps each node\'s configuration and runs no startup-config twice', async () => {
  const dir = tempDir();
  const topology = () => readTopology(path.join(TOPOLOGIES, 'chain.clab.yml'));
  try {
    let lab = await Lab.start(topology(), { dataDir: dir, listen: '127.0.0.1' });
    const port = (node: string) => JSON.parse(fs.readFileSync(path.join(dir, 'lab.json'), 'utf8')).nodes[node].www;
    const mac = (await client(port('r1')).get('/rest/interface/ether2')).json['mac-address'];
    await client(port('r1')).post('/rest/system/identity/set', { name: 'edge' });
    await lab.stop();
    lab = await Lab.start(topology(), { dataDir: dir, listen: '127.0.0.1' });
    try {
      const r1 = client(port('r1'));
      assert.deepEqual((await r1.get('/rest/system/identity')).json, { name: 'edge' });
      assert.deepEqual((await r1.get('/rest/ip/address?.proplist=address,interface')).json, [{ address: '10.0.12.1/24', interface: 'ether2' }]);
      assert.equal((await r1.get('/rest/interface/ether2')).json['mac-address'], mac);
      assert.equal((await r1.post('/rest/ping', { address: '10.0.23.3', count: '1' })).json[0].received, '1');
      // r2 hears r1 by its new name.
      const heard = (await client(port('r2')).get('/rest/ip/neighbor')).json.map((n: Record<string, string>) => n.identity);
      assert.deepEqual(heard, ['edge', 'r3']);
    } finally {
      await lab.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a node that reboots listens where lab.json says; lab.json follows a port moved in /ip/service', async () => {
  const dir = tempDir();
  const lab = await Lab.start(readTopology(path.join(TOPOLOGIES, 'chain.clab.yml')), { dataDir: dir, listen: '127.0.0.1' });
  const read = () => JSON.parse(fs.readFileSync(path.join(dir, 'lab.json'), 'utf8'));
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  try {
    const www = read().nodes.r2.www;
    assert.equal((await client(www).post('/rest/system/reboot')).status, 200);
    await sleep(400);
    assert.equal(read().nodes.r2.www, www);
    assert.deepEqual((await client(www).get('/rest/system/identity')).json, { name: 'r2' });
    // Still wired: r1 reaches r3 through the rebooted r2.
    assert.equal((await client(read().nodes.r1.www).post('/rest/ping', { address: '10.0.23.3', count: '1' })).json[0].received, '1');
    const moved = await freePort();
    assert.equal((await client(www).post('/rest/ip/service/set', { numbers: 'www', port: String(moved) })).status, 200);
    let now = www;
    for (let i = 0; i < 60 && now !== moved; i++) { await sleep(50); now = read().nodes.r2.www; }
    assert.equal(now, moved);
    assert.deepEqual((await client(moved).get('/rest/system/identity')).json, { name: 'r2' });
  } finally {
    await lab.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
