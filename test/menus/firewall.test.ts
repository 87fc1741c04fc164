import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Reply } from '../../src/core/schema.js';
import { boot } from '../helpers/engine.js';

const sorted = (r: Reply) => ['.id', ...Object.keys(r).filter((k) => k !== '.id').sort()];

/** A rule as the router prints it with nothing but its own values set. */
function rule(id: string, values: Record<string, string>): Reply {
  return {
    '.id': id, action: 'accept', bytes: '0', disabled: 'false', dynamic: 'false', invalid: 'false',
    log: 'false', 'log-prefix': '', packets: '0', ...values,
  };
}

test('the default filter rules are the defconf IPv4 rules, in order, with their exact comments', async () => {
  const r = boot();
  try {
    const records = await r.print('ip/firewall/filter');
    assert.deepEqual(records, [
      rule('*1', { chain: 'input', 'connection-state': 'established,related,untracked', comment: 'defconf: accept established,related,untracked' }),
      rule('*2', { chain: 'input', action: 'drop', 'connection-state': 'invalid', comment: 'defconf: drop invalid' }),
      rule('*3', { chain: 'input', protocol: 'icmp', comment: 'defconf: accept ICMP' }),
      rule('*4', { chain: 'input', 'dst-address': '127.0.0.1', comment: 'defconf: accept to local loopback (for CAPsMAN)' }),
      rule('*5', { chain: 'input', action: 'drop', 'in-interface-list': '!LAN', comment: 'defconf: drop all not coming from LAN' }),
      rule('*6', { chain: 'forward', 'ipsec-policy': 'in,ipsec', comment: 'defconf: accept in ipsec policy' }),
      rule('*7', { chain: 'forward', 'ipsec-policy': 'out,ipsec', comment: 'defconf: accept out ipsec policy' }),
      rule('*8', { chain: 'forward', action: 'fasttrack-connection', 'connection-state': 'established,related', comment: 'defconf: fasttrack' }),
      rule('*9', { chain: 'forward', 'connection-state': 'established,related,untracked', comment: 'defconf: accept established,related, untracked' }),
      rule('*A', { chain: 'forward', action: 'drop', 'connection-state': 'invalid', comment: 'defconf: drop invalid' }),
      rule('*B', { chain: 'forward', action: 'drop', 'connection-state': 'new', 'connection-nat-state': '!dstnat', 'in-interface-list': 'WAN', comment: 'defconf: drop all from WAN not DSTNATed' }),
    ]);
    for (const rec of records) assert.deepEqual(Object.keys(rec), sorted(rec));
  } finally { r.close(); }
});

test('the default NAT rule masquerades what leaves through WAN', async () => {
  const r = boot();
  try {
    const records = await r.print('ip/firewall/nat');
    assert.deepEqual(records, [rule('*1', {
      chain: 'srcnat', action: 'masquerade', 'out-interface-list': 'WAN', 'ipsec-policy': 'out,none', comment: 'defconf: masquerade',
    })]);
    assert.deepEqual(Object.keys(records[0]), sorted(records[0]));
  } finally { r.close(); }
});

test('a rule prints only the matchers it has, with the real default action accept', async () => {
  const r = boot();
  try {
    const { done } = await r.run('ip/firewall/filter', 'add', { chain: 'forward', protocol: '6', 'dst-port': '80,443,8000-8080', 'src-address': '10.1.2.3/24' });
    assert.deepEqual(done, { ret: '*C' });
    const rec = (await r.run('ip/firewall/filter', 'get', { number: '*C' })).done;
    assert.deepEqual(rec, rule('*C', { chain: 'forward', protocol: 'tcp', 'dst-port': '80,443,8000-8080', 'src-address': '10.1.2.0/24' }));
  } finally { r.close(); }
});

test('place-before puts a new rule in front of another, and move reorders', async () => {
  const r = boot();
  try {
    const order = async () => (await r.print('ip/firewall/filter')).map((x) => x['.id']);
    await r.run('ip/firewall/filter', 'add', { chain: 'input', action: 'accept', protocol: 'tcp', 'dst-port': '22', 'place-before': '*5' });
    assert.deepEqual(await order(), ['*1', '*2', '*3', '*4', '*C', '*5', '*6', '*7', '*8', '*9', '*A', '*B']);
    await r.run('ip/firewall/filter', 'move', { numbers: '*C', destination: '*1' });
    assert.deepEqual(await order(), ['*C', '*1', '*2', '*3', '*4', '*5', '*6', '*7', '*8', '*9', '*A', '*B']);
    await r.run('ip/firewall/filter', 'move', { numbers: '*1,*2' });
    assert.deepEqual(await order(), ['*C', '*3', '*4', '*5', '*6', '*7', '*8', '*9', '*A', '*B', '*1', '*2']);
    await r.run('ip/firewall/nat', 'add', { chain: 'dstnat', action: 'dst-nat', protocol: 'tcp', 'dst-port': '8080', 'to-addresses': '192.168.88.10', 'to-ports': '80', 'place-before': '*1' });
    assert.deepEqual((await r.print('ip/firewall/nat')).map((x) => x['.id']), ['*2', '*1']);
  } finally { r.close(); }
});

