// /system/package and /system/package/update over REST, against no update server and
// against one on loopback that answers as upgrade.mikrotik.com does.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Device } from '../../src/device/board.js';
import { client, startRouter, type TestRouter } from '../helpers/router.js';
import { sleep } from '../auth/setup.js';

let r: TestRouter;
let c: ReturnType<typeof client>;
before(async () => { r = await startRouter(); c = client(r.port); });
after(() => r.stop());

const UNREACHABLE = 'ERROR: IPv4: server is not responding / IPv6: no internet connection';

/** An update server on loopback offering `newest` on every channel. */
async function updateServer(newest: string) {
  const asked: string[] = [];
  const server = http.createServer((req, res) => {
    asked.push(req.url!);
    if (/^\/routeros\/NEWESTa7\.[a-z-]+$/.test(req.url!)) res.end(`${newest} 1780000000\n`);
    else { res.statusCode = 404; res.end(); }
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  return { server, asked, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('/system/package', () => {
  test('lists the board packages at the running version', async () => {
    const res = await c.get('/rest/system/package');
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.json.map((p: Record<string, string>) => [p.name, p.version, p.disabled, p.available, p.scheduled]), [
      ['routeros', '7.24', 'false', 'false', ''], ['wifi-qcom', '7.24', 'false', 'false', ''],
    ]);
    assert.deepEqual(Object.keys(res.json[0]), ['.id', 'available', 'build-time', 'disabled', 'name', 'scheduled', 'size', 'version']);
    assert.equal((await c.get('/rest/system/package/routeros')).json.name, 'routeros');
  });

  test('disable schedules a package; unschedule takes it back', async () => {
    assert.deepEqual((await c.post('/rest/system/package/disable', { numbers: 'wifi-qcom' })).json, []);
    assert.equal((await c.get('/rest/system/package/wifi-qcom')).json.scheduled, 'scheduled for disable');
    await c.post('/rest/system/package/unschedule', { numbers: 'wifi-qcom' });
    assert.equal((await c.get('/rest/system/package/wifi-qcom')).json.scheduled, '');
  });
});

describe('/system/package/update', () => {
  test('before a check it shows the channel and the installed version', async () => {
    assert.deepEqual((await c.get('/rest/system/package/update')).json, { channel: 'stable', 'installed-version': '7.24' });
  });

  test('check-for-updates with no update server reachable: finding out, then the error, no latest-version', async () => {
    const res = await c.post('/rest/system/package/update/check-for-updates', {});
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.json, [
      { '.section': '0', channel: 'stable', 'installed-version': '7.24', status: 'finding out latest version...' },
      { '.section': '1', channel: 'stable', 'installed-version': '7.24', status: UNREACHABLE },
    ]);
    assert.deepEqual((await c.get('/rest/system/package/update')).json, { channel: 'stable', 'installed-version': '7.24', status: UNREACHABLE });
  });

  test('a newer version on the server: New version is available', async () => {
    const s = await updateServer('7.25.1');
    (r.router.engine.services.device as Device).updateServer = s.url;
    try {
      const res = await c.post('/rest/system/package/update/check-for-updates', {});
      assert.deepEqual(res.json.at(-1), { '.section': '1', channel: 'stable', 'installed-version': '7.24', 'latest-version': '7.25.1', status: 'New version is available' });
      assert.deepEqual(s.asked, ['/routeros/NEWESTa7.stable']);
      // The channel decides what is asked.
      await c.post('/rest/system/package/update/set', { channel: 'long-term' });
      await c.post('/rest/system/package/update/check-for-updates', {});
      assert.equal(s.asked.at(-1), '/routeros/NEWESTa7.long-term');
      await c.post('/rest/system/package/update/set', { channel: 'stable' });
    } finally {
      s.server.close();
    }
  });

  test('the same version: System is already up to date', async () => {
    const s = await updateServer('7.24');
    (r.router.engine.services.device as Device).updateServer = s.url;
    try {
      const res = await c.post('/rest/system/package/update/check-for-updates', {});
      assert.deepEqual(res.json.at(-1), { '.section': '1', channel: 'stable', 'installed-version': '7.24', 'latest-version': '7.24', status: 'System is already up to date' });
    } finally {
      s.server.close();
    }
  });

  test('once gives one record at once; the check goes on and print shows its outcome', async () => {
    const s = await updateServer('7.26');
    (r.router.engine.services.device as Device).updateServer = s.url;
    try {
      const res = await c.post('/rest/system/package/update/check-for-updates', { once: '' });
      assert.deepEqual(res.json, [{ channel: 'stable', 'installed-version': '7.24', status: 'finding out latest version...' }]);
      for (let i = 0; i < 50 && (await c.get('/rest/system/package/update')).json.status === 'finding out latest version...'; i++) await sleep(20);
      assert.deepEqual((await c.get('/rest/system/package/update')).json,
        { channel: 'stable', 'installed-version': '7.24', 'latest-version': '7.26', status: 'New version is available' });
    } finally {
      s.server.close();
      (r.router.engine.services.device as Device).updateServer = undefined;
    }
  });
});
