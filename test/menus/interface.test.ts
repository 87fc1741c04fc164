import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Reply } from '../../src/core/schema.js';
import { allMenus } from '../../src/menus/index.js';
import { generatedMac } from '../../src/menus/interface/interface.js';
import { assertOrder, boot as bootEngine } from '../helpers/engine.js';

const menus = allMenus();

/** These expectations describe the declarations alone: no simulated hardware behind them. */
const boot = () => bootEngine(undefined, { device: false });

const ZERO_COUNTERS = Object.fromEntries([
  'fp-rx-byte', 'fp-rx-packet', 'fp-tx-byte', 'fp-tx-packet', 'rx-byte', 'rx-drop', 'rx-error', 'rx-packet',
  'tx-byte', 'tx-drop', 'tx-error', 'tx-packet', 'tx-queue-drop',
].map((k) => [k, '0']));

const mac = (n: number) => `D4:01:C3:00:00:0${n}`;

function etherView(n: number, extra: Reply = {}): Reply {
  return {
    '.id': `*${n}`, 'actual-mtu': '1500', 'default-name': `ether${n}`, disabled: 'false', ...ZERO_COUNTERS,
    l2mtu: '1598', 'link-downs': '0', 'mac-address': mac(n), 'max-l2mtu': '9214', mtu: '1500', name: `ether${n}`,
    running: 'true', type: 'ether', ...(n > 1 ? { slave: 'true' } : {}), ...extra,
  };
}

const bridgeView: Reply = {
  '.id': '*6', 'actual-mtu': '1500', comment: 'defconf', disabled: 'false', dynamic: 'false', ...ZERO_COUNTERS,
  l2mtu: '1598', 'link-downs': '0', 'mac-address': mac(2), mtu: 'auto', name: 'bridge', running: 'true', type: 'bridge',
};

// The router's own loopback, listed after the board's interfaces.
const loView: Reply = {
  '.id': '*0', 'actual-mtu': '65536', disabled: 'false', dynamic: 'false', ...ZERO_COUNTERS,
  'link-downs': '0', 'mac-address': '00:00:00:00:00:00', mtu: '65536', name: 'lo', running: 'true', type: 'loopback',
};

test('/interface lists the five Ethernet ports, the default bridge and lo', async () => {
  const r = boot();
  try {
    const records = await r.print('interface');
    assertOrder(records);
    assert.deepEqual(records, [etherView(1), etherView(2), etherView(3), etherView(4), etherView(5), bridgeView, loView]);
  } finally { r.close(); }
});

test('/interface has no add and no remove; /interface/ethernet neither', async () => {
  const r = boot();
  try {
    for (const where of ['interface', 'interface/ethernet']) {
      await assert.rejects(r.run(where, 'remove', { numbers: 'ether1' }), { message: 'no such command' });
      await assert.rejects(r.run(where, 'add', { name: 'x' }), { message: 'no such command' });
    }
    assert.equal((await r.print('interface')).length, 7);
    // A word like `auto` is not a number: neither less nor greater than one.
    const below = await r.print('interface', {}, { query: ['<mtu=1500'], proplist: ['name'] });
    assert.deepEqual(below, []);
  } finally { r.close(); }
});

test('/interface print oid shows IF-MIB objects with the interface id', async () => {
  const r = boot();
  try {
    const [ether1] = await r.print('interface', { oid: '' });
    assert.deepEqual(ether1, {
      '.id': '*1',
      'mac-address': '.1.3.6.1.2.1.2.2.1.6.1',
      mtu: '.1.3.6.1.2.1.2.2.1.4.1',
      name: '.1.3.6.1.2.1.2.2.1.2.1',
      'rx-byte': '.1.3.6.1.2.1.31.1.1.1.6.1',
      'rx-drop': '.1.3.6.1.2.1.2.2.1.13.1',
      'rx-error': '.1.3.6.1.2.1.2.2.1.14.1',
      'rx-packet': '.1.3.6.1.2.1.31.1.1.1.7.1',
      'tx-byte': '.1.3.6.1.2.1.31.1.1.1.10.1',
      'tx-drop': '.1.3.6.1.2.1.2.2.1.19.1',
      'tx-error': '.1.3.6.1.2.1.2.2.1.20.1',
      'tx-packet': '.1.3.6.1.2.1.31.1.1.1.11.1',
    });
  } finally { r.close(); }
});

