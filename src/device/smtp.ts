// The router's SMTP client: one message to one server, as `/tool e-mail send` delivers it
// (RFC 5321). `tls=yes` speaks TLS from the first byte (port 465's way), `starttls` asks for
// it after EHLO and fails when the server does not offer it, `no` never uses it. With a `user`
// the client logs in (AUTH PLAIN, or LOGIN when the server offers only that).
//
// Bounded against any server: a reply line is at most MAX_LINE bytes and a reply at most
// MAX_REPLY (more fails the delivery at once), each reply must come within `timeoutMs`, and the
// connection is closed whatever happens.

import net from 'node:net';
import { tls } from '../core/later-modules.js';

/** Longest reply line taken (RFC 5321 4.5.3.1.5 allows 512 bytes; servers write longer ones). */
export const MAX_LINE = 4096;
/** Most bytes of one (multi-line) reply. */
export const MAX_REPLY = 64 * 1024;

export interface Mail {
  from: string;
  to: readonly string[];
  cc: readonly string[];
  /** The whole message: headers, blank line, body, CRLF line ends. */
  data: string;
}

export interface SmtpOptions {
  host: string;
  port: number;
  tls: 'no' | 'yes' | 'starttls';
  user?: string;
  password?: string;
  /** The name the client greets with (EHLO). */
  helo: string;
  localAddress?: string;
  timeoutMs: number;
  /** Check the server's certificate against these CAs; undefined: take any certificate. */
  ca?: string[];
}

/** Why a delivery failed, in words of our own: the router's are not found (routeros-facts.md 53.4). */
export class SmtpError extends Error {}

interface Reply { code: number; lines: string[] }

/** A connection's replies, one at a time. */
class Replies {
  private buffer = '';
  private lines: string[] = [];
  private replyBytes = 0;
  private waiting?: { ok: (r: Reply) => void; fail: (e: Error) => void; timer: NodeJS.Timeout };
  private broken?: Error;

  constructor(private socket: net.Socket, private readonly timeoutMs: number) {
    this.listen(socket);
  }

  /** Follows the TLS socket that replaced the plain one (STARTTLS). */
  switchTo(socket: net.Socket) {
    this.socket = socket;
    this.buffer = '';
    this.listen(socket);
  }

  private listen(socket: net.Socket) {
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      if (socket !== this.socket) return;
      this.buffer += chunk;
      let nl: number;
      while ((nl = this.buffer.indexOf('\n')) >= 0) {
        const line = this.buffer.slice(0, nl).replace(/\r$/, '');
        this.buffer = this.buffer.slice(nl + 1);
        this.take(line);
        if (this.broken) return;
      }
      if (this.buffer.length > MAX_LINE) this.fail(new SmtpError('server reply too long'));
    });
    socket.on('error', (e) => { if (socket === this.socket) this.fail(connectionError(e)); });
    socket.on('close', () => { if (socket === this.socket) this.fail(new SmtpError('server closed connection')); });
  }

  private take(line: string) {
    this.replyBytes += line.length + 2;
    if (line.length > MAX_LINE || this.replyBytes > MAX_REPLY) {
      return this.fail(new SmtpError('server reply too long'));
    }
    const m = /^([2-5][0-9][0-9])([ -]|$)(.*)$/.exec(line);
    if (!m) return this.fail(new SmtpError('bad server reply'));
    this.lines.push(m[3]);
    if (m[2] === '-') return;
    const reply = { code: Number(m[1]), lines: this.lines };
    this.lines = [];
    this.replyBytes = 0;
    // A reply nobody asked for (this client does not pipeline) is not a server's.
    if (!this.waiting) return this.fail(new SmtpError('bad server reply'));
    const w = this.waiting;
    this.waiting = undefined;
    clearTimeout(w.timer);
    w.ok(reply);
  }

  private fail(e: Error) {
    if (this.broken) return;
    this.broken = e;
    this.socket.destroy();
    if (this.waiting) {
      const w = this.waiting;
      this.waiting = undefined;
      clearTimeout(w.timer);
      w.fail(e);
    }
  }

  next(): Promise<Reply> {
    if (this.broken) return Promise.reject(this.broken);
    return new Promise((ok, fail) => {
      const timer = setTimeout(() => this.fail(new SmtpError('timeout')), this.timeoutMs);
      this.waiting = { ok, fail, timer };
    });
  }

  /** Stops listening: the socket now belongs to the TLS layer over it. */
  detach() {
    this.socket.removeAllListeners('data');
    this.socket.removeAllListeners('close');
    this.socket.removeAllListeners('error');
    this.socket.on('error', () => {});
  }
}

function connectionError(e: Error): SmtpError {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ECONNREFUSED' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'EADDRNOTAVAIL') return new SmtpError('failed to connect to server');
  if (code === 'ECONNRESET' || code === 'EPIPE') return new SmtpError('server closed connection');
  if ((e as { library?: string }).library || /SSL|TLS|certificate/i.test(e.message)) return new SmtpError('TLS handshake failed');
  return new SmtpError(e.message);
}

