// The listener of the api and api-ssl services: plain TCP, or TLS with the settings and
// certificate of /ip/service (src/services/services.ts builds them as for www-ssl). Each
// connection is a session of its own (./session.ts).

import net from 'node:net';
import type tls from 'node:tls';
import { tls as tlsModule } from '../../core/later-modules.js';
import { remoteAddress } from '../www.js';
import { ApiSession, type ApiContext } from './session.js';
import { listenOn } from '../bind.js';

/** How long a TLS handshake may take before the connection is dropped. */
const HANDSHAKE_TIMEOUT_MS = 20_000;

export interface ApiServerOptions {
  context: ApiContext;
  /** For api-ssl. */
  tls?: tls.TlsOptions;
  /** False for a client outside `available-from`: its connection is reset unread. */
  allowed(address: string): boolean;
  /** `max-sessions`: one connection more is closed at once, unread (none: no bound). */
  maxSessions?: number;
  /** Tests shorten it. */
  handshakeTimeoutMs?: number;
}

export class ApiServer {
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();
  /** available-from, replaced in place by `update`. */
  private allowed: (address: string) => boolean;
  private maxSessions: number;

  constructor(private readonly options: ApiServerOptions) {
    this.allowed = options.allowed;
    this.maxSessions = options.maxSessions ?? Infinity;
    const start = (socket: net.Socket) => {
      socket.setNoDelay(true);
      new ApiSession(socket, remoteAddress(socket), options.context);
    };
    this.server = options.tls
      ? tlsModule().createServer({ ...options.tls, handshakeTimeout: options.handshakeTimeoutMs ?? HANDSHAKE_TIMEOUT_MS }, start)
      : net.createServer(start);
    // Before anything is read (or a TLS handshake begins). Every connection is known from
    // here on, so that closing the server also cuts one still in its handshake.
    this.server.prependListener('connection', (socket: net.Socket) => {
      if (!this.allowed(remoteAddress(socket))) return void socket.resetAndDestroy();
      // Over max-sessions: closed before a byte is read (or a TLS handshake begins).
      if (this.sockets.size >= this.maxSessions) return void socket.destroy();
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    // A failed or timed-out handshake is the client's problem: its connection just closes
    // (Node leaves closing it to this listener).
    this.server.on('tlsClientError', (_err: Error, socket: tls.TLSSocket) => socket.destroy());
  }

  listen(port: number, host: string): Promise<number> {
    return listenOn(this.server, port, host);
  }

  /** New settings (available-from, max-sessions, TLS) for the sessions to come; open ones stay. */
  update(allowed: (address: string) => boolean, maxSessions: number, tlsOptions?: tls.TlsOptions) {
    this.allowed = allowed;
    this.maxSessions = maxSessions;
    if (tlsOptions && 'setSecureContext' in this.server) (this.server as tls.Server).setSecureContext(tlsOptions);
  }

  /** Stops listening; `graceful` leaves sessions under way open, otherwise they are cut. */
  close(graceful: boolean): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      if (!graceful) for (const socket of this.sockets) socket.destroy();
      if (graceful) resolve();
    });
  }
}
