// The telnet service: the router's console over Telnet (RFC 854). The server offers to echo
// and to suppress go-ahead (RFC 857, 858: character at a time, as the router's console
// edits lines itself) and asks for the window size (NAWS, RFC 1073); any other option the
// client asks for or offers is refused. Then `Login:` and `Password:`, as
// on the router; three wrong tries end the connection. The user name takes the same login
// options as over SSH (`admin+ct`, src/services/terminal.ts); the `telnet` policy, the
// user's `address` and the service's `available-from` apply; the login shows in
// /user/active with via=telnet while the connection lasts.

import net from 'node:net';
import { PassThrough } from 'node:stream';
import type { Engine } from '../core/engine.js';
import type { Session } from '../core/schema.js';
import type { Logins } from '../auth/logins.js';
import { remoteAddress } from './www.js';
import { interactiveConsole, loginOptions, TerminalOutput } from './terminal.js';
import { listenOn } from './bind.js';

const IAC = 255, DONT = 254, DO = 253, WONT = 252, WILL = 251, SB = 250, SE = 240;
const ECHO = 1, SGA = 3, NAWS = 31;
const TRIES = 3;

export interface TelnetContext {
  engine: Engine;
  logins: Logins;
  version: string;
}

/** Reads the Telnet stream: option talk goes to `option`/`naws`, the rest is the user's bytes. */
class TelnetReader {
  private state: 'data' | 'iac' | 'opt' | 'sb' | 'sb-iac' = 'data';
  private verb = 0;
  private sb: number[] = [];
  private lastCR = false;

  constructor(private readonly naws: (cols: number, rows: number) => void, private readonly reply: (bytes: number[]) => void) {}

  push(chunk: Buffer): Buffer {
    const out: number[] = [];
    for (const b of chunk) {
      switch (this.state) {
        case 'data':
          if (b === IAC) { this.state = 'iac'; break; }
          // CR NUL and CR LF are one end of line (RFC 854): the console sees CR.
          if (this.lastCR && (b === 0 || b === 10)) { this.lastCR = false; break; }
          this.lastCR = b === 13;
          out.push(b);
          break;
        case 'iac':
          if (b === IAC) { out.push(IAC); this.state = 'data'; }
          else if (b === SB) { this.sb = []; this.state = 'sb'; }
          else if (b === WILL || b === WONT || b === DO || b === DONT) { this.verb = b; this.state = 'opt'; }
          else this.state = 'data';
          break;
        case 'opt':
          this.state = 'data';
          // Options this side did not offer are refused (RFC 1143): no answer to the answers
          // to our own offers (DO ECHO, DO SGA, WILL NAWS), nor to refusals.
          if (this.verb === DO && b !== ECHO && b !== SGA) this.reply([IAC, WONT, b]);
          else if (this.verb === WILL && b !== NAWS) this.reply([IAC, DONT, b]);
          break;
        case 'sb':
          if (b === IAC) this.state = 'sb-iac';
          else this.sb.push(b);
          break;
        case 'sb-iac':
          if (b === SE) {
            this.state = 'data';
            if (this.sb[0] === NAWS && this.sb.length >= 5) this.naws((this.sb[1] << 8) | this.sb[2], (this.sb[3] << 8) | this.sb[4]);
          } else {
            this.sb.push(b);
            this.state = 'sb';
          }
          break;
      }
    }
    return Buffer.from(out);
  }
}

export class TelnetServer {
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();
  private allowed: (address: string) => boolean;
  /** /ip/service `max-sessions`: a connection beyond it is closed at once. */
  private maxSessions: number;

  constructor(private readonly ctx: TelnetContext, allowed: (address: string) => boolean, maxSessions = 20) {
    this.allowed = allowed;
    this.maxSessions = maxSessions;
    this.server = net.createServer((socket) => {
      const address = remoteAddress(socket);
      if (!this.allowed(address)) return void socket.resetAndDestroy();
      if (this.sockets.size >= this.maxSessions) return void socket.destroy();
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
      socket.on('error', () => socket.destroy());
      socket.setNoDelay(true);
      this.connection(socket, address);
    });
  }

  private connection(socket: net.Socket, address: string) {
    const { engine, logins, version } = this.ctx;
    let size = { columns: 80, rows: 24 };
    let output: TerminalOutput | undefined;
    const reader = new TelnetReader((columns, rows) => {
      size = { columns, rows };
      output?.resize(columns, rows);
    }, (bytes) => { if (!socket.destroyed) socket.write(Buffer.from(bytes)); });
    /** The user's bytes: first for the login prompts, then for the console. */
    const input = new PassThrough();
    socket.on('data', (chunk: Buffer) => { const data = reader.push(chunk); if (data.length) input.write(data); });
    socket.on('end', () => input.end());
    socket.on('close', () => input.end());
    const send = (text: string) => { if (!socket.destroyed) socket.write(Buffer.from(text.replace(/\xff/g, '\xff\xff'), 'latin1')); };
    socket.write(Buffer.from([IAC, WILL, ECHO, IAC, WILL, SGA, IAC, DO, NAWS]));

    /** One line typed at a prompt: echoed, or not (a password), with backspace. */
    const ask = (prompt: string, echo: boolean) => new Promise<string | undefined>((resolve) => {
      send(prompt);
      let line = '';
      const onData = (chunk: Buffer) => {
        const text = chunk.toString('utf8');
        for (let i = 0; i < text.length; i++) {
          const ch = text[i];
          if (ch === '\r' || ch === '\n') {
            input.off('data', onData);
            input.off('end', onEnd);
            input.pause();
            // What came after the end of line belongs to what follows.
            const rest = text.slice(i + 1).replace(/^\n/, '');
            if (rest) input.unshift(Buffer.from(rest));
            send('\r\n');
            return resolve(line);
          }
          if (ch === '\x7f' || ch === '\b') {
            if (line) { line = line.slice(0, -1); if (echo) send('\b \b'); }
          } else if (ch === '\x03' || ch === '\x04') {
            input.off('data', onData);
            input.off('end', onEnd);
            return resolve(undefined);
          } else if (ch >= ' ') {
            line += ch;
            if (echo) send(ch);
          }
        }
      };
      const onEnd = () => resolve(undefined);
      input.on('data', onData);
      input.once('end', onEnd);
      input.resume();
    });

    const login = async () => {
      for (let i = 0; i < TRIES; i++) {
        const name = await ask('Login: ', true);
        if (name === undefined) return socket.end();
        const password = await ask('Password: ', false);
        if (password === undefined) return socket.end();
        const options = loginOptions(name);
        const got = await logins.open(options.user, password, address, 'telnet');
        if (!got) {
          send('Login failed, incorrect username or password\r\n\r\n');
          continue;
        }
        input.pause();
        socket.once('close', () => got.end());
        got.kicked = () => socket.destroy();
        const l = got.login;
        const session: Session = { user: l.user, policies: l.policies, address, via: 'telnet' };
        output = new TerminalOutput(send, { columns: options.width ?? size.columns, rows: options.height ?? size.rows }, options.dumb);
        await interactiveConsole({ engine, session, version, options, input, output });
        got.end();
        return socket.end();
      }
      socket.end();
    };
    login().catch(() => socket.destroy());
  }

  listen(port: number, host: string): Promise<number> {
    return listenOn(this.server, port, host);
  }

  update(allowed: (address: string) => boolean, maxSessions: number) {
    this.allowed = allowed;
    this.maxSessions = maxSessions;
  }

  close(graceful: boolean): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      if (!graceful) for (const socket of this.sockets) socket.destroy();
      if (graceful) resolve();
    });
  }
}