test('/interface/ethernet default ports', async () => {
  const r = boot();
  try {
    const records = await r.print('interface/ethernet');
    assertOrder(records);
    assert.equal(records.length, 5);
    assert.deepEqual(records[0], {
      '.id': '*1', advertise: '10M-baseT-half,10M-baseT-full,100M-baseT-half,100M-baseT-full,1G-baseT-half,1G-baseT-full',
      arp: 'enabled', 'arp-timeout': 'auto', 'auto-negotiation': 'true', 'cable-settings': 'default', 'default-name': 'ether1',
      'disable-running-check': 'false', disabled: 'false', l2mtu: '1598', 'loop-protect': 'default',
      'loop-protect-disable-time': '5m', 'loop-protect-send-interval': '5s', 'loop-protect-status': 'off',
      'mac-address': mac(1), 'max-l2mtu': '9214', 'mdix-enable': 'true', mtu: '1500', name: 'ether1',
      'orig-mac-address': mac(1), running: 'true', 'rx-broadcast': '0', 'rx-bytes': '0', 'rx-flow-control': 'off',
      'rx-multicast': '0', 'rx-packet': '0', switch: 'switch1', 'tx-broadcast': '0', 'tx-bytes': '0',
      'tx-flow-control': 'off', 'tx-multicast': '0', 'tx-packet': '0',
    });
    assert.equal(records[1].slave, 'true');
    assert.deepEqual(records.map((e) => e['mac-address']), [1, 2, 3, 4, 5].map(mac));
  } finally { r.close(); }
});

test('an Ethernet port takes a new MAC and gets its own back with reset-mac-address', async () => {
  const r = boot();
  try {
    await r.run('interface/ethernet', 'set', { numbers: 'ether1', 'mac-address': '02-00-00-aa-bb-cc', mtu: '1400' });
    const [e1] = await r.print('interface/ethernet', {}, { proplist: ['mac-address', 'orig-mac-address', 'mtu'] });
    assert.deepEqual(e1, { 'mac-address': '02:00:00:AA:BB:CC', mtu: '1400', 'orig-mac-address': mac(1) });
    assert.equal((await r.run('interface', 'get', { number: 'ether1', 'value-name': 'actual-mtu' })).done!.ret, '1400');
    await r.run('interface/ethernet', 'reset-mac-address', { numbers: 'ether1' });
    assert.equal((await r.run('interface', 'get', { number: 'ether1', 'value-name': 'mac-address' })).done!.ret, mac(1));
    await assert.rejects(r.run('interface/ethernet', 'set', { numbers: 'ether1', arp: 'sometimes' }),
      { message: 'input does not match any value of arp' });
    // The burnt-in address is the board's: it is not for set.
    await assert.rejects(r.run('interface/ethernet', 'set', { numbers: 'ether1', 'orig-mac-address': '02:00:00:00:00:01' }),
      { message: 'unknown parameter orig-mac-address' });
    // reset brings every setting back, the MAC included, and keeps the name.
    const before = (await r.print('interface/ethernet'))[1];
    await r.run('interface/ethernet', 'set', { numbers: 'ether2', name: 'lan', 'mac-address': '02:00:00:00:00:02', mtu: '9000', arp: 'reply-only', comment: 'x' });
    await r.run('interface/ethernet', 'reset', { numbers: 'lan' });
    assert.deepEqual((await r.print('interface/ethernet'))[1], { ...before, name: 'lan' });
  } finally { r.close(); }
});

test('/interface/bridge default bridge as defconf makes it', async () => {
  const r = boot();
  try {
    const records = await r.print('interface/bridge');
    assertOrder(records);
    assert.deepEqual(records, [{
      '.id': '*6', 'actual-mtu': '1500', 'admin-mac': mac(2), 'ageing-time': '5m', arp: 'enabled', 'arp-timeout': 'auto',
      'auto-mac': 'false', comment: 'defconf', 'dhcp-snooping': 'false', disabled: 'false', dynamic: 'false',
      'fast-forward': 'true', 'forward-delay': '15s', 'igmp-snooping': 'false', l2mtu: '1598', 'mac-address': mac(2),
      'max-learned-entries': 'auto', 'max-message-age': '20s', mtu: 'auto', mvrp: 'false', name: 'bridge',
      'port-cost-mode': 'long', priority: '0x8000', 'protocol-mode': 'rstp', running: 'true',
      'transmit-hold-count': '6', 'vlan-filtering': 'false',
    }]);
  } finally { r.close(); }
});

