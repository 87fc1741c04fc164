// Nothing a client sends stops the agent: malformed BER (truncations, flipped bytes, lengths
// past the end, nesting, garbage), absurd PDUs (max-repetitions of 2^31-1, negative
// non-repeaters, OIDs with huge arcs), v3 headers with nonsense in every field. Each is sent
// over a real UDP socket to the router running in this process (an exception escaping the
// agent would end this test's process); after each batch the agent still answers a good get.

import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import { after, before, describe, test } from 'node:test';
import { readMessage } from '../../src/services/snmp/library.js';
import { counter64 } from '../../src/services/snmp/agent.js';
import { startSnmpRouter, type SnmpRouter } from './snmp-clients.js';

let t: SnmpRouter;
let socket: dgram.Socket;
before(async () => {
  t = await startSnmpRouter();
  socket = dgram.createSocket('udp4');
  await new Promise<void>((ok) => socket.bind(0, '127.0.0.1', () => ok()));
});
after(async () => {
  socket.close();
  await t.stop();
});

// ---------------------------------------------------------------- a little BER

const length = (n: number) => (n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff]);
const tlv = (tag: number, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([Buffer.from([tag, ...length(body.length)]), body]);
};
function int(n: number): Buffer {
  const bytes: number[] = [];
  let x = BigInt(n);
  for (;;) {
    bytes.unshift(Number(x & 0xffn));
    if ((x >= -128n && x <= 127n)) break;
    x >>= 8n;
  }
  return tlv(2, Buffer.from(bytes));
}
const octets = (s: string | Buffer) => tlv(4, Buffer.isBuffer(s) ? s : Buffer.from(s));
function oid(text: string): Buffer {
  const arcs = text.split('.').map(Number);
  const out = [arcs[0] * 40 + arcs[1]];
  for (const a of arcs.slice(2)) {
    const b: number[] = [a & 0x7f];
    for (let v = Math.floor(a / 128); v > 0; v = Math.floor(v / 128)) b.unshift((v & 0x7f) | 0x80);
    out.push(...b);
  }
  return tlv(6, Buffer.from(out));
}
const varbinds = (oids: string[]) => tlv(0x30, ...oids.map((o) => tlv(0x30, oid(o), Buffer.from([5, 0]))));
/** A v1/v2c request: version 0 or 1, community, PDU tag, OIDs. */
const request = (version: number, community: string, tag: number, oids: string[], a = 0, b = 0, id = 7) =>
  tlv(0x30, int(version), octets(community), tlv(tag, int(id), int(a), int(b), varbinds(oids)));
/** A v3 message with the given header values and a plain scoped PDU. */
const v3 = (flags: number, engineId: Buffer, user: string, boots = 0, time = 0, model = 3) => tlv(0x30, int(3),
  tlv(0x30, int(99), int(65507), octets(Buffer.from([flags])), int(model)),
  octets(tlv(0x30, octets(engineId), int(boots), int(time), octets(user), octets(Buffer.alloc(flags & 1 ? 12 : 0)), octets(Buffer.alloc(flags & 2 ? 8 : 0)))),
  tlv(0x30, octets(engineId), octets(''), tlv(0xa0, int(5), int(0), int(0), varbinds(['1.3.6.1.2.1.1.5.0']))));

const SYS_NAME = '1.3.6.1.2.1.1.5.0';

/** Sends each datagram, then a good get, and returns the good get's answer. */
async function survive(datagrams: Buffer[]): Promise<string> {
  for (const d of datagrams) socket.send(d, t.snmp, '127.0.0.1');
  const good = request(1, 'public', 0xa0, [SYS_NAME], 0, 0, 4242);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { socket.off('message', on); reject(new Error('the agent stopped answering')); }, 5000);
    const on = (m: Buffer) => {
      let msg;
      try { msg = readMessage(m); } catch { return; }
      if (msg.pdu?.id !== 4242) return;
      clearTimeout(timer);
      socket.off('message', on);
      resolve(String(msg.pdu.varbinds[0].value));
    };
    socket.on('message', on);
    socket.send(good, t.snmp, '127.0.0.1');
  });
}

