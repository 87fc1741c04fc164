import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Reply } from '../../src/core/schema.js';
import { assertOrder, boot as bootEngine } from '../helpers/engine.js';

/** The engine, with print reading /ip/route. */
function boot() {
  const r = bootEngine();
  return { ...r, print: (args: Record<string, string> = {}, extra = {}) => r.print('ip/route', args, extra) };
}

/** The connected route of the default LAN address, as a real router prints one. */
const lanConnected: Reply = {
  '.id': '*20000001', active: 'true', connect: 'true', distance: '0', 'dst-address': '192.168.88.0/24', dynamic: 'true',
  gateway: 'bridge', 'immediate-gw': 'bridge', inactive: 'false', 'local-address': '192.168.88.1%bridge',
  'routing-table': 'main', scope: '10', 'target-scope': '5',
};

test('a fresh router has the connected route of its LAN address', async () => {
  const r = boot();
  try {
    const records = await r.print();
    assertOrder(records);
    assert.deepEqual(records, [lanConnected]);
  } finally { r.close(); }
});

test('a static route through a connected network is active, listed by destination', async () => {
  const r = boot();
  try {
    assert.equal(await r.add('ip/route', { gateway: '192.168.88.254' }), '*80000001');
    const records = await r.print();
    assertOrder(records);
    assert.deepEqual(records, [
      {
        '.id': '*80000001', active: 'true', disabled: 'false', distance: '1', 'dst-address': '0.0.0.0/0', dynamic: 'false',
        gateway: '192.168.88.254', 'immediate-gw': '192.168.88.254%bridge', inactive: 'false', 'routing-table': 'main',
        scope: '30', static: 'true', 'target-scope': '10',
      },
      lanConnected,
    ]);
  } finally { r.close(); }
});

test('routes: unreachable gateways, backups, blackholes and interface gateways', async () => {
  const r = boot();
  try {
    // Host bits of dst-address go.
    await r.add('ip/route', { 'dst-address': '10.1.2.3/8', gateway: '172.16.0.1', comment: 'far' });
    await r.add('ip/route', { 'dst-address': '10.0.0.0/8', gateway: '192.168.88.2', distance: '5' });
    await r.add('ip/route', { 'dst-address': '203.0.113.0/24', blackhole: 'yes' });
    await r.add('ip/route', { 'dst-address': '198.51.100.0/24', gateway: 'ether1' });
    const records = await r.print({}, { proplist: ['.id', 'dst-address', 'active', 'inactive', 'immediate-gw', 'blackhole', 'comment'] });
    assert.deepEqual(records, [
      { '.id': '*80000001', comment: 'far', 'dst-address': '10.0.0.0/8', inactive: 'true' },
      { '.id': '*80000002', active: 'true', 'dst-address': '10.0.0.0/8', 'immediate-gw': '192.168.88.2%bridge', inactive: 'false' },
      { '.id': '*20000001', active: 'true', 'dst-address': '192.168.88.0/24', 'immediate-gw': 'bridge', inactive: 'false' },
      { '.id': '*80000004', active: 'true', 'dst-address': '198.51.100.0/24', 'immediate-gw': 'ether1', inactive: 'false' },
      { '.id': '*80000003', active: 'true', blackhole: 'true', 'dst-address': '203.0.113.0/24', inactive: 'false' },
    ]);
    // A better route that becomes reachable takes over; the other stays a usable backup.
    await r.add('ip/address', { address: '172.16.0.2/30', interface: 'ether1' });
    const tens = await r.print({}, { proplist: ['.id', 'active', 'inactive', 'immediate-gw'], query: ['dst-address=10.0.0.0/8'] });
    assert.deepEqual(tens, [
      { '.id': '*80000001', active: 'true', 'immediate-gw': '172.16.0.1%ether1', inactive: 'false' },
      { '.id': '*80000002', 'immediate-gw': '192.168.88.2%bridge', inactive: 'false' },
    ]);
  } finally { r.close(); }
});