test('bridge add, set, disable, enable and remove', async () => {
  const r = boot();
  try {
    assert.equal(await r.add('interface/bridge', { name: 'br1', comment: 'lab' }), '*7');
    const expected: Reply = {
      '.id': '*7', 'actual-mtu': '1500', 'ageing-time': '5m', arp: 'enabled', 'arp-timeout': 'auto', 'auto-mac': 'true',
      comment: 'lab', 'dhcp-snooping': 'false', disabled: 'false', dynamic: 'false', 'fast-forward': 'true',
      'forward-delay': '15s', 'igmp-snooping': 'false', l2mtu: '65535', 'mac-address': generatedMac('bridge7'),
      'max-learned-entries': 'auto', 'max-message-age': '20s', mtu: 'auto', mvrp: 'false', name: 'br1',
      'port-cost-mode': 'long', priority: '0x8000', 'protocol-mode': 'rstp', running: 'true',
      'transmit-hold-count': '6', 'vlan-filtering': 'false',
    };
    const [, br1] = await r.print('interface/bridge');
    assert.deepEqual(br1, expected);
    assertOrder([br1]);
    assert.match(br1['mac-address'], /^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/);

    // VLAN filtering brings its settings into view; priority reads decimal and shows hex.
    await r.run('interface/bridge', 'set', { numbers: 'br1', 'vlan-filtering': 'yes', priority: '4096', 'ageing-time': '00:10:00' });
    const [, filtering] = await r.print('interface/bridge');
    assert.deepEqual(filtering, {
      ...expected, 'ageing-time': '10m', 'ether-type': '0x8100', 'frame-types': 'admit-all', 'ingress-filtering': 'true',
      priority: '0x1000', pvid: '1', 'vlan-filtering': 'true',
    });
    assertOrder([filtering]);
    await assert.rejects(r.run('interface/bridge', 'set', { numbers: 'br1', 'forward-delay': '1m' }),
      { message: 'value of forward-delay is out of range (00:00:04 .. 00:00:30)' });

    // The first port gives an auto-mac bridge its MAC, and the bridge's L2MTU follows it.
    await r.run('interface/bridge/port', 'set', { numbers: '*0', bridge: 'br1' });
    const [, ported] = await r.print('interface/bridge', {}, { proplist: ['mac-address', 'l2mtu'] });
    assert.deepEqual(ported, { l2mtu: '1598', 'mac-address': mac(2) });

    await r.run('interface/bridge', 'disable', { numbers: 'br1' });
    assert.deepEqual(await r.print('interface', {}, { proplist: ['name', 'running', 'disabled'], query: ['name=br1'] }),
      [{ disabled: 'true', name: 'br1', running: 'false' }]);
    await r.run('interface', 'enable', { numbers: 'br1' });
    assert.equal((await r.run('interface/bridge', 'get', { number: 'br1', 'value-name': 'running' })).done!.ret, 'true');

    await r.run('interface/bridge', 'remove', { numbers: 'br1' });
    assert.deepEqual((await r.print('interface/bridge')).map((b) => b.name), ['bridge']);
    await assert.rejects(r.run('interface/bridge', 'remove', { numbers: 'br1' }), { message: 'no such item' });
  } finally { r.close(); }
});

test('a bridge or VLAN added without a name gets the next free one', async () => {
  const r = boot();
  try {
    await r.add('interface/bridge', {});
    await r.add('interface/bridge', {});
    await r.add('interface/vlan', { 'vlan-id': '5', interface: 'ether1' });
    assert.deepEqual((await r.print('interface')).slice(7).map((i) => i.name), ['bridge1', 'bridge2', 'vlan1']);
  } finally { r.close(); }
});

