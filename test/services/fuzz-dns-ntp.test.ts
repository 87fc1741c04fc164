// Bad input from the network, for the dns and ntp faces: random bytes, mutated and truncated
// queries, replies sent to the server, floods of questions that wait on an upstream server that
// never answers, TCP frames that lie about their length and more connections than allowed.
// The router must keep answering, hold bounded memory, and never stop.

import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import dgram from 'node:dgram';
import net from 'node:net';
import dnsPacket from 'dns-packet';
import { after, before, describe, test } from 'node:test';
import { client, startRouter, type TestRouter } from '../helpers/router.js';
import { ask, digAnswer } from '../helpers/dns.js';
import { encodeNtp, decodeNtp } from '../../src/device/ntp-packet.js';
import { random, flood } from '../helpers/fuzz.js';

const query = (name: string, type: dnsPacket.RecordType = 'A', id = 1) =>
  dnsPacket.encode({ type: 'query', id, flags: dnsPacket.RECURSION_DESIRED, questions: [{ name, type, class: 'IN' }] });

function ntpTime(port: number): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const socket = dgram.createSocket('udp4');
    const timer = setTimeout(() => { socket.close(); resolve(undefined); }, 2000);
    socket.on('message', (m) => { clearTimeout(timer); socket.close(); resolve(m); });
    socket.send(encodeNtp({ leap: 0, version: 4, mode: 3, stratum: 0, poll: 6, precision: -20, rootDelay: 0, rootDispersion: 0, refId: Buffer.alloc(4), reference: 0, origin: 0, receive: 0, transmit: Date.now() }), port, '127.0.0.1');
  });
}

describe('the dns and ntp faces under bad input', () => {
  let r: TestRouter;
  let dns: number, ntp: number;
  let silent: dgram.Socket;

  before(async () => {
    // An upstream server that takes every question and answers none.
    silent = dgram.createSocket('udp4');
    silent.on('message', () => {});
    await new Promise<void>((ok) => silent.bind(0, '127.0.0.1', () => ok()));
    r = await startRouter({ upstreamPorts: { dns: silent.address().port } });
    const c = client(r.port);
    await c.post('/rest/ip/dns/set', { servers: '127.0.0.1', 'max-concurrent-queries': '50', 'query-server-timeout': '4s' });
    await c.post('/rest/system/ntp/server/set', { enabled: 'yes', 'use-local-clock': 'yes' });
    await r.router.services!.settled();
    dns = r.router.bound.dns!;
    ntp = r.router.bound.ntp!;
  });
  after(async () => { await r.stop(); await new Promise<void>((ok) => silent.close(() => ok())); });

  test('random, mutated and truncated datagrams: FORMERR or silence, and the router answers on', async () => {
    const rnd = random(33);
    const good = query('router.lan');
    const datagrams: Buffer[] = [];
    for (let i = 0; i < 3000; i++) {
      const kind = i % 4;
      if (kind === 0) datagrams.push(crypto.randomBytes(Math.floor(rnd() * 600)));
      else if (kind === 1) { const b = Buffer.from(good); for (let k = 0; k < 3; k++) b[Math.floor(rnd() * b.length)] = Math.floor(rnd() * 256); datagrams.push(b); }
      else if (kind === 2) datagrams.push(good.subarray(0, Math.floor(rnd() * good.length)));
      else datagrams.push(Buffer.concat([good.subarray(0, 12), crypto.randomBytes(Math.floor(rnd() * 70_000 % 4000))]));
    }
    const heap = process.memoryUsage().heapUsed;
    await flood(dns, datagrams);
    await flood(ntp, datagrams);
    // A header with nothing readable after it: FORMERR with the query's id.
    const formerr = await new Promise<Buffer>((resolve) => {
      const s = dgram.createSocket('udp4');
      s.on('message', (m) => { s.close(); resolve(m); });
      s.send(Buffer.from([0x12, 0x34, 0x01, 0x00, 0x00, 0x01, 0, 0, 0, 0, 0, 0, 0x3f, 0xff]), dns, '127.0.0.1');
    });
    assert.deepEqual([formerr.readUInt16BE(0), formerr[3] & 0xf, formerr[2] >> 7], [0x1234, 1, 1]);
    assert.deepEqual((await digAnswer(dns, 'router.lan')).answers, ['router.lan. 86400 IN A 192.168.88.1']);
    const time = await ntpTime(ntp);
    assert.equal(decodeNtp(time!)!.mode, 4);
    assert.ok(process.memoryUsage().heapUsed - heap < 64 * 1024 * 1024, 'memory stays bounded');
  });

  test('a flood of questions for upstream: at most max-concurrent-queries wait, the static names still answer', async () => {
    const datagrams = Array.from({ length: 5000 }, (_, i) => query(`n${i}.flood.example`, 'A', i & 0xffff));
    const heap = process.memoryUsage().heapUsed;
    await flood(dns, datagrams);
    // The waiting ones are dropped; what the router answers itself still comes.
    const answer = await ask(dns, 'router.lan');
    assert.equal(answer, undefined, 'over max-concurrent-queries even a static name is dropped (manual, Upstream servers)');
    assert.ok(process.memoryUsage().heapUsed - heap < 64 * 1024 * 1024, 'memory stays bounded');
    // Once the waiting questions time out (query-server-timeout 2s), it answers again.
    let back: dnsPacket.DecodedPacket | undefined;
    for (let i = 0; i < 30 && !back; i++) back = await ask(dns, 'router.lan');
    assert.deepEqual(back?.answers?.map((a) => (a as { data: string }).data), ['192.168.88.1']);
  });

  test('TCP: frames that lie, garbage, and more connections than max-concurrent-tcp-sessions', async () => {
    const open = await Promise.all(Array.from({ length: 40 }, () => new Promise<net.Socket>((ok) => {
      const s = net.connect(dns, '127.0.0.1', () => ok(s));
      s.on('error', () => {});
    })));
    // A length of 65535 with 10 bytes after it, a zero length, random bytes.
    open[0].write(Buffer.concat([Buffer.from([0xff, 0xff]), crypto.randomBytes(10)]));
    open[1].write(Buffer.from([0, 0, 1, 2, 3]));
    open[2].write(crypto.randomBytes(5000));
    await new Promise((r) => setTimeout(r, 100));
    const closed = open.filter((s) => s.destroyed || s.readableEnded).length;
    for (const s of open) s.destroy();
    assert.ok(closed >= 20, `connections over the 20 allowed are closed (${closed} closed)`);
    assert.deepEqual((await digAnswer(dns, '+tcp', 'router.lan')).answers, ['router.lan. 86400 IN A 192.168.88.1']);
  });
});
