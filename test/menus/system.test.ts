import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Reply } from '../../src/core/schema.js';
import { admin, boot } from '../helpers/engine.js';

const sorted = (r: Reply) => ['.id', ...Object.keys(r).filter((k) => k !== '.id').sort()].filter((k) => k in r);

test('/system/identity is MikroTik until set', async () => {
  const r = boot();
  try {
    assert.deepEqual(await r.print('system/identity'), [{ name: 'MikroTik' }]);
    await r.run('system/identity', 'set', { name: 'edge-1' });
    assert.deepEqual(await r.print('system/identity'), [{ name: 'edge-1' }]);
    await assert.rejects(r.run('system/identity', 'set', { name: '' }), { message: 'invalid value for argument name' });
  } finally { r.close(); }
});

test('/system/note defaults', async () => {
  const r = boot();
  try {
    const [rec] = await r.print('system/note');
    assert.deepEqual(rec, { note: '', 'show-at-cli-login': 'false', 'show-at-login': 'true' });
    assert.deepEqual(Object.keys(rec), sorted(rec));
  } finally { r.close(); }
});

test('/system/clock shows the date and time in ISO form and can be set', async () => {
  const r = boot();
  try {
    const [rec] = await r.print('system/clock');
    assert.deepEqual(Object.keys(rec), ['date', 'dst-active', 'gmt-offset', 'time', 'time-zone-autodetect', 'time-zone-name']);
    assert.match(rec.date, /^\d{4}-\d\d-\d\d$/);
    assert.match(rec.time, /^\d\d:\d\d:\d\d$/);
    assert.match(rec['gmt-offset'], /^[+-]\d\d:\d\d$/);
    assert.equal(rec['time-zone-autodetect'], 'true');

    await r.run('system/clock', 'set', { 'time-zone-name': 'manual', date: '2030-01-02', time: '03:04:05' });
    const [after] = await r.print('system/clock');
    assert.equal(after.date, '2030-01-02');
    assert.match(after.time, /^03:04:0[5-7]$/);
    assert.equal(after['gmt-offset'], '+00:00');
    assert.equal(after['dst-active'], 'false');

    await r.run('system/clock', 'set', { 'time-zone-name': 'Europe/Riga' });
    const [riga] = await r.print('system/clock');
    assert.equal(riga['gmt-offset'], '+02:00'); // January: winter time
    assert.match(riga.time, /^05:04:0[5-7]$/);
    await assert.rejects(r.run('system/clock', 'set', { 'time-zone-name': 'Mars/Olympus' }), { message: 'input does not match any value of time-zone-name' });
    await assert.rejects(r.run('system/clock', 'set', { date: '2030-02-30' }), { message: 'invalid value for argument date' });
  } finally { r.close(); }
});

test('/system/resource reports the board and live figures', async () => {
  const r = boot();
  try {
    const [rec] = await r.print('system/resource');
    assert.deepEqual(Object.keys(rec), [
      'architecture-name', 'bad-blocks', 'board-name', 'build-time', 'cpu', 'cpu-count', 'cpu-frequency', 'cpu-load',
      'free-hdd-space', 'free-memory', 'platform', 'total-hdd-space', 'total-memory', 'uptime', 'version',
      'write-sect-since-reboot', 'write-sect-total',
    ]);
    assert.equal(rec.platform, 'MikroTik');
    assert.equal(rec['board-name'], 'hAP ax^2');
    assert.equal(rec['architecture-name'], 'arm64');
    assert.equal(rec['cpu-count'], '4');
    assert.match(rec.version, /^7\.\d+(\.\d+)? \(stable\)$/);
    assert.match(rec['build-time'], /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    assert.match(rec.uptime, /^(\d+w)?(\d+d)?(\d+h)?(\d+m)?(\d+s)?$|^0s$/);
    const load = Number(rec['cpu-load']);
    assert.ok(load >= 0 && load <= 100);
    assert.ok(Number(rec['free-memory']) > 0 && Number(rec['free-memory']) < Number(rec['total-memory']));
    assert.ok(Number(rec['free-hdd-space']) > 0 && Number(rec['free-hdd-space']) < Number(rec['total-hdd-space']));
    await assert.rejects(r.run('system/resource', 'set', { cpu: 'x' }), { message: 'no such command' });
  } finally { r.close(); }
});

test('/system/resource monitor reports CPU load and free memory, once or until stopped', async () => {
  const r = boot();
  try {
    const once = await r.run('system/resource', 'monitor', { once: '' });
    assert.equal(once.records.length, 1);
    assert.deepEqual(Object.keys(once.records[0]), ['cpu-used', 'free-memory']);
    const timed = await r.run('system/resource', 'monitor', { interval: '50ms', duration: '180ms' });
    assert.ok(timed.records.length >= 3 && timed.records.length <= 5, String(timed.records.length));
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 120);
    const stopped = await r.engine.run({ path: ['system', 'resource'], command: 'monitor', args: { interval: '50ms' } }, admin, { signal: stop.signal });
    assert.ok(stopped.records.length >= 2);
  } finally { r.close(); }
});

