// Remote syslog on the wire, received by Debian's socat on a loopback UDP port: the bytes of
// each datagram as the router sends them (manual "Log", Actions; routeros-facts.md 53.1):
// `<PRI>` from `syslog-facility` and `syslog-severity` (auto: from the topics), the line as it
// is with `remote-log-format=default`, the BSD-syslog header (time, identity) first with
// `syslog`, the time as `syslog-time-format` says.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { client, startRouter, type TestRouter } from '../helpers/router.js';
import { startReceiver, type Receiver } from './syslog-receiver.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');
/** RFC 3164's time of a moment in UTC: `Dec  2 06:40:12`. */
const bsd = (d: Date) => `${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, ' ')} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;

/** The header's time is the router's clock when the line was logged: within a second or two of ours. */
function near(stamp: number, sent: number) {
  assert.ok(stamp >= Math.floor(sent / 1000) * 1000 - 1000 && stamp <= sent + 2000, `time ${new Date(stamp).toISOString()} near ${new Date(sent).toISOString()}`);
}

describe('remote syslog (socat receiving)', () => {
  let r: TestRouter;
  let c: ReturnType<typeof client>;
  let rx: Receiver;

  before(async () => {
    rx = await startReceiver();
    r = await startRouter();
    c = client(r.port);
    await c.post('/rest/system/clock/set', { 'time-zone-name': 'UTC' });
    await c.post('/rest/system/identity/set', { name: 'edge-1' });
    const made = await c.put('/rest/system/logging/action', { name: 'graylog', target: 'remote', remote: '127.0.0.1', 'remote-port': String(rx.port) });
    assert.equal(made.status, 201, made.text);
    assert.equal((await c.put('/rest/system/logging', { topics: 'script', action: 'graylog' })).status, 201);
  });
  after(async () => {
    await r.stop();
    await rx.stop();
  });

  const action = async (values: Record<string, string>) => {
    const res = await c.patch('/rest/system/logging/action/graylog', values);
    assert.equal(res.status, 200, res.text);
  };
  /** The action and its rule as before() made them, and then `values`: each test runs alone and in any order. */
  const configure = async (values: Record<string, string> = {}) => {
    await action({
      remote: '127.0.0.1', 'remote-port': String(rx.port), 'src-address': '0.0.0.0', vrf: 'main', 'remote-log-format': 'default',
      'syslog-facility': 'daemon', 'syslog-severity': 'auto', 'syslog-time-format': 'bsd-syslog', ...values,
    });
    const rule = (await c.get('/rest/system/logging?action=graylog')).json[0]['.id'];
    assert.equal((await c.patch(`/rest/system/logging/${rule}`, { topics: 'script', prefix: '', regex: '', disabled: 'no' })).status, 200);
    return rule as string;
  };

  test('the default format is <PRI> and the line as it is: daemon.info is 30', async () => {
    await configure();
    await c.post('/rest/log/info', { message: 'hello from a script' });
    assert.equal(await rx.next(), '<30>script,info hello from a script');
  });

  test('auto severity follows the topics: warning 4, error 3, debug 7', async () => {
    await configure();
    await c.post('/rest/log/warning', { message: 'w' });
    await c.post('/rest/log/error', { message: 'e' });
    await c.post('/rest/log/debug', { message: 'd' });
    assert.deepEqual([await rx.next(), await rx.next(), await rx.next()], ['<28>script,warning w', '<27>script,error e', '<31>script,debug d']);
  });

  test('syslog format: the BSD-syslog time (day padded with a space) and the identity before the line', async () => {
    await configure({ 'remote-log-format': 'syslog' });
    const sent = Date.now();
    await c.post('/rest/log/info', { message: 'bsd line' });
    const got = (await rx.next());
    const m = /^<30>([A-Z][a-z]{2} [ 123]\d \d\d:\d\d:\d\d) edge-1 script,info bsd line$/.exec(got);
    assert.ok(m, got);
    const candidates = [-1, 0, 1, 2].map((s) => bsd(new Date(sent + s * 1000)));
    assert.ok(candidates.includes(m[1]), `${m[1]} among ${candidates.join(' | ')}`);
  });

  test('iso8601 time with milliseconds and the zone, facility local0 (16): warning is 132', async () => {
    await configure({ 'remote-log-format': 'syslog', 'syslog-time-format': 'iso8601', 'syslog-facility': 'local0' });
    const sent = Date.now();
    await c.post('/rest/log/warning', { message: 'iso line' });
    const got = (await rx.next());
    const m = /^<132>(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3})\+00:00 edge-1 script,warning iso line$/.exec(got);
    assert.ok(m, got);
    near(Date.parse(`${m[1]}Z`), sent);
  });

  test('a fixed syslog-severity replaces the topics\' one', async () => {
    await configure({ 'syslog-severity': 'alert', 'syslog-facility': 'auth' });
    await c.post('/rest/log/info', { message: 'as alert' });
    assert.equal((await rx.next()), '<33>script,info as alert');
  });

  test('src-address is the datagrams\' source address: a receiver taking only 127.0.0.2 gets them', async () => {
    const only = await startReceiver({ range: '127.0.0.2/32' });
    try {
      await configure({ 'syslog-severity': 'alert', 'syslog-facility': 'auth', 'remote-port': String(only.port) });
      await c.post('/rest/log/info', { message: 'from the host\'s choice' });
      await action({ 'src-address': '127.0.0.2' });
      await c.post('/rest/log/info', { message: 'from two' });
      assert.equal(await only.next(), '<33>script,info from two');
    } finally {
      await action({ 'src-address': '0.0.0.0', 'remote-port': String(rx.port) });
      await only.stop();
    }
  });

  test('the rule\'s prefix goes before the message; a rule\'s regex picks the lines', async () => {
    const rule = await configure({ 'syslog-severity': 'alert', 'syslog-facility': 'auth' });
    await c.patch(`/rest/system/logging/${rule}`, { prefix: 'EDGE', regex: '^keep' });
    await c.post('/rest/log/info', { message: 'drop this' });
    await c.post('/rest/log/info', { message: 'keep this' });
    assert.equal((await rx.next()), '<33>script,info EDGE keep this');
    await c.patch(`/rest/system/logging/${rule}`, { prefix: '', regex: '' });
  });

  test('a server given by name is found through the router\'s resolver', async () => {
    await c.put('/rest/ip/dns/static', { name: 'syslog.lan', address: '127.0.0.1' });
    await configure({ 'syslog-severity': 'alert', 'syslog-facility': 'auth', remote: 'syslog.lan' });
    await c.post('/rest/log/info', { message: 'by name' });
    assert.equal((await rx.next()), '<33>script,info by name');
    await action({ remote: '127.0.0.1' });
  });

  test('an action in a VRF other than main sends nothing: this router has no way from there to the host', async () => {
    await configure({ 'syslog-severity': 'alert', 'syslog-facility': 'auth' });
    if (!(await c.get('/rest/ip/vrf?name=blue')).json.length) await c.put('/rest/ip/vrf', { name: 'blue', interfaces: 'ether5' });
    await action({ vrf: 'blue' });
    await c.post('/rest/log/info', { message: 'in blue' });
    await action({ vrf: 'main' });
    await c.post('/rest/log/info', { message: 'in main' });
    assert.equal(await rx.next(), '<33>script,info in main');
  });

  test('a rule that is off, or a topic negated, sends nothing', async () => {
    const rule = await configure({ 'syslog-severity': 'alert', 'syslog-facility': 'auth' });
    await c.patch(`/rest/system/logging/${rule}`, { topics: 'script,!debug' });
    await c.post('/rest/log/debug', { message: 'not sent' });
    await c.patch(`/rest/system/logging/${rule}`, { disabled: 'yes' });
    await c.post('/rest/log/info', { message: 'not sent either' });
    await c.patch(`/rest/system/logging/${rule}`, { disabled: 'no', topics: 'script' });
    await c.post('/rest/log/info', { message: 'sent again' });
    assert.equal((await rx.next()), '<33>script,info sent again');
  });
});

describe('remote syslog before 7.18: bsd-syslog=yes', () => {
  test('a 7.17 router\'s bsd-syslog action sends the BSD-syslog header', async () => {
    const rx = await startReceiver();
    const r = await startRouter({ rosVersion: '7.17.1' });
    try {
      const c = client(r.port);
      await c.post('/rest/system/clock/set', { 'time-zone-name': 'UTC' });
      const made = await c.put('/rest/system/logging/action', { name: 'old', target: 'remote', remote: '127.0.0.1', 'remote-port': String(rx.port), 'bsd-syslog': 'yes' });
      assert.equal(made.status, 201, made.text);
      await c.put('/rest/system/logging', { topics: 'script', action: 'old' });
      await c.post('/rest/log/error', { message: 'old style' });
      assert.match((await rx.next()), /^<27>[A-Z][a-z]{2} [ 123]\d \d\d:\d\d:\d\d MikroTik script,error old style$/);
    } finally {
      await r.stop();
      await rx.stop();
    }
  });
});
