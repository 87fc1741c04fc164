// `/ping` and `/tool traceroute` on the console: the router's live tables, not `name: value`
// blocks. Rows and summaries are compared with real 7.x captures (docs/routeros-facts.md 43.8)
// given the values those routers measured; the router's own pings are checked for the same form.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LIVE_TABLES } from '../../src/console/live.js';
import { consoleRouter } from './harness.js';

const ping = LIVE_TABLES.ping;
const traceroute = LIVE_TABLES['tool/traceroute'];

test('ping rows and summary as a 7.x console prints them, the summary wrapped two columns before the edge', () => {
  // find_string id 21172213028 (`[lynx@core-ccr2004] > ping 10.1.3.200`, trailing blanks kept).
  assert.equal(ping.header, '  SEQ HOST                                     SIZE TTL TIME       STATUS');
  assert.equal(ping.row({ seq: '0', host: '10.1.3.200', size: '56', ttl: '128', time: '452us' }), '    0 10.1.3.200                                 56 128 452us     ');
  assert.deepEqual(ping.footer!([{ sent: '3', received: '3', 'packet-loss': '0', 'min-rtt': '436us', 'avg-rtt': '458us', 'max-rtt': '486us' }], 80),
    ['    sent=3 received=3 packet-loss=0% min-rtt=436us avg-rtt=458us ', '   max-rtt=486us ']);
  // find_string id 62679618469 (a lost echo) and 69344100829 (a ping that got no answer at all).
  assert.equal(ping.row({ seq: '10', host: '10.16.34.34', status: 'timeout' }), '   10 10.16.34.34                                                  timeout');
  assert.deepEqual(ping.footer!([{ sent: '1', received: '0', 'packet-loss': '100' }], 80), ['    sent=1 received=0 packet-loss=100% ']);
  // On a wide terminal the summary stays on one line (find_string id 55108159444).
  assert.deepEqual(ping.footer!([{ sent: '3', received: '3', 'packet-loss': '0', 'min-rtt': '131ms672us', 'avg-rtt': '132ms912us', 'max-rtt': '133ms544us' }], 120),
    ['    sent=3 received=3 packet-loss=0% min-rtt=131ms672us avg-rtt=132ms912us max-rtt=133ms544us ']);
});

test('traceroute hop table as a 7.x console prints it: times without a trailing .0, a silent hop\'s timeout', () => {
  // find_string id 35149862896 (`[admin@NODE-12-12] > /tool/traceroute address=192.168.11.11`).
  assert.equal(traceroute.header, 'ADDRESS                          LOSS SENT    LAST     AVG    BEST   WORST STD-DEV STATUS');
  assert.equal(traceroute.row({ address: '', loss: '100', sent: '4', status: 'timeout' }), '                                 100%    4 timeout');
  assert.equal(traceroute.row({ address: '172.16.2.3', loss: '0', sent: '3', last: '1.3', avg: '1.3', best: '1.2', worst: '1.4', 'std-dev': '0.1', status: '' }),
    '172.16.2.3                         0%    3   1.3ms     1.3     1.2     1.4     0.1');
  assert.equal(traceroute.row({ address: '192.168.11.11', loss: '0', sent: '3', last: '2.5', avg: '2.4', best: '2.4', worst: '2.5', 'std-dev': '0.0', status: '' }),
    '192.168.11.11                      0%    3   2.5ms     2.4     2.4     2.5       0');
});

test('/ping with count= ends by itself: header, a row per echo as it comes, the summary; the value is the answers', async () => {
  const r = consoleRouter();
  try {
    const out = (await r.run('/ping 127.0.0.1 count=2 interval=20ms')).split('\n');
    assert.equal(out.length, 4);
    assert.equal(out[0], ping.header);
    assert.match(out[1], /^ {4}0 127\.0\.0\.1 {32}  56  64 \d+us +$/);
    assert.match(out[2], /^ {4}1 127\.0\.0\.1 {32}  56  64 \d+us +$/);
    assert.match(out[3], /^ {4}sent=2 received=2 packet-loss=0% min-rtt=\d+us avg-rtt=\d+us max-rtt=\d+us $/);
    assert.equal(await r.run(':put [/ping 127.0.0.1 count=2 interval=20ms]'), '2');
    const lost = (await r.run('/ping 192.0.2.1 count=1 interval=20ms')).split('\n');
    assert.deepEqual(lost.slice(1), ['    0 192.0.2.1                                                    timeout', '    sent=1 received=0 packet-loss=100% ']);
  } finally { await r.close(); }
});

test('/ping without count runs until stopped (Ctrl-C), then prints the summary of what it sent', async () => {
  const r = consoleRouter();
  try {
    const out = await r.untilStopped('/ping 127.0.0.1 interval=20ms', (lines) => lines.length >= 3);
    const rows = out.length - 2;
    assert.equal(out[0], ping.header);
    assert.match(out[out.length - 1], new RegExp(`^ {4}sent=${rows} received=${rows} packet-loss=0% `));
  } finally { await r.close(); }
});

test('/tool traceroute prints the table of its last round', async () => {
  const r = consoleRouter();
  try {
    const out = (await r.run('/tool traceroute 192.168.88.1 count=2')).split('\n');
    assert.equal(out.length, 2);
    assert.equal(out[0], traceroute.header);
    assert.match(out[1], /^192\.168\.88\.1 {23}0% {4}2 {5}\d+ms {7}\d+ {7}\d+ {7}\d+ {7}\d+$/);
  } finally { await r.close(); }
});
