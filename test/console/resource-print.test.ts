// `/system resource print` in the console as the router prints it: sizes in binary units with
// one decimal, the CPU frequency in MHz, loads in percent, names right-aligned two columns in;
// REST keeps the plain numbers (routeros-facts.md 31.4).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { printBytes } from '../../src/core/values.js';
import { client, startRouter } from '../helpers/router.js';

test('the console prints /system resource with units; REST answers plain numbers', async () => {
  // The default board is a hAP ax^2: a real one prints `cpu-frequency: 864MHz`,
  // `total-memory: 1024.0MiB`, `total-hdd-space: 128.0MiB`, `bad-blocks: 0%`.
  const t = await startRouter();
  try {
    const c = client(t.port);
    const printed: string = (await c.post('/rest/execute', { script: '/system resource print', 'as-string': '' })).json.ret;
    const lines = printed.split(/\r?\n/);
    assert.equal(lines.length, 17);
    assert.match(lines[0], /^ {19}uptime: (\d+[wdhms])+$/);
    assert.equal(lines[1], '                  version: 7.24 (stable)');
    assert.match(lines[3], /^ {14}free-memory: \d+\.\dMiB$/);
    assert.equal(lines[4], '             total-memory: 1024.0MiB');
    assert.equal(lines[7], '            cpu-frequency: 864MHz');
    assert.match(lines[8], /^ {17}cpu-load: \d+%$/);
    assert.match(lines[9], /^ {11}free-hdd-space: \d+\.\dMiB$/);
    assert.equal(lines[10], '          total-hdd-space: 128.0MiB');
    assert.equal(lines[11], '  write-sect-since-reboot: 0');
    assert.equal(lines[13], '               bad-blocks: 0%');
    const rest = (await c.get('/rest/system/resource?.proplist=total-memory,cpu-frequency,total-hdd-space,bad-blocks')).json;
    assert.deepEqual(rest, { 'bad-blocks': '0', 'cpu-frequency': '864', 'total-hdd-space': '134217728', 'total-memory': '1073741824' });
    // A script reads the number.
    assert.equal((await c.post('/rest/execute', { script: ':put [/system resource get total-memory]', 'as-string': '' })).json.ret, '1073741824');
  } finally { await t.stop(); }
});

test('a byte count prints in the largest binary unit that leaves at least ten of it', () => {
  // Real prints: 232.0KiB (7.23.2 cAP ac), 3352.0KiB and 16.3MiB (6.47.1 hEX), 4096.0MiB (7.20.5), 16.0GiB.
  assert.equal(printBytes(String(232 * 1024)), '232.0KiB');
  assert.equal(printBytes(String(3352 * 1024)), '3352.0KiB');
  assert.equal(printBytes(String(Math.round(16.3 * 1024 * 1024))), '16.3MiB');
  assert.equal(printBytes(String(4096 * 1024 * 1024)), '4096.0MiB');
  assert.equal(printBytes(String(16 * 1024 ** 3)), '16.0GiB');
});