test('/ip/dns defaults with the default configuration allowing remote requests', async () => {
  const r = boot();
  try {
    const [rec] = await r.print('ip/dns');
    assert.deepEqual(rec, {
      'address-list-extra-time': '0s', 'allow-remote-requests': 'true', 'cache-max-ttl': '1w', 'cache-size': '2048', 'cache-used': '0',
      'doh-max-concurrent-queries': '50', 'doh-max-server-connections': '5', 'doh-timeout': '5s', 'dynamic-servers': '',
      'max-concurrent-queries': '100', 'max-concurrent-tcp-sessions': '20', 'max-udp-packet-size': '4096', 'mdns-repeat-ifaces': '',
      'query-server-timeout': '2s', 'query-total-timeout': '10s', servers: '', 'use-doh-server': '', 'verify-doh-cert': 'false', vrf: 'main',
    });
    assert.deepEqual(Object.keys(rec), sorted(rec));
    await r.run('ip/dns', 'set', { servers: '1.1.1.1,2606:4700:4700:0::1111', 'cache-max-ttl': '1d12h' });
    const [after] = await r.print('ip/dns');
    assert.equal(after.servers, '1.1.1.1,2606:4700:4700::1111');
    assert.equal(after['cache-max-ttl'], '1d12h');
    await assert.rejects(r.run('ip/dns', 'set', { 'cache-used': '5' }), { message: 'unknown parameter cache-used' });
  } finally { r.close(); }
});

test('/ip/dns/static has router.lan; the type is shown only when not A', async () => {
  const r = boot();
  try {
    assert.deepEqual(await r.print('ip/dns/static'), [
      { '.id': '*1', address: '192.168.88.1', comment: 'defconf', disabled: 'false', dynamic: 'false', name: 'router.lan', ttl: '1d' },
    ]);
    await r.run('ip/dns/static', 'add', { name: 'v6.example.com', address: '2001:db8:1000:0:0::1', type: 'AAAA' });
    await r.run('ip/dns/static', 'add', { regexp: '.*pool.ntp.org', address: '192.168.88.1', type: 'A', 'place-before': '*1' });
    const records = await r.print('ip/dns/static');
    assert.deepEqual(records.map((x) => x['.id']), ['*3', '*1', '*2']);
    assert.deepEqual(records[0], { '.id': '*3', address: '192.168.88.1', disabled: 'false', dynamic: 'false', regexp: '.*pool.ntp.org', ttl: '1d' });
    assert.deepEqual(records[2], { '.id': '*2', address: '2001:db8:1000::1', disabled: 'false', dynamic: 'false', name: 'v6.example.com', ttl: '1d', type: 'AAAA' });
  } finally { r.close(); }
});

test('/ip/pool has default-dhcp; names are keys', async () => {
  const r = boot();
  try {
    assert.deepEqual(await r.print('ip/pool'), [{ '.id': '*1', name: 'default-dhcp', ranges: '192.168.88.10-192.168.88.254' }]);
    await r.run('ip/pool', 'add', { ranges: '10.0.0.10-10.0.0.20,10.0.1.0/24', 'next-pool': 'default-dhcp' });
    assert.deepEqual((await r.run('ip/pool', 'get', { number: 'pool1' })).done, {
      '.id': '*2', name: 'pool1', 'next-pool': 'default-dhcp', ranges: '10.0.0.10-10.0.0.20,10.0.1.0/24',
    });
    await assert.rejects(r.run('ip/pool', 'add', { name: 'default-dhcp', ranges: '10.0.0.1' }), { message: 'failure: already have such name' });
    await assert.rejects(r.run('ip/pool', 'add', { name: 'p', ranges: '10.0.0.9-10.0.0.1' }), { message: 'invalid value for argument ranges' });
  } finally { r.close(); }
});

