// A bare API protocol client for the tests: its own framing (written from the protocol's
// description, not from the router's code), so the bytes the router sends are checked by
// something that does not share its mistakes. Sentences are arrays of words.

import net from 'node:net';
import tls from 'node:tls';

export function encodeLength(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  if (n < 0x4000) { const b = Buffer.alloc(2); b.writeUInt16BE(n | 0x8000); return b; }
  if (n < 0x200000) { const b = Buffer.alloc(4); b.writeUInt32BE(n | 0xc00000); return b.subarray(1); }
  if (n < 0x10000000) { const b = Buffer.alloc(4); b.writeUInt32BE((n | 0xe0000000) >>> 0); return b; }
  const b = Buffer.alloc(5); b[0] = 0xf0; b.writeUInt32BE(n, 1); return b;
}

export function encode(words: readonly string[]): Buffer {
  return Buffer.concat([...words.flatMap((w) => [encodeLength(Buffer.byteLength(w)), Buffer.from(w)]), Buffer.from([0])]);
}

export class ApiClient {
  private buffer = Buffer.alloc(0);
  private readonly sentences: string[][] = [];
  private waiting?: () => void;
  /** Every chunk as it came off the socket, to check how the router wrote its sentences. */
  readonly chunks: Buffer[] = [];
  closed = false;

  private constructor(readonly socket: net.Socket) {
    socket.on('data', (c: Buffer) => {
      this.chunks.push(c);
      this.buffer = Buffer.concat([this.buffer, c]);
      this.parse();
      this.waiting?.();
    });
    socket.on('close', () => { this.closed = true; this.waiting?.(); });
    socket.on('error', () => {});
  }

  static connect(port: number, o: { tls?: tls.ConnectionOptions; localAddress?: string } = {}): Promise<ApiClient> {
    return new Promise((resolve, reject) => {
      const socket = o.tls
        ? tls.connect({ host: '127.0.0.1', port, ...o.tls }, () => resolve(new ApiClient(socket)))
        : net.connect({ host: '127.0.0.1', port, localAddress: o.localAddress }, () => resolve(new ApiClient(socket)));
      socket.once('error', reject);
    });
  }

  private parse() {
    const words: string[] = [];
    let at = 0;
    const b = this.buffer;
    for (;;) {
      if (at >= b.length) return;
      const first = b[at];
      const size = first < 0x80 ? 1 : first < 0xc0 ? 2 : first < 0xe0 ? 3 : first < 0xf0 ? 4 : 5;
      if (at + size > b.length) return;
      let len = size === 1 ? first : size === 5 ? 0 : first & (0xff >> size);
      for (let i = 1; i < size; i++) len = len * 256 + b[at + i];
      if (at + size + len > b.length) return;
      at += size;
      if (len === 0) {
        this.sentences.push(words.splice(0));
        this.buffer = b.subarray(at);
        this.parse();
        return;
      }
      words.push(b.toString('utf8', at, at + len));
      at += len;
    }
  }

  send(...words: string[]) { this.socket.write(encode(words)); }

  /** The next sentence from the router; rejects after `ms` or when the connection closes. */
  async read(ms = 5000): Promise<string[]> {
    const until = Date.now() + ms;
    while (!this.sentences.length) {
      if (this.closed) throw new Error('connection closed');
      const left = until - Date.now();
      if (left <= 0) throw new Error('no reply in time');
      await this.wait(left);
    }
    return this.sentences.shift()!;
  }

  /**
   * Until the next chunk or the close, at most `ms`. The timer is cleared on waking: one
   * left behind would keep the test's process alive for up to `ms` after its last test.
   */
  private wait(ms: number): Promise<void> {
    return new Promise<void>((ok) => {
      const timer = setTimeout(woken, ms);
      function woken() { clearTimeout(timer); ok(); }
      this.waiting = woken;
    });
  }

  /** Sentences up to and including the `!done` (or `!fatal`) that ends a command of `tag`. */
  async until(tag?: string, ms = 5000): Promise<string[][]> {
    const out: string[][] = [];
    for (;;) {
      const s = await this.read(ms);
      out.push(s);
      const mine = tag === undefined || s.includes(`.tag=${tag}`);
      if ((s[0] === '!done' && mine) || s[0] === '!fatal') return out;
    }
  }

  /** Sends a command and reads its whole reply (untagged). */
  async call(...words: string[]): Promise<string[][]> {
    this.send(...words);
    return this.until();
  }

  async login(name = 'admin', password = ''): Promise<void> {
    const reply = await this.call('/login', `=name=${name}`, `=password=${password}`);
    if (reply.length !== 1 || reply[0][0] !== '!done') throw new Error(`login refused: ${JSON.stringify(reply)}`);
  }

  /** Waits for the router to close the connection. */
  async closedByRouter(ms = 5000): Promise<boolean> {
    const until = Date.now() + ms;
    while (!this.closed && Date.now() < until) await this.wait(until - Date.now());
    return this.closed;
  }

  close() { this.socket.destroy(); }
}

/** The records of a reply as objects: `=name=value` words of each `!re`. */
export function records(reply: string[][]): Record<string, string>[] {
  return reply.filter((s) => s[0] === '!re').map((s) => Object.fromEntries(
    s.filter((w) => w.startsWith('=')).map((w) => { const eq = w.indexOf('=', 1); return [w.slice(1, eq), w.slice(eq + 1)]; })));
}