test('connected routes follow addresses and interfaces', async () => {
  const r = boot();
  try {
    await r.add('ip/address', { address: '10.9.9.1/24', interface: 'ether4' }); // a bridge port: works on the bridge
    await r.add('ip/address', { address: '100.64.0.10/10', interface: 'ether1' });
    await r.add('ip/route', { gateway: '100.64.0.1' });
    let records = await r.print({}, { proplist: ['.id', 'dst-address', 'gateway', 'local-address', 'active', 'connect'] });
    assert.deepEqual(records, [
      { '.id': '*80000001', active: 'true', 'dst-address': '0.0.0.0/0', gateway: '100.64.0.1' },
      { '.id': '*20000002', active: 'true', connect: 'true', 'dst-address': '10.9.9.0/24', gateway: 'bridge', 'local-address': '10.9.9.1%bridge' },
      { '.id': '*20000003', active: 'true', connect: 'true', 'dst-address': '100.64.0.0/10', gateway: 'ether1', 'local-address': '100.64.0.10%ether1' },
      { '.id': '*20000001', active: 'true', connect: 'true', 'dst-address': '192.168.88.0/24', gateway: 'bridge', 'local-address': '192.168.88.1%bridge' },
    ]);
    // The WAN port goes down: its connected route is removed (routeros-facts.md 26.9), and the
    // default route through it stops working.
    await r.run('interface/ethernet', 'disable', { numbers: 'ether1' });
    records = await r.print({}, { proplist: ['.id', 'active', 'inactive'], query: ['dst-address=0.0.0.0/0', 'dst-address=100.64.0.0/10', '#|'] });
    assert.deepEqual(records, [{ '.id': '*80000001', inactive: 'true' }]);
    await r.run('interface/ethernet', 'enable', { numbers: 'ether1' });
    // A disabled or removed address has no connected route at all.
    await r.run('ip/address', 'disable', { numbers: '*2' });
    await r.run('ip/address', 'remove', { numbers: '*3' });
    assert.deepEqual((await r.print()).map((x) => x['.id']), ['*80000001', '*20000001']);
  } finally { r.close(); }
});

test('route print takes count-only, .query and .proplist', async () => {
  const r = boot();
  try {
    await r.add('ip/route', { 'dst-address': '10.0.0.0/8', gateway: '192.168.88.2' });
    assert.deepEqual((await r.run('ip/route', 'print', { 'count-only': '' })).done, { ret: '2' });
    assert.deepEqual((await r.run('ip/route', 'print', { 'count-only': '' }, { query: ['dynamic=yes'] })).done, { ret: '1' });
    assert.deepEqual(await r.print({}, { query: ['static'], proplist: ['gateway'] }), [{ gateway: '192.168.88.2' }]);
    assert.deepEqual(await r.print({}, { query: ['<distance=1'], proplist: ['.id'] }), [{ '.id': '*20000001' }]);
    await assert.rejects(r.run('ip/route', 'print', { bogus: '' }), { message: 'unknown parameter bogus' });
  } finally { r.close(); }
});

test('static routes: set, disable, enable, remove; connected ones cannot be changed', async () => {
  const r = boot();
  try {
    const id = await r.add('ip/route', { 'dst-address': '10.0.0.0/8', gateway: '192.168.88.2' });
    await r.run('ip/route', 'set', { numbers: id, distance: '20', 'check-gateway': 'ping', comment: 'lab' });
    await r.run('ip/route', 'disable', { numbers: id });
    const [route] = await r.print({}, { query: ['static'] });
    assert.deepEqual(route, {
      '.id': '*80000001', 'check-gateway': 'ping', comment: 'lab', disabled: 'true', distance: '20', 'dst-address': '10.0.0.0/8',
      dynamic: 'false', gateway: '192.168.88.2', inactive: 'true', 'routing-table': 'main', scope: '30', static: 'true',
      'target-scope': '10',
    });
    await r.run('ip/route', 'enable', { numbers: id });
    assert.equal((await r.run('ip/route', 'get', { number: id, 'value-name': 'active' })).done!.ret, 'true');
    await r.run('ip/route', 'remove', { numbers: id });
    assert.deepEqual(await r.print(), [lanConnected]);
    // A connected route is found by its id, but it is the router's own: it cannot be changed.
    await assert.rejects(r.run('ip/route', 'remove', { numbers: '*20000001' }), { message: 'failure: can not change dynamic entry' });
    await assert.rejects(r.run('ip/route', 'set', { numbers: '*20000001', comment: 'x' }), { message: 'failure: can not change dynamic entry' });
    assert.equal((await r.run('ip/route', 'get', { number: '*20000001', 'value-name': 'connect' })).done?.ret, 'true');
    await assert.rejects(r.run('ip/route', 'move', { numbers: '*80000001' }), { message: 'no such command' });
  } finally { r.close(); }
});

