// Faces bound from their own menus (snmp from /snmp, dns from /ip dns, ntp from /system ntp
// server) on stand-in ports the store keeps: they listen while their menu says so, port 0
// becomes the port really bound and stays it across a restart.
// A real UDP echo face on loopback stands for the protocol here; each protocol's own tests
// use its real face.

import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import fs from 'node:fs';
import { after, describe, test } from 'node:test';
import { Store } from '../../src/core/store.js';
import { bindUdp } from '../../src/services/bind.js';
import { Services, type Face } from '../../src/services/services.js';
import { STAND_IN_DEFAULTS, standInPorts } from '../../src/services/stand-in.js';
import { tempDir } from '../helpers/router.js';

/** A face that echoes every datagram. */
const echo: Face = async (spec) => {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (m, from) => socket.send(m, from.port, from.address));
  const port = await bindUdp(socket, spec.port, spec.host);
  return { port, update() {}, close: () => new Promise<void>((ok) => socket.close(() => ok())) };
};

/** The answer of a UDP server to one datagram, or undefined after 300 ms of silence. */
function ask(port: number, text: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = dgram.createSocket('udp4');
    const timer = setTimeout(() => { socket.close(); resolve(undefined); }, 300);
    socket.on('message', (m) => { clearTimeout(timer); socket.close(); resolve(m.toString()); });
    socket.send(text, port, '127.0.0.1');
  });
}

function services(store: Store, bound: Record<string, number>) {
  const s = new Services({ store, host: '127.0.0.1', bound, standIns: standInPorts(store), certificate: () => undefined, log: () => {} });
  s.register('snmp', echo, { tables: ['snmp'], enabled: (st) => st.table('snmp').rows[0]?.values.enabled === 'true' });
  return s;
}

const setEnabled = async (store: Store, on: boolean) => {
  const row = store.table('snmp').rows[0];
  store.commit([row
    ? { op: 'update', table: 'snmp', id: row.id, values: { enabled: String(on) } }
    : { op: 'insert', table: 'snmp', row: store.newRow('snmp', { enabled: String(on) }, false) }]);
  await store.settled();
};

describe('faces bound from their own menus, on stand-in ports', () => {
  const dirs: string[] = [];
  after(() => { for (const d of dirs) fs.rmSync(d, { recursive: true, force: true }); });

  test('the stand-ins of 161, 53 and 123 when none was given', () => {
    assert.deepEqual(STAND_IN_DEFAULTS, { snmp: 1161, dns: 1053, ntp: 1123 });
  });

  test('a face listens while its menu enables it, on the port 0 picked, kept across a restart', async () => {
    const dir = tempDir();
    dirs.push(dir);
    let store = Store.open(dir);
    standInPorts(store).set('snmp', 0);
    await setEnabled(store, false);
    const bound: Record<string, number> = {};
    let s = services(store, bound);
    await s.start();
    assert.equal(bound.snmp, undefined, 'disabled: nothing listens');

    await setEnabled(store, true);
    await s.settled();
    const port = bound.snmp;
    assert.ok(port > 0);
    assert.equal(await ask(port, 'hello'), 'hello');
    assert.equal(standInPorts(store).get('snmp'), port, 'the port really bound is kept');

    await setEnabled(store, false);
    await s.settled();
    assert.equal(bound.snmp, undefined);
    assert.equal(await ask(port, 'still there?'), undefined);

    await setEnabled(store, true);
    await s.settled();
    assert.equal(bound.snmp, port, 'enabled again: the same port');
    await s.stop();
    await store.settled();
    store.close();

    store = Store.open(dir);
    const again: Record<string, number> = {};
    s = services(store, again);
    await s.start();
    assert.equal(again.snmp, port, 'after a restart: the same port');
    assert.equal(await ask(port, 'back'), 'back');
    await s.stop();
    store.close();
  });
});
