// /tool/bandwidth-test against the router's own /tool/bandwidth-server, over REST.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { client, error, startRouter, type TestRouter } from '../helpers/router.js';
import { makeUser } from '../auth/setup.js';

let r: TestRouter;
let c: ReturnType<typeof client>;
before(async () => { r = await startRouter({ requestLimitMs: 800 }); c = client(r.port); });
after(() => r.stop());

type Rec = Record<string, string>;
const statuses = (json: Rec[]) => json.map((x) => [x['.section'], x.status]);

describe('/tool/bandwidth-server', () => {
  test('prints its settings; set changes them', async () => {
    assert.deepEqual((await c.get('/rest/tool/bandwidth-server')).json, {
      'allocate-udp-ports-from': '2000', 'allowed-addresses4': '', 'allowed-addresses6': '', authenticate: 'true', enabled: 'true', 'max-sessions': '100',
    });
    assert.deepEqual((await c.post('/rest/tool/bandwidth-server/set', { 'max-sessions': 10 })).json, []);
    assert.equal((await c.get('/rest/tool/bandwidth-server')).json['max-sessions'], '10');
    await c.post('/rest/tool/bandwidth-server/set', { 'max-sessions': 100 });
  });
});

describe('/tool/bandwidth-test', () => {
  test('to the router itself with a router user: connecting, running each interval, done testing', async () => {
    const res = await c.post('/rest/tool/bandwidth-test', { address: '127.0.0.1', user: 'admin', password: '', duration: '300ms', interval: '100ms' });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(statuses(res.json), [['0', 'connecting'], ['1', 'running'], ['2', 'running'], ['3', 'done testing']]);
    assert.deepEqual(Object.keys(res.json[0]), [
      '.section', 'connection-count', 'direction', 'lost-packets', 'random-data',
      'rx-10-second-average', 'rx-current', 'rx-size', 'rx-total-average', 'status',
    ]);
    assert.deepEqual(Object.keys(res.json[1]), [
      '.section', 'connection-count', 'direction', 'duration', 'lost-packets', 'random-data',
      'rx-10-second-average', 'rx-current', 'rx-size', 'rx-total-average', 'status',
    ]);
    assert.deepEqual([res.json[0]['connection-count'], res.json[0].direction, res.json[0]['random-data'], res.json[0]['rx-size']], ['20', 'receive', 'false', '1500']);
    // The first interval sets the test up; then the board's speed, and the averages leave the setup out.
    assert.equal(res.json[1]['rx-current'], '0');
    const [a, b] = [Number(res.json[2]['rx-current']), Number(res.json[3]['rx-current'])];
    assert.ok(a > 800e6 && b > 800e6, `${a} ${b}`);
    assert.equal(Number(res.json[3]['rx-total-average']), Math.round((a + b) / 2));
  });

  test('direction=both reports the tx- twins; local-tx-speed caps what is sent', async () => {
    const res = await c.post('/rest/tool/bandwidth-test', {
      address: '192.168.88.1', user: 'admin', password: '', duration: '200ms', interval: '100ms', direction: 'both', 'local-tx-speed': '10M', protocol: 'tcp',
    });
    assert.equal(res.status, 200, res.text);
    const last: Rec = res.json.at(-1);
    assert.equal(last.status, 'done testing');
    for (const k of ['tx-current', 'tx-10-second-average', 'tx-total-average', 'tx-size', 'rx-current']) assert.ok(k in last, k);
    assert.ok(Number(last['tx-current']) <= 10_000_000 && Number(last['tx-current']) > 0, last['tx-current']);
  });

  test('a wrong password fails authentication; authenticate=no lets anyone test', async () => {
    const bad = await c.post('/rest/tool/bandwidth-test', { address: '127.0.0.1', user: 'admin', password: 'nope', duration: '300ms', interval: '100ms' });
    assert.deepEqual(statuses(bad.json), [['0', 'connecting'], ['1', 'authentication failed']]);
    const none = await c.post('/rest/tool/bandwidth-test', { address: '127.0.0.1', duration: '100ms', interval: '50ms' });
    assert.equal(none.json.at(-1).status, 'authentication failed');
    await c.post('/rest/tool/bandwidth-server/set', { authenticate: 'no' });
    const open = await c.post('/rest/tool/bandwidth-test', { address: '127.0.0.1', duration: '100ms', interval: '50ms' });
    assert.equal(open.json.at(-1).status, 'done testing');
    await c.post('/rest/tool/bandwidth-server/set', { authenticate: 'yes' });
  });

  test('another router user with its password may test', async () => {
    const u = await makeUser(c, 'tester', 'read,test,api,rest-api', 'tpw');
    const res = await c.post('/rest/tool/bandwidth-test', { address: '127.0.0.1', user: 'tester', password: 'tpw', duration: '100ms', interval: '50ms' }, u);
    assert.equal(res.json.at(-1).status, 'done testing');
    const noTest = await makeUser(c, 'notester', 'read,api,rest-api');
    assert.deepEqual((await c.post('/rest/tool/bandwidth-test', { address: '127.0.0.1', duration: '100ms' }, noTest)).json,
      error(500, 'Internal Server Error', 'not enough permissions (9)'));
  });

  test('with the server disabled, or to a host without one, it keeps connecting', async () => {
    await c.post('/rest/tool/bandwidth-server/set', { enabled: 'no' });
    const res = await c.post('/rest/tool/bandwidth-test', { address: '127.0.0.1', user: 'admin', password: '', duration: '200ms', interval: '100ms' });
    assert.deepEqual(statuses(res.json), [['0', 'connecting'], ['1', 'connecting']]);
    await c.post('/rest/tool/bandwidth-server/set', { enabled: 'yes' });
    const far = await c.post('/rest/tool/bandwidth-test', { address: '10.1.1.1', duration: '100ms', interval: '50ms' });
    assert.deepEqual(statuses(far.json), [['0', 'connecting'], ['1', 'connecting']]);
  });

  test('the session shows in bandwidth-server/session while the test runs', async () => {
    const other = await makeUser(c, 'watcher', 'read,api,rest-api');
    await c.get('/rest/system/identity', other);
    const running = c.post('/rest/tool/bandwidth-test', { address: '127.0.0.1', user: 'admin', password: '', duration: '1500ms', interval: '100ms' });
    // The test logs in to the server first (a password hash, slower on a busy machine): look until its session is there.
    let sessions: Record<string, string>[] = [];
    for (let i = 0; i < 12 && !sessions.length; i++) {
      await new Promise((ok) => setTimeout(ok, 100));
      sessions = (await c.get('/rest/tool/bandwidth-server/session', other)).json;
    }
    assert.equal(sessions.length, 1);
    assert.equal(sessions[0]['remote-address'], '127.0.0.1');
    assert.equal(sessions[0].user, 'admin');
    await running;
    assert.deepEqual((await c.get('/rest/tool/bandwidth-server/session')).json, []);
  });

  test('once gives the first record alone; without duration the test runs to the request limit', async () => {
    const once = await c.post('/rest/tool/bandwidth-test', { address: '127.0.0.1', once: '' });
    assert.equal(once.json.length, 1);
    assert.equal(once.json[0].status, 'connecting');
    assert.equal(once.json[0]['.section'], undefined);
    assert.deepEqual((await c.post('/rest/tool/bandwidth-test', { address: '127.0.0.1', user: 'admin', password: '' })).json,
      error(400, 'Bad Request', 'Session closed'));
    // .proplist narrows the records.
    const narrow = await c.post('/rest/tool/bandwidth-test', { address: '127.0.0.1', user: 'admin', password: '', duration: '100ms', interval: '50ms', '.proplist': 'status' });
    assert.deepEqual(narrow.json, [{ status: 'connecting' }, { status: 'running' }, { status: 'done testing' }]);
  });
});
