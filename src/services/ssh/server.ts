// The ssh service: the router's console over SSH (RFC 4254 sessions: a shell with or
// without a pseudo-terminal, a command given with the login), and /file over SCP and SFTP.
// The protocol itself is the `ssh2` library's; what is the router's is here:
//
// - who gets in: a password (the bounded hashing of every login, src/auth), or a key of the
//   user's /user/ssh-keys. A user that has a key gets no password login unless /ip/ssh says
//   so (`password-authentication=yes`; `always-allow-password-login=yes` before 7.23). The
//   `ssh` policy, the user's `address` and the service's `available-from` apply; each
//   connection shows in /user/active with via=ssh while it lasts and logs in and out in /log;
// - the server's identity: `SSH-2.0-ROSSSH`, the host key of /ip/ssh `host-key-type`, the
//   cipher family of `ciphers`, and only strong algorithms with `strong-crypto=yes` (manual:
//   256-bit ciphers, SHA-2, no 1024-bit Diffie-Hellman);
// - port forwarding as `forwarding-enabled` allows;
// - the user name's login options (`admin+cet1024w`, src/services/terminal.ts).

import net from 'node:net';
import type ssh2 from 'ssh2';
import type { Engine } from '../../core/engine.js';
import type { Session } from '../../core/schema.js';
import type { Logins, Login } from '../../auth/logins.js';
import { sshPrivateKey, type HostKeys, type HostKeyType } from '../../device/host-keys.js';
import { keysOf } from '../../menus/user/ssh-keys.js';
import { sshSettings } from '../../menus/ip/ssh.js';
import { remoteAddress } from '../www.js';
import { commandOutput, interactiveConsole, loginOptions, TerminalOutput, type LoginOptions } from '../terminal.js';
import { scpCommand } from './scp.js';
import { listenOn } from '../bind.js';

/**
 * ssh2 and the SFTP server, loaded at the first connection: a router nobody reaches by ssh
 * (most of a lab's nodes, every REST client) does not pay for them at start.
 */
type Library = { ssh2: typeof ssh2; sftp: typeof import('./sftp.js') };
let library: Promise<Library> | undefined;
const loadLibrary = () => (library ??= Promise.all([import('ssh2'), import('./sftp.js')])
  .then(([lib, sftp]) => ({ ssh2: lib.default, sftp })));

export interface SshContext {
  engine: Engine;
  logins: Logins;
  hostKeys: HostKeys;
  /** The RouterOS version the router reports. */
  version: string;
}

/** What `strong-crypto=yes` leaves: 256/192-bit ciphers, SHA-2 MACs, no SHA-1 or 1024-bit key exchange. */
const STRONG: ssh2.Algorithms = {
  cipher: ['aes256-gcm@openssh.com', 'chacha20-poly1305@openssh.com', 'aes256-ctr', 'aes192-ctr'],
  hmac: ['hmac-sha2-512-etm@openssh.com', 'hmac-sha2-256-etm@openssh.com', 'hmac-sha2-512', 'hmac-sha2-256'],
  kex: ['curve25519-sha256', 'curve25519-sha256@libssh.org', 'ecdh-sha2-nistp521', 'ecdh-sha2-nistp384', 'ecdh-sha2-nistp256',
    'diffie-hellman-group-exchange-sha256', 'diffie-hellman-group16-sha512', 'diffie-hellman-group18-sha512', 'diffie-hellman-group14-sha256'],
};

/** `ciphers` of /ip/ssh: one family of ciphers, each of its key sizes (`auto`: the library's choice). */
const CIPHERS: Record<string, string[]> = {
  'aes-ctr': ['aes256-ctr', 'aes192-ctr', 'aes128-ctr'],
  'aes-gcm': ['aes256-gcm@openssh.com', 'aes128-gcm@openssh.com'],
  'aes-cbc': ['aes256-cbc', 'aes192-cbc', 'aes128-cbc'],
  '3des-cbc': ['3des-cbc'],
};

/** The algorithms /ip/ssh allows: `ciphers`, narrowed further by `strong-crypto`. */
function algorithms(settings: Record<string, string>): ssh2.Algorithms | undefined {
  const strong = settings['strong-crypto'] === 'true';
  const family = (settings.ciphers ?? 'auto').split(',').flatMap((c) => CIPHERS[c] ?? []);
  if (!strong && !family.length) return undefined;
  const out: ssh2.Algorithms = strong ? { ...STRONG } : {};
  if (family.length) {
    const allowed = strong ? family.filter((c) => (STRONG.cipher as string[]).includes(c) || /^aes(256|192)-(cbc|ctr)$/.test(c)) : family;
    out.cipher = allowed as ssh2.CipherAlgorithm[];
  }
  return out;
}

/** Whether a user may log in by password now: not when the user has a key, unless /ip/ssh allows it. */
function passwordAllowed(engine: Engine, user: string): boolean {
  const s = sshSettings(engine);
  if (s['password-authentication'] === 'yes' || s['always-allow-password-login'] === 'true') return true;
  if (s['password-authentication'] === 'no') return false;
  return keysOf(engine.store, user).length === 0;
}