test('/ip/service lists the eight services in the router order with the router ids', async () => {
  const r = boot();
  try {
    const records = await r.print('ip/service');
    const base = { 'available-from': '', disabled: 'false', dynamic: 'false', invalid: 'false', 'max-sessions': '20', proto: 'tcp', vrf: 'main' };
    assert.deepEqual(records, [
      { '.id': '*0', ...base, name: 'telnet', port: '23' },
      { '.id': '*1', ...base, name: 'ftp', port: '21' },
      { '.id': '*2', ...base, name: 'www', port: '80' },
      { '.id': '*3', ...base, name: 'ssh', port: '22' },
      { '.id': '*6', ...base, certificate: 'none', disabled: 'true', name: 'www-ssl', port: '443', 'tls-version': 'any' },
      { '.id': '*7', ...base, name: 'api', port: '8728' },
      { '.id': '*8', ...base, name: 'winbox', port: '8291' },
      { '.id': '*9', ...base, certificate: 'none', disabled: 'true', name: 'api-ssl', port: '8729', 'tls-version': 'any' },
    ]);
    for (const rec of records) assert.deepEqual(Object.keys(rec), sorted(rec));
  } finally { r.close(); }
});

test('/ip/service is set by name; address is the old name of available-from', async () => {
  const r = boot();
  try {
    await r.run('ip/service', 'set', { numbers: 'www-ssl', disabled: 'no', 'tls-version': 'only-1.2', address: '192.168.88.0/24' });
    const rec = (await r.run('ip/service', 'get', { number: '*6' })).done!;
    assert.equal(rec.disabled, 'false');
    assert.equal(rec['tls-version'], 'only-1.2');
    assert.equal(rec['available-from'], '192.168.88.0/24');
    assert.equal(rec.address, undefined);
    await r.run('ip/service', 'disable', { numbers: 'telnet,ftp' });
    assert.equal((await r.run('ip/service', 'get', { number: 'ftp', 'value-name': 'disabled' })).done!.ret, 'true');
    await assert.rejects(r.run('ip/service', 'set', { numbers: 'www', port: '0' }), { message: 'value of port out of range (1..65535)' });
    await assert.rejects(r.run('ip/service', 'set', { numbers: 'www', name: 'web' }), { message: 'unknown parameter name' });
    await assert.rejects(r.run('ip/service', 'add', { name: 'x', port: '1' }), { message: 'no such command' });
    await assert.rejects(r.run('ip/service', 'remove', { numbers: 'www' }), { message: 'no such command' });
    await assert.rejects(r.run('ip/service', 'set', { numbers: 'www-ssl', 'tls-version': 'only-1.3' }), { message: 'input does not match any value of tls-version' });
  } finally { r.close(); }
});

test('/ip/service shows invalid when the service could not listen', async () => {
  const r = boot();
  try {
    r.engine.services.serviceStatus = (name: string) => (name === 'www' ? { invalid: true } : undefined);
    assert.equal((await r.run('ip/service', 'get', { number: 'www', 'value-name': 'invalid' })).done!.ret, 'true');
    assert.equal((await r.run('ip/service', 'get', { number: 'ssh', 'value-name': 'invalid' })).done!.ret, 'false');
  } finally { r.close(); }
});

test('/ip/service/webserver has every part on', async () => {
  const r = boot();
  try {
    assert.deepEqual(await r.print('ip/service/webserver'), [{
      'acme-plain': 'true', 'crl-plain': 'true', 'graphs-plain': 'true', 'graphs-secure': 'true', 'index-plain': 'true', 'index-secure': 'true',
      'rest-plain': 'true', 'rest-secure': 'true', 'scep-plain': 'true', 'webfig-plain': 'true', 'webfig-secure': 'true',
    }]);
    await r.run('ip/service/webserver', 'set', { 'rest-plain': 'no' });
    assert.equal((await r.run('ip/service/webserver', 'get', { 'value-name': 'rest-plain' })).done!.ret, 'false');
  } finally { r.close(); }
});