test('/interface/bridge/port default ports ether2..ether5', async () => {
  const r = boot();
  try {
    const records = await r.print('interface/bridge/port');
    assertOrder(records);
    assert.deepEqual(records.map((p) => [p['.id'], p.interface, p.bridge, p.comment]), [
      ['*0', 'ether2', 'bridge', 'defconf'], ['*1', 'ether3', 'bridge', 'defconf'],
      ['*2', 'ether4', 'bridge', 'defconf'], ['*3', 'ether5', 'bridge', 'defconf'],
    ]);
    assert.deepEqual(records[0], {
      '.id': '*0', 'auto-isolate': 'false', 'bpdu-guard': 'false', bridge: 'bridge', 'broadcast-flood': 'true',
      comment: 'defconf', 'designated-bridge': `0x8000.${mac(2)}`, 'designated-cost': '0', 'designated-port-number': '1',
      disabled: 'false', dynamic: 'false', edge: 'auto', 'edge-port': 'true', 'edge-port-discovery': 'true',
      'external-fdb-status': 'false', 'fast-leave': 'false', 'forward-transitions': '1', forwarding: 'true',
      'frame-types': 'admit-all', horizon: 'none', hw: 'true', 'hw-offload': 'true', inactive: 'false',
      'ingress-filtering': 'true', interface: 'ether2', 'internal-path-cost': '10', learn: 'auto', learning: 'true',
      'multicast-router': 'temporary-query', 'path-cost': '10', 'point-to-point': 'auto', 'point-to-point-port': 'true',
      'port-number': '1', priority: '0x80', pvid: '1', 'restricted-role': 'false', 'restricted-tcn': 'false',
      role: 'designated-port', 'root-path-cost': '0', 'rx-bpdu': '0', 'rx-tc': '0', 'sending-rstp': 'true',
      status: 'in-bridge', 'tag-stacking': 'false', 'topology-changes': '0', trusted: 'false', 'trusted-dhcpv6': 'false',
      'trusted-ra': 'false', 'tx-bpdu': '0', 'tx-tc': '0', 'unknown-multicast-flood': 'true', 'unknown-unicast-flood': 'true',
    });
  } finally { r.close(); }
});

test('bridge ports: one bridge per interface, bridges only, ordered', async () => {
  const r = boot();
  try {
    await assert.rejects(r.add('interface/bridge/port', { bridge: 'bridge', interface: 'ether2' }),
      { message: 'failure: device already added as bridge port' });
    await assert.rejects(r.add('interface/bridge/port', { bridge: 'ether1', interface: 'ether1' }),
      { message: 'input does not match any value of bridge' });
    await assert.rejects(r.add('interface/bridge/port', { bridge: 'bridge', interface: 'ether9' }),
      { message: 'input does not match any value of interface' });
    await assert.rejects(r.add('interface/bridge/port', { interface: 'ether1' }), { message: 'missing =bridge=' });

    // ether1 joins before ether2; a disabled port entry leaves its interface on its own.
    assert.equal(await r.add('interface/bridge/port', { bridge: 'bridge', interface: 'ether1', 'place-before': '*0' }), '*4');
    assert.deepEqual((await r.print('interface/bridge/port')).map((p) => p.interface), ['ether1', 'ether2', 'ether3', 'ether4', 'ether5']);
    await r.run('interface/bridge/port', 'disable', { numbers: '*4' });
    const [disabledPort] = await r.print('interface/bridge/port', {}, { proplist: ['interface', 'inactive', 'status', 'role', 'port-number'] });
    assert.deepEqual(disabledPort, { inactive: 'true', interface: 'ether1', status: 'inactive' });
    assert.equal((await r.print('interface', {}, { query: ['name=ether1'] }))[0].slave, undefined);
    // Moving a port to another bridge is a set.
    await r.add('interface/bridge', { name: 'br2' });
    await r.run('interface/bridge/port', 'set', { numbers: '*1', bridge: 'br2' });
    assert.equal((await r.run('interface/bridge/port', 'get', { number: '*1', 'value-name': 'bridge' })).done!.ret, 'br2');
  } finally { r.close(); }
});