/** A deterministic stream of bytes, so a failure can be repeated. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s; };
}

describe('malformed and hostile packets', () => {
  const valid = [
    request(0, 'public', 0xa0, [SYS_NAME]),
    request(1, 'public', 0xa1, ['1.3.6.1.2.1.2.2.1']),
    request(1, 'public', 0xa5, ['1.3.6.1.2.1.31.1.1.1', '1.3.6.1.2.1.2.2.1.2'], 1, 20),
    request(1, 'rw', 0xa3, [SYS_NAME]),
    v3(4, Buffer.alloc(0), ''),
    v3(7, Buffer.from('80003a8c04', 'hex'), 'public', 1, 0),
  ];

  test('every truncation and every single flipped byte of valid requests', async () => {
    const bad: Buffer[] = [];
    for (const v of valid) {
      for (let n = 0; n < v.length; n++) bad.push(v.subarray(0, n));
      for (let i = 0; i < v.length; i++) for (const x of [0x00, 0xff, 0x80, 0x7f]) { const c = Buffer.from(v); c[i] = x; bad.push(c); }
    }
    for (let i = 0; i < bad.length; i += 200) assert.equal(await survive(bad.slice(i, i + 200)), 'MikroTik');
  });

  test('random garbage, random mutations, lengths past the end, deep nesting', async () => {
    const next = random(20261202);
    const bad: Buffer[] = [Buffer.alloc(0), Buffer.from([0x30]), Buffer.from([0x30, 0x84, 0xff, 0xff, 0xff, 0xff]), Buffer.from([0x30, 0x80, 0, 0])];
    for (let i = 0; i < 300; i++) bad.push(Buffer.from(Array.from({ length: 1 + (next() % 300) }, () => next() & 0xff)));
    for (const v of valid) for (let i = 0; i < 200; i++) {
      const c = Buffer.from(v);
      for (let k = 0; k < 1 + (next() % 4); k++) c[next() % c.length] = next() & 0xff;
      bad.push(c);
    }
    let deep = Buffer.from([5, 0]);
    for (let i = 0; i < 2000; i++) deep = tlv(0x30, deep);
    bad.push(deep, Buffer.alloc(60000, 0x30));
    for (let i = 0; i < bad.length; i += 200) assert.equal(await survive(bad.slice(i, i + 200)), 'MikroTik');
  });

  test('absurd requests: max-repetitions 2^31-1, negative non-repeaters, huge arcs, unknown PDU types and versions, nonsense v3 headers', async () => {
    assert.equal(await survive([
      request(1, 'public', 0xa5, ['1.3.6.1'], 0, 0x7fffffff),
      request(1, 'public', 0xa5, ['1.3.6.1', '1.3.6.1.2'], -5, 0x7fffffff),
      request(1, 'public', 0xa5, ['1.3.6.1'], 0x7fffffff, -1),
      request(1, 'public', 0xa0, ['1.3.4294967295.4294967295', '2.999999.1']),
      request(1, 'public', 0xa1, ['1.3.6.1.4.1.14988.1.1.18.1.1.2.4294967295']),
      request(1, 'public', 0xa3, ['1.3.6.1.4.1.14988.1.1.8.1.1.3.4294967295']),
      request(1, 'public', 0xa8, [SYS_NAME]),
      request(1, 'public', 0xa2, [SYS_NAME]),
      request(7, 'public', 0xa0, [SYS_NAME]),
      request(-1, 'public', 0xa0, [SYS_NAME]),
      request(0, 'public', 0xa5, [SYS_NAME], 0, 10),
      v3(2, Buffer.from('80003a8c04', 'hex'), 'public'),
      v3(0xff, Buffer.alloc(40, 0xee), 'x'.repeat(300), -1, -1),
      v3(3, Buffer.from('80003a8c04', 'hex'), 'public', 0x7fffffff, 0x7fffffff, 99),
      v3(4, Buffer.from('80003a8c04', 'hex'), 'public', 1, 1, 3),
    ]), 'MikroTik');
  });

  test('a request answered too big for one datagram is answered tooBig, and the agent goes on', async () => {
    const many = Array.from({ length: 1200 }, () => '1.3.6.1.2.1.1.1.0');
    const answer = new Promise<number>((resolve) => {
      const on = (m: Buffer) => {
        let msg;
        try { msg = readMessage(m); } catch { return; }
        if (msg.pdu?.id !== 31) return;
        socket.off('message', on);
        resolve((msg.pdu as unknown as { errorStatus: number }).errorStatus);
      };
      socket.on('message', on);
    });
    socket.send(request(1, 'public', 0xa0, many, 0, 0, 31), t.snmp, '127.0.0.1');
    // tooBig(1): 1200 sysDescr values would not fit 65507 octets... or they do, then noError(0).
    assert.ok([0, 1].includes(await answer));
    assert.equal(await survive([]), 'MikroTik');
  });
});

describe('Counter64 on the wire', () => {
  test('the shortest BER integer of the unsigned value: a leading zero once the top bit is set', () => {
    assert.equal(counter64(0n).toString('hex'), '00');
    assert.equal(counter64(127n).toString('hex'), '7f');
    assert.equal(counter64(128n).toString('hex'), '0080');
    assert.equal(counter64(2n ** 32n + 5n).toString('hex'), '0100000005');
    assert.equal(counter64(2n ** 63n).toString('hex'), '008000000000000000');
    assert.equal(counter64(2n ** 64n - 1n).toString('hex'), '00ffffffffffffffff');
  });
});