export class SshServer {
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();
  private allowed: (address: string) => boolean;
  /** /ip/service `max-sessions`: a connection beyond it is closed at once. */
  private maxSessions: number;
  /** The SSH side for the current host key and algorithms; made again when they change. */
  private ssh?: { key: string; server: ssh2.Server };
  private readonly unwatch: () => void;

  constructor(private readonly ctx: SshContext, allowed: (address: string) => boolean, maxSessions = 20) {
    this.allowed = allowed;
    this.maxSessions = maxSessions;
    this.unwatch = ctx.hostKeys.onChange(() => { this.ssh = undefined; });
    this.server = net.createServer((socket) => {
      if (!this.allowed(remoteAddress(socket))) return void socket.resetAndDestroy();
      if (this.sockets.size >= this.maxSessions) return void socket.destroy();
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
      socket.on('error', () => socket.destroy());
      // Keystrokes and prompts are small packets: no Nagle delay.
      socket.setNoDelay(true);
      this.sshServer().then((s) => { if (!socket.destroyed) s.injectSocket(socket); }, () => socket.destroy());
    });
  }

  private async sshServer(): Promise<ssh2.Server> {
    const settings = sshSettings(this.ctx.engine);
    const type: HostKeyType = settings['host-key-type'] === 'ed25519' ? 'ed25519' : 'rsa';
    const algos = algorithms(settings);
    const want = `${type}/${JSON.stringify(algos ?? null)}`;
    if (this.ssh?.key === want) return this.ssh.server;
    const [key, lib] = await Promise.all([this.ctx.hostKeys.key(type, Number(settings['host-key-size']) || 2048), loadLibrary()]);
    if (this.ssh?.key === want) return this.ssh.server;
    const server = new lib.ssh2.Server({
      hostKeys: [sshPrivateKey(key)],
      ident: 'ROSSSH',
      ...(algos ? { algorithms: algos } : {}),
    }, (client, info) => this.connection(client, info.ip, lib));
    server.on('error', () => {});
    this.ssh = { key: want, server };
    return server;
  }

  private connection(client: ssh2.Connection, ip: string, lib: Library) {
    const { engine, logins } = this.ctx;
    const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
    let login: { login: Login; end(): void } | undefined;
    let options: LoginOptions = loginOptions('');
    /** A user whose offered keys were all refused, and whether a password was tried (which logs itself). */
    let keyRefused: string | undefined;
    let passwordTried = false;
    client.on('error', () => {});
    let closed = false;
    client.on('close', () => {
      closed = true;
      login?.end();
      // A client that gave up after its keys: one failure in /log, as for a wrong password.
      if (!login && keyRefused !== undefined && !passwordTried) logins.refuse(keyRefused, address, 'ssh');
    });
    client.on('authentication', (auth) => {
      if (login) return auth.reject();
      options = loginOptions(auth.username);
      const user = options.user;
      const methods: ssh2.AuthenticationType[] = ['publickey', 'password'];
      if (auth.method === 'publickey') {
        const offered = auth.key.data;
        if (!keysOf(engine.store, user).some((k) => k.equals(offered))) {
          keyRefused = user;
          return auth.reject(methods);
        }
        // Asked whether the key would do: yes, and the client signs with it next.
        if (!auth.signature || !auth.blob) return auth.accept();
        const parsed = lib.ssh2.utils.parseKey(offered);
        if (parsed instanceof Error || !parsed.verify(auth.blob, auth.signature, auth.hashAlgo)) return auth.reject(methods);
        login = logins.openProven(user, address, 'ssh');
        return login ? auth.accept() : auth.reject(methods);
      }
      if (auth.method === 'password' || auth.method === 'keyboard-interactive') {
        passwordTried = true;
        const check = (password: string) => {
          if (!passwordAllowed(engine, user)) {
            // Refused as any bad password is: logged, and after the same hashing time.
            void logins.open(user, '\0refused', address, 'ssh').then((l) => { l?.end(); auth.reject(['publickey']); });
            return;
          }
          logins.open(user, password, address, 'ssh').then((got) => {
            // The client went away while the password was hashed: logged in and out at once.
            if (closed) return got?.end();
            login = got;
            if (got) { got.kicked = () => client.end(); auth.accept(); } else auth.reject(methods);
          }, () => auth.reject(methods));
        };
        if (auth.method === 'password') return check(auth.password);
        return auth.prompt([{ prompt: 'password: ', echo: false }], (answers) => check(answers[0] ?? ''));
      }
      auth.reject(methods);
    });
    client.on('ready', () => {
      const l = login!.login;
      const session: Session = { user: l.user, policies: l.policies, address, via: 'ssh' };
      client.on('session', (acceptSession) => this.session(acceptSession(), session, options, () => client.end(), lib));
      this.forwarding(client);
    });
  }