test('/interface/vlan add, set, disable, enable and remove', async () => {
  const r = boot();
  try {
    assert.deepEqual(await r.print('interface/vlan'), []);
    assert.equal(await r.add('interface/vlan', { name: 'vlan10', 'vlan-id': '10', interface: 'ether1' }), '*7');
    const expected: Reply = {
      '.id': '*7', arp: 'enabled', 'arp-timeout': 'auto', disabled: 'false', interface: 'ether1', l2mtu: '1594',
      'loop-protect': 'default', 'loop-protect-disable-time': '5m', 'loop-protect-send-interval': '5s',
      'loop-protect-status': 'off', 'mac-address': mac(1), mtu: '1500', mvrp: 'false', name: 'vlan10', running: 'true',
      'use-service-tag': 'false', 'vlan-id': '10',
    };
    const records = await r.print('interface/vlan');
    assertOrder(records);
    assert.deepEqual(records, [expected]);
    // In /interface it is one more interface, a virtual one.
    const [general] = await r.print('interface', {}, { query: ['type=vlan'] });
    assert.deepEqual(general, {
      '.id': '*7', 'actual-mtu': '1500', disabled: 'false', dynamic: 'false', ...ZERO_COUNTERS, l2mtu: '1594',
      'link-downs': '0', 'mac-address': mac(1), mtu: '1500', name: 'vlan10', running: 'true', type: 'vlan',
    });
    assertOrder([general]);

    // On the bridge it takes the bridge's MAC.
    await r.run('interface/vlan', 'set', { numbers: 'vlan10', interface: 'bridge', 'vlan-id': '20', mtu: '1496' });
    const [moved] = await r.print('interface/vlan', {}, { proplist: ['interface', 'mac-address', 'mtu', 'vlan-id'] });
    assert.deepEqual(moved, { interface: 'bridge', 'mac-address': mac(2), mtu: '1496', 'vlan-id': '20' });

    await r.run('interface/vlan', 'disable', { numbers: 'vlan10' });
    assert.equal((await r.run('interface/vlan', 'get', { number: 'vlan10', 'value-name': 'running' })).done!.ret, 'false');
    await r.run('interface/vlan', 'enable', { numbers: 'vlan10' });
    // A VLAN runs while its parent does.
    await r.run('interface/bridge', 'disable', { numbers: 'bridge' });
    assert.equal((await r.run('interface/vlan', 'get', { number: 'vlan10', 'value-name': 'running' })).done!.ret, 'false');
    await r.run('interface/bridge', 'enable', { numbers: 'bridge' });
    assert.equal((await r.run('interface/vlan', 'get', { number: 'vlan10', 'value-name': 'running' })).done!.ret, 'true');

    await r.run('interface/vlan', 'remove', { numbers: 'vlan10' });
    assert.deepEqual(await r.print('interface/vlan'), []);
    assert.equal((await r.print('interface')).length, 7);
  } finally { r.close(); }
});

test('VLAN arguments are checked', async () => {
  const r = boot();
  try {
    await assert.rejects(r.add('interface/vlan', { name: 'v', 'vlan-id': '10', interface: 'ether9' }),
      { message: 'input does not match any value of interface' });
    await assert.rejects(r.add('interface/vlan', { name: 'v', interface: 'ether1' }), { message: 'missing =vlan-id=' });
    await assert.rejects(r.add('interface/vlan', { name: 'v', 'vlan-id': '4095', interface: 'ether1' }),
      { message: 'value of vlan-id out of range (1..4094)' });
    await r.add('interface/vlan', { name: 'v10', 'vlan-id': '10', interface: 'ether1' });
    await assert.rejects(r.add('interface/vlan', { name: 'v10b', 'vlan-id': '10', interface: 'ether1' }),
      { message: 'failure: vlan with the same vlan-id already exists on that interface' });
    // The same tag on another parent, or as a service tag, is another VLAN.
    await r.add('interface/vlan', { name: 'v10c', 'vlan-id': '10', interface: 'ether2' });
    await r.add('interface/vlan', { name: 'v10s', 'vlan-id': '10', interface: 'ether1', 'use-service-tag': 'yes' });
  } finally { r.close(); }
});

test('interface names are unique across kinds', async () => {
  const r = boot();
  try {
    const taken = { message: 'failure: already have interface with such name' };
    await assert.rejects(r.add('interface/bridge', { name: 'ether1' }), taken);
    await assert.rejects(r.add('interface/vlan', { name: 'bridge', 'vlan-id': '3', interface: 'ether1' }), taken);
    await assert.rejects(r.run('interface', 'set', { numbers: 'ether3', name: 'ether4' }), taken);
    await assert.rejects(r.run('interface/ethernet', 'set', { numbers: 'ether3', name: 'bridge' }), taken);
    await assert.rejects(r.run('interface', 'set', { numbers: 'ether3', name: '' }), { message: 'invalid value for argument name' });
  } finally { r.close(); }
});

