// What the fuzz tests of the UDP faces share: a seeded generator, so that a failure can be
// run again exactly, and a flood of datagrams sent without waiting for answers.

import dgram from 'node:dgram';

/** A seeded generator of numbers in [0, 1). */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 2 ** 32; };
}

/** Sends every datagram to the loopback port without waiting for answers, 200 at a time. */
export async function flood(port: number, datagrams: Buffer[]): Promise<void> {
  const socket = dgram.createSocket('udp4');
  socket.on('message', () => {});
  for (let i = 0; i < datagrams.length; i += 200) {
    await Promise.all(datagrams.slice(i, i + 200).map((d) => new Promise<void>((ok) => socket.send(d, port, '127.0.0.1', () => ok()))));
    await new Promise((r) => setImmediate(r));
  }
  await new Promise<void>((ok) => socket.close(() => ok()));
}