test('route arguments are checked', async () => {
  const r = boot();
  try {
    await assert.rejects(r.add('ip/route', { gateway: '10.0.0.1', distance: '0' }), { message: 'value of distance out of range (1..255)' });
    await assert.rejects(r.add('ip/route', { gateway: '10.0.0.1', 'routing-table': 'vpn' }),
      { message: 'input does not match any value of routing-table' });
    await assert.rejects(r.add('ip/route', { gateway: '10.0.0.300' }), { message: 'invalid value for argument gateway' });
    await assert.rejects(r.add('ip/route', { 'dst-address': '10.0.0.0/33', gateway: '10.0.0.1' }),
      { message: 'invalid value for argument dst-address' });
    await assert.rejects(r.add('ip/route', { gateway: '10.0.0.1', colour: 'blue' }), { message: 'unknown parameter colour' });
    // Hardware offloading boards take it (tree/packages.json, docs/routeros-facts.md 12.x); real exports carry it.
    await assert.rejects(r.add('ip/route', { gateway: '10.0.0.1', 'suppress-hw-offload': 'maybe' }),
      { message: 'invalid value for argument suppress-hw-offload' });
    assert.equal(await r.add('ip/route', { 'dst-address': '10.0.0.1', gateway: '192.168.88.5%bridge' }), '*80000001');
    const [route] = await r.print({}, { query: ['static'], proplist: ['dst-address', 'immediate-gw'] });
    assert.deepEqual(route, { 'dst-address': '10.0.0.1/32', 'immediate-gw': '192.168.88.5%bridge' });
  } finally { r.close(); }
});

test('ECMP: usable routes of equal least distance to one destination are all active, flagged ecmp', async () => {
  const r = boot();
  try {
    await r.add('ip/address', { address: '172.16.1.1/24', interface: 'ether1' });
    await r.add('ip/route', { 'dst-address': '192.168.2.0/24', gateway: '192.168.88.2' });
    await r.add('ip/route', { 'dst-address': '192.168.2.0/24', gateway: '172.16.1.2' });
    await r.add('ip/route', { 'dst-address': '192.168.2.0/24', gateway: '172.16.1.3', distance: '2' });
    const records = await r.print({}, { proplist: ['.id', 'gateway', 'active', 'ecmp'], query: ['dst-address=192.168.2.0/24'] });
    assert.deepEqual(records, [
      { '.id': '*80000001', active: 'true', ecmp: 'true', gateway: '192.168.88.2' },
      { '.id': '*80000002', active: 'true', ecmp: 'true', gateway: '172.16.1.2' },
      { '.id': '*80000003', gateway: '172.16.1.3' },
    ]);
  } finally { r.close(); }
});

test('recursive next hops: a gateway resolves through a route whose scope is within the target-scope', async () => {
  const r = boot();
  try {
    // 10.9.9.9 is reached through a static route (scope 30), not a connected one.
    await r.add('ip/route', { 'dst-address': '10.9.9.9/32', gateway: '192.168.88.2' });
    await r.add('ip/route', { 'dst-address': '203.0.113.0/24', gateway: '10.9.9.9', comment: 'default target-scope' });
    await r.add('ip/route', { 'dst-address': '198.51.100.0/24', gateway: '10.9.9.9', 'target-scope': '30', comment: 'wide' });
    const records = await r.print({}, { proplist: ['comment', 'active', 'inactive', 'immediate-gw'], query: ['gateway=10.9.9.9'] });
    assert.deepEqual(records, [
      { active: 'true', comment: 'wide', 'immediate-gw': '192.168.88.2%bridge', inactive: 'false' },
      { comment: 'default target-scope', inactive: 'true' },
    ]);
  } finally { r.close(); }
});

test('/ipv6/route: connected networks of /ipv6/address and static routes resolved through them', async () => {
  const r = boot();
  try {
    await r.add('ipv6/address', { address: '2001:db8::1/64', interface: 'bridge' });
    await r.add('ipv6/route', { 'dst-address': '2001:db8:5::/48', gateway: '2001:db8::2' });
    await r.add('ipv6/route', { 'dst-address': '2001:db8:6::/48', gateway: '2001:db8:ffff::2' });
    const records = (await r.run('ipv6/route', 'print', {}, { proplist: ['dst-address', 'gateway', 'immediate-gw', 'active', 'inactive', 'connect', 'static', 'distance'] })).records;
    assert.deepEqual(records, [
      { 'dst-address': '2001:db8::/64', gateway: 'bridge', 'immediate-gw': 'bridge', active: 'true', inactive: 'false', connect: 'true', distance: '0' },
      { 'dst-address': '2001:db8:5::/48', gateway: '2001:db8::2', 'immediate-gw': '2001:db8::2%bridge', active: 'true', inactive: 'false', static: 'true', distance: '1' },
      { 'dst-address': '2001:db8:6::/48', gateway: '2001:db8:ffff::2', inactive: 'true', static: 'true', distance: '1' },
    ]);
  } finally { r.close(); }
});