test('/interface set checks what each kind allows', async () => {
  const r = boot();
  try {
    await assert.rejects(r.run('interface', 'set', { numbers: 'ether1', mtu: 'auto' }), { message: 'invalid value for argument mtu' });
    await assert.rejects(r.run('interface', 'set', { numbers: 'bridge', l2mtu: '1600' }), { message: 'unknown parameter l2mtu' });
    await assert.rejects(r.run('interface', 'set', { numbers: 'ether1', type: 'bridge' }), { message: 'unknown parameter type' });
    await r.run('interface', 'set', { numbers: 'bridge', mtu: '1400', comment: 'lan' });
    await r.run('interface', 'set', { numbers: 'ether1', l2mtu: '2000' });
    const records = await r.print('interface', {}, { proplist: ['name', 'mtu', 'actual-mtu', 'l2mtu', 'comment'] });
    assert.deepEqual(records[0], { 'actual-mtu': '1500', l2mtu: '2000', mtu: '1500', name: 'ether1' });
    assert.deepEqual(records[5], { 'actual-mtu': '1400', comment: 'lan', l2mtu: '1598', mtu: '1400', name: 'bridge' });
    // Back to auto via the bridge's own menu.
    await r.run('interface/bridge', 'unset', { numbers: 'bridge', 'value-name': 'mtu' });
    assert.equal((await r.run('interface', 'get', { number: 'bridge', 'value-name': 'mtu' })).done!.ret, 'auto');
  } finally { r.close(); }
});

test('renaming an interface shows through bridge ports, addresses and list members', async () => {
  const r = boot();
  try {
    await r.run('interface', 'set', { numbers: 'ether2', name: 'lan-a' });
    await r.run('interface/bridge', 'set', { numbers: 'bridge', name: 'br-lan' });
    assert.deepEqual((await r.print('interface/bridge/port')).map((p) => [p.interface, p.bridge]), [
      ['lan-a', 'br-lan'], ['ether3', 'br-lan'], ['ether4', 'br-lan'], ['ether5', 'br-lan'],
    ]);
    const [addr] = await r.print('ip/address', {}, { proplist: ['interface', 'actual-interface'] });
    assert.deepEqual(addr, { 'actual-interface': 'br-lan', interface: 'br-lan' });
    assert.deepEqual((await r.print('interface/list/member')).map((m) => [m.list, m.interface]), [['LAN', 'br-lan'], ['WAN', 'ether1']]);
    // The name is the key in URLs and `numbers`: the new one works, the old one is gone.
    assert.equal((await r.run('interface/ethernet', 'get', { number: 'lan-a', 'value-name': 'default-name' })).done!.ret, 'ether2');
    await assert.rejects(r.run('interface', 'get', { number: 'ether2' }), { message: 'no such item' });
  } finally { r.close(); }
});

test('an address on a bridge port works on the bridge', async () => {
  const r = boot();
  try {
    await r.add('ip/address', { address: '10.0.0.1/24', interface: 'ether3' });
    const [, addr] = await r.print('ip/address', {}, { proplist: ['interface', 'actual-interface'] });
    assert.deepEqual(addr, { 'actual-interface': 'bridge', interface: 'ether3' });
  } finally { r.close(); }
});