  /**
   * Port forwarding as /ip/ssh `forwarding-enabled` allows at the time of the request:
   * `local` lets the client open connections from the router (`ssh -L`, `-W`, `-D`),
   * `remote` lets it listen on the router (`ssh -R`), `both` both; `no` (the default) neither.
   */
  private forwarding(client: ssh2.Connection) {
    const allowed = (way: 'local' | 'remote') => {
      const f = sshSettings(this.ctx.engine)['forwarding-enabled'] ?? 'no';
      return f === 'both' || f === way;
    };
    client.on('tcpip', (accept, reject, info) => {
      if (!allowed('local')) return reject();
      const out = net.connect({ host: info.destIP, port: info.destPort });
      out.once('connect', () => {
        const channel = accept();
        channel.on('error', () => out.destroy());
        out.pipe(channel).pipe(out);
      });
      out.once('error', () => { if (out.connecting) reject(); else out.destroy(); });
    });
    const listeners = new Map<string, net.Server>();
    client.on('request', (accept, reject, name, info) => {
      if (name === 'cancel-tcpip-forward') {
        const key = `${info.bindAddr}:${info.bindPort}`;
        listeners.get(key)?.close();
        listeners.delete(key);
        return accept?.();
      }
      if (name !== 'tcpip-forward' || !allowed('remote')) return reject?.();
      const server = net.createServer((socket) => {
        client.forwardOut(info.bindAddr, (server.address() as net.AddressInfo).port, socket.remoteAddress ?? '', socket.remotePort ?? 0, (e, channel) => {
          if (e) return void socket.destroy();
          channel.on('error', () => socket.destroy());
          socket.on('error', () => channel.destroy());
          socket.pipe(channel).pipe(socket);
        });
      });
      server.once('error', () => reject?.());
      // On the address the router's services listen on (--listen): the router's own address
      // here, whatever address the client named.
      server.listen(info.bindPort, this.host, () => {
        const port = (server.address() as net.AddressInfo).port;
        listeners.set(`${info.bindAddr}:${info.bindPort}`, server);
        accept?.(info.bindPort === 0 ? port : undefined);
      });
    });
    client.on('close', () => { for (const l of listeners.values()) l.close(); });
  }

  private session(s: ssh2.Session, session: Session, options: LoginOptions, hangUp: () => void, lib: Library) {
    const { engine, version } = this.ctx;
    let size = { columns: options.width ?? 80, rows: options.height ?? 24 };
    let output: TerminalOutput | undefined;
    s.on('pty', (accept, _reject, info) => {
      size = { columns: options.width ?? info.cols ?? 80, rows: options.height ?? info.rows ?? 24 };
      accept?.();
    });
    s.on('window-change', (accept, _reject, info) => {
      // A width or height given in the user name stays.
      output?.resize(options.width ?? info.cols, options.height ?? info.rows);
      accept?.();
    });
    s.on('env', (accept) => accept?.());
    s.on('shell', (accept) => {
      const stream = accept();
      output = new TerminalOutput((t) => { if (stream.writable) stream.write(t); }, size, options.dumb);
      // After /quit the channel closes; the client then ends the connection.
      interactiveConsole({ engine, session, version, options, input: stream, output }).then(() => {
        stream.exit(0);
        stream.end();
      }, () => { stream.end(); hangUp(); });
    });
    s.on('exec', (accept, _reject, info) => {
      const stream = accept();
      if (/^scp\s/.test(info.command)) return void scpCommand(engine, session, info.command, stream);
      // Its lines go out as they are printed; Ctrl-C from a client with a terminal (`ssh -t`),
      // or the channel closing, stops it.
      const stop = new AbortController();
      stream.on('data', (d: Buffer) => { if (d.includes(3)) stop.abort(); });
      stream.on('close', () => stop.abort());
      commandOutput(engine, session, info.command, (t) => { if (stream.writable) stream.write(t); }, stop.signal, options.width).then((text) => {
        stream.write(text);
        stream.exit(0);
        stream.end();
      }, (e) => {
        stream.write(`${(e as Error).message}\r\n`);
        stream.exit(1);
        stream.end();
      });
    });
    s.on('sftp', (accept, reject) => {
      if (!session.policies.has('ftp')) return void reject?.();
      lib.sftp.serveSftp(engine, accept());
    });
    s.on('subsystem', (_accept, reject) => reject?.());
  }

  /** The address the service listens on. */
  private host = '127.0.0.1';

  listen(port: number, host: string): Promise<number> {
    this.host = host;
    return listenOn(this.server, port, host);
  }

  /** A new available-from and max-sessions for the connections to come; open ones stay. */
  update(allowed: (address: string) => boolean, maxSessions: number) {
    this.allowed = allowed;
    this.maxSessions = maxSessions;
  }

  close(graceful: boolean): Promise<void> {
    this.unwatch();
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      if (!graceful) for (const socket of this.sockets) socket.destroy();
      if (graceful) resolve();
    });
  }
}