/** Delivers one message; resolves once the server took it, throws an SmtpError otherwise. */
export async function sendMail(o: SmtpOptions, mail: Mail, signal?: AbortSignal): Promise<void> {
  const secure = { rejectUnauthorized: o.ca !== undefined, ca: o.ca, servername: net.isIP(o.host) ? undefined : o.host };
  const plain: net.Socket = await new Promise((resolve, reject) => {
    const s = net.connect({ host: o.host, port: o.port, localAddress: o.localAddress });
    const timer = setTimeout(() => { s.destroy(); reject(new SmtpError('failed to connect to server')); }, o.timeoutMs);
    s.once('connect', () => { clearTimeout(timer); s.removeAllListeners('error'); resolve(s); });
    s.once('error', (e) => { clearTimeout(timer); s.destroy(); reject(connectionError(e)); });
  });
  const secureOver = (under: net.Socket) => new Promise<net.Socket>((resolve, reject) => {
    const t = tls().connect({ socket: under, ...secure });
    const timer = setTimeout(() => { t.destroy(); under.destroy(); reject(new SmtpError('TLS handshake failed')); }, o.timeoutMs);
    t.once('secureConnect', () => { clearTimeout(timer); t.removeAllListeners('error'); resolve(t); });
    t.once('error', () => { clearTimeout(timer); t.destroy(); under.destroy(); reject(new SmtpError('TLS handshake failed')); });
  });
  const socket = o.tls === 'yes' ? await secureOver(plain) : plain;
  let current = socket;
  const replies = new Replies(socket, o.timeoutMs);
  const onAbort = () => current.destroy();
  signal?.addEventListener('abort', onAbort);
  const send = (line: string) => { current.write(`${line}\r\n`, 'latin1'); };
  const expect = async (ok: (code: number) => boolean, words: (r: Reply) => string): Promise<Reply> => {
    const r = await replies.next();
    if (!ok(r.code)) throw new SmtpError(words(r));
    return r;
  };
  const said = (r: Reply) => `${r.code} ${r.lines.join(' ')}`.trim();
  try {
    await expect((c) => c === 220, (r) => `server refused connection: ${said(r)}`);
    send(`EHLO ${o.helo}`);
    let hello = await expect((c) => c === 250, (r) => `server refused EHLO: ${said(r)}`);
    if (o.tls === 'starttls') {
      if (!hello.lines.some((l) => /^STARTTLS\b/i.test(l))) throw new SmtpError('server does not support STARTTLS');
      send('STARTTLS');
      await expect((c) => c === 220, (r) => `server refused STARTTLS: ${said(r)}`);
      replies.detach();
      current = await secureOver(socket);
      replies.switchTo(current);
      send(`EHLO ${o.helo}`);
      hello = await expect((c) => c === 250, (r) => `server refused EHLO: ${said(r)}`);
    }
    if (o.user) {
      const auth = hello.lines.find((l) => /^AUTH[ =]/i.test(l))?.slice(5).toUpperCase().split(/\s+/) ?? [];
      if (auth.includes('PLAIN') || !auth.includes('LOGIN')) {
        send(`AUTH PLAIN ${Buffer.from(`\0${o.user}\0${o.password ?? ''}`, 'utf8').toString('base64')}`);
      } else {
        send('AUTH LOGIN');
        await expect((c) => c === 334, (r) => `authentication failed: ${said(r)}`);
        send(Buffer.from(o.user, 'utf8').toString('base64'));
        await expect((c) => c === 334, (r) => `authentication failed: ${said(r)}`);
        send(Buffer.from(o.password ?? '', 'utf8').toString('base64'));
      }
      await expect((c) => c === 235, (r) => `authentication failed: ${said(r)}`);
    }
    send(`MAIL FROM:<${mail.from}>`);
    await expect((c) => c === 250, (r) => `server refused sender: ${said(r)}`);
    for (const rcpt of [...mail.to, ...mail.cc]) {
      send(`RCPT TO:<${rcpt}>`);
      await expect((c) => c === 250 || c === 251, (r) => `server refused recipient ${rcpt}: ${said(r)}`);
    }
    send('DATA');
    await expect((c) => c === 354, (r) => `server refused data: ${said(r)}`);
    // A line that starts with a dot gets another (RFC 5321 4.5.2).
    current.write(`${mail.data.replace(/(^|\r\n)\./g, '$1..')}\r\n.\r\n`, 'utf8');
    await expect((c) => c === 250, (r) => `server refused message: ${said(r)}`);
    send('QUIT');
  } finally {
    signal?.removeEventListener('abort', onAbort);
    current.end();
    setTimeout(() => current.destroy(), 1000).unref();
  }
}