test('interface matchers take a negation and name existing interfaces and lists', async () => {
  const r = boot();
  try {
    await r.run('ip/firewall/filter', 'add', { chain: 'forward', 'in-interface': '!ether1', 'out-interface-list': '!WAN' });
    const rec = (await r.run('ip/firewall/filter', 'get', { number: '*C' })).done!;
    assert.equal(rec['in-interface'], '!ether1');
    assert.equal(rec['out-interface-list'], '!WAN');
    assert.equal(rec.invalid, 'false');
    await assert.rejects(r.run('ip/firewall/filter', 'add', { chain: 'forward', 'in-interface': 'nope' }), { message: 'input does not match any value of in-interface' });
    await assert.rejects(r.run('ip/firewall/filter', 'add', { chain: 'forward', 'in-interface-list': '!NOPE' }), { message: 'input does not match any value of in-interface-list' });
    // A rename follows through the stored reference.
    await r.run('interface/list', 'set', { numbers: 'WAN', name: 'UPLINK' });
    assert.equal((await r.run('ip/firewall/filter', 'get', { number: '*C' })).done!['out-interface-list'], '!UPLINK');
    assert.equal((await r.run('ip/firewall/filter', 'get', { number: '*B' })).done!['in-interface-list'], 'UPLINK');
  } finally { r.close(); }
});

test('rule values are checked: action, chain, log-prefix length', async () => {
  const r = boot();
  try {
    await assert.rejects(r.run('ip/firewall/filter', 'add', { chain: 'input', action: 'masquerade' }), { message: 'input does not match any value of action' });
    await assert.rejects(r.run('ip/firewall/filter', 'add', { action: 'drop' }), { message: 'missing =chain=' });
    await assert.rejects(r.run('ip/firewall/filter', 'add', { chain: 'input', 'log-prefix': 'x'.repeat(32) }), { message: 'invalid value for argument log-prefix' });
    await assert.rejects(r.run('ip/firewall/nat', 'add', { chain: 'input', 'connection-state': 'new' }), { message: 'unknown parameter connection-state' });
    await assert.rejects(r.run('ip/firewall/filter', 'set', { numbers: '*1', bytes: '5' }), { message: 'unknown parameter bytes' });
  } finally { r.close(); }
});

test('reset-counters clears the counters a rule has gathered', async () => {
  const r = boot();
  try {
    const row = r.store.table('ip/firewall/filter').get(1)!;
    r.store.commit([{ op: 'update', table: 'ip/firewall/filter', id: 1, values: { ...row.values, bytes: '100', packets: '2' } }]);
    assert.equal((await r.run('ip/firewall/filter', 'get', { number: '*1', 'value-name': 'bytes' })).done!.ret, '100');
    await r.run('ip/firewall/filter', 'reset-counters', { numbers: '*1' });
    const rec = (await r.run('ip/firewall/filter', 'get', { number: '*1' })).done!;
    assert.equal(rec.bytes, '0');
    assert.equal(rec.packets, '0');
  } finally { r.close(); }
});

test('an address-list entry without timeout is static and shows its creation time', async () => {
  const r = boot();
  try {
    assert.deepEqual(await r.print('ip/firewall/address-list'), []);
    const { done } = await r.run('ip/firewall/address-list', 'add', { list: 'blocked', address: '10.0.0.5/32', comment: 'test' });
    assert.deepEqual(done, { ret: '*1' });
    const [rec] = await r.print('ip/firewall/address-list');
    assert.match(rec['creation-time'], /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    assert.deepEqual(rec, {
      '.id': '*1', address: '10.0.0.5', comment: 'test', 'creation-time': rec['creation-time'], disabled: 'false', dynamic: 'false', list: 'blocked',
    });
    assert.deepEqual(Object.keys(rec), sorted(rec));
  } finally { r.close(); }
});

test('an address-list entry with timeout is dynamic and its timeout counts down', async () => {
  const clock = { now: Date.now() };
  const r = boot(clock);
  try {
    await r.run('ip/firewall/address-list', 'add', { list: 'temp', address: '192.168.1.0/24', timeout: '30m' });
    let [rec] = await r.print('ip/firewall/address-list');
    assert.equal(rec.dynamic, 'true');
    assert.equal(rec.timeout, '30m');
    assert.equal(rec.address, '192.168.1.0/24');
    clock.now += 2000;
    [rec] = await r.print('ip/firewall/address-list');
    assert.equal(rec.timeout, '29m58s');
    // Dynamic entries are not written to the configuration.
    assert.equal(r.store.table('ip/firewall/address-list').rows[0].dynamic, true);
  } finally { r.close(); }
});

test('an address-list entry is gone when its timeout ends', async () => {
  const r = boot();
  try {
    await r.run('ip/firewall/address-list', 'add', { list: 'temp', address: '10.9.9.9', timeout: '1s' });
    await r.run('ip/firewall/address-list', 'add', { list: 'temp', address: '10.9.9.10' });
    assert.equal((await r.print('ip/firewall/address-list')).length, 2);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.deepEqual((await r.print('ip/firewall/address-list')).map((x) => x.address), ['10.9.9.10']);
  } finally { r.close(); }
});

test('the same address twice in one list is refused; in another list it is not', async () => {
  const r = boot();
  try {
    await r.run('ip/firewall/address-list', 'add', { list: 'a', address: '1.2.3.4' });
    await assert.rejects(r.run('ip/firewall/address-list', 'add', { list: 'a', address: '1.2.3.4/32' }), { message: 'failure: already have such entry' });
    await r.run('ip/firewall/address-list', 'add', { list: 'b', address: '1.2.3.4' });
    await assert.rejects(r.run('ip/firewall/address-list', 'add', { list: 'a', address: '1.2.3.4', timeout: '1m' }), { message: 'failure: already have such entry' });
    await assert.rejects(r.run('ip/firewall/address-list', 'add', { list: 'a', address: '1.2.3.5', timeout: '36w' }), { message: 'value of timeout is out of range (00:00:00 .. 35w3d13:13:56)' });
    await assert.rejects(r.run('ip/firewall/address-list', 'move', { numbers: '*1' }), { message: 'no such command' });
  } finally { r.close(); }
});