test('removing a VLAN leaves what used it invalid, showing its old id', async () => {
  const r = boot();
  try {
    const id = await r.add('interface/vlan', { name: 'guest', 'vlan-id': '30', interface: 'bridge' });
    assert.equal(id, '*7');
    await r.add('interface/list/member', { list: 'LAN', interface: 'guest' });
    await r.add('ip/address', { address: '10.30.0.1/24', interface: 'guest' });
    await r.add('interface/bridge/port', { bridge: 'bridge', interface: 'guest' });
    await r.run('interface/vlan', 'remove', { numbers: 'guest' });

    const members = await r.print('interface/list/member');
    assert.deepEqual(members[2], { '.id': '*3', disabled: 'false', dynamic: 'false', interface: '*7', invalid: 'true', list: 'LAN' });
    const addresses = await r.print('ip/address', {}, { proplist: ['interface', 'invalid'] });
    assert.deepEqual(addresses[1], { interface: '*7', invalid: 'true' });
    const ports = await r.print('interface/bridge/port', {}, { proplist: ['interface', 'inactive', 'status'] });
    assert.deepEqual(ports[4], { inactive: 'true', interface: '*7', status: 'inactive' });
    // The id never comes back: the next interface gets a new one.
    assert.equal(await r.add('interface/vlan', { name: 'guest', 'vlan-id': '30', interface: 'bridge' }), '*8');
  } finally { r.close(); }
});

test('/interface/list: built-in lists, then WAN and LAN', async () => {
  const r = boot();
  try {
    const records = await r.print('interface/list');
    assertOrder(records);
    assert.deepEqual(records, [
      { '.id': '*2000000', builtin: 'true', comment: 'contains all interfaces', dynamic: 'false', exclude: '', include: '', name: 'all' },
      { '.id': '*2000001', builtin: 'true', comment: 'contains no interfaces', dynamic: 'false', exclude: '', include: '', name: 'none' },
      { '.id': '*2000002', builtin: 'true', comment: 'contains dynamic interfaces', dynamic: 'false', exclude: '', include: '', name: 'dynamic' },
      { '.id': '*2000003', builtin: 'true', comment: 'contains static interfaces', dynamic: 'false', exclude: '', include: '', name: 'static' },
      { '.id': '*2000010', builtin: 'false', comment: 'defconf', dynamic: 'false', exclude: '', include: '', name: 'WAN' },
      { '.id': '*2000011', builtin: 'false', comment: 'defconf', dynamic: 'false', exclude: '', include: '', name: 'LAN' },
    ]);
    await assert.rejects(r.run('interface/list', 'remove', { numbers: 'all' }), { message: 'failure: can not remove builtin list' });
    await assert.rejects(r.run('interface/list', 'set', { numbers: 'none', name: 'some' }), { message: 'failure: can not change builtin list' });
    await assert.rejects(r.run('interface/list', 'disable', { numbers: 'LAN' }), { message: 'no such command' });

    assert.equal(await r.add('interface/list', { name: 'MGMT', include: 'LAN', exclude: 'WAN' }), '*2000012');
    assert.deepEqual((await r.print('interface/list'))[6],
      { '.id': '*2000012', builtin: 'false', dynamic: 'false', exclude: 'WAN', include: 'LAN', name: 'MGMT' });
    await assert.rejects(r.add('interface/list', { name: 'X', include: 'NOPE' }), { message: 'input does not match any value of include' });
    await assert.rejects(r.add('interface/list', { name: 'LAN' }), { message: 'failure: already have such name' });
  } finally { r.close(); }
});

test('/interface/list/member: defaults, duplicates and references', async () => {
  const r = boot();
  try {
    const records = await r.print('interface/list/member');
    assertOrder(records);
    assert.deepEqual(records, [
      { '.id': '*1', comment: 'defconf', disabled: 'false', dynamic: 'false', interface: 'bridge', invalid: 'false', list: 'LAN' },
      { '.id': '*2', comment: 'defconf', disabled: 'false', dynamic: 'false', interface: 'ether1', invalid: 'false', list: 'WAN' },
    ]);
    await assert.rejects(r.add('interface/list/member', { list: 'WAN', interface: 'ether1' }), { message: 'failure: already have such entry' });
    await assert.rejects(r.add('interface/list/member', { list: 'DMZ', interface: 'ether1' }), { message: 'input does not match any value of list' });
    await assert.rejects(r.add('interface/list/member', { list: 'WAN', interface: 'wlan1' }), { message: 'input does not match any value of interface' });
    assert.equal(await r.add('interface/list/member', { list: 'LAN', interface: 'ether1' }), '*3');
    // A renamed list shows its new name in its members.
    await r.run('interface/list', 'set', { numbers: 'WAN', name: 'uplink' });
    assert.equal((await r.run('interface/list/member', 'get', { number: '*2', 'value-name': 'list' })).done!.ret, 'uplink');
  } finally { r.close(); }
});
