// The API baseline: a bare node:net server, in a process of its own, that reads sentences
// and answers a /login with `!done` and any other sentence with bytes captured from the
// router's answer to the benchmark's print. It does nothing else, so it is what Node itself
// can do on this machine for the same exchange.
//
//   node dist/bench/api-baseline-server.js REPLY.bin    -> prints "listening PORT"

import fs from 'node:fs';
import net from 'node:net';
import { SentenceReader, encodeSentence } from '../src/services/api/words.js';

const reply = fs.readFileSync(process.argv[2]);
const done = encodeSentence(['!done']);

const server = net.createServer((socket) => {
  socket.setNoDelay(true);
  const reader = new SentenceReader();
  socket.on('data', (chunk: Buffer) => {
    for (const words of reader.push(chunk)) socket.write(words[0] === '/login' ? done : reply);
  });
  socket.on('error', () => {});
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening ${(server.address() as net.AddressInfo).port}\n`);
});
process.on('SIGTERM', () => { server.close(() => process.exit(0)); });
