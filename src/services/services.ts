// The network faces follow /ip/service live, as a real router's do. Every commit that
// touches /ip/service or /certificate (the store's onCommit) schedules one reconcile: for
// each service that has a face here, the listener it should have (port, available-from,
// TLS version and certificate) is compared with the one it has. Settings other than the
// port apply in place, to the listening socket as it is: no client is refused meanwhile and
// no open connection is dropped. A new port is bound before the old one closes (requests
// under way there still finish). A port that cannot be bound leaves the service down, its
// record `invalid`, with the reason in /log. Reconciles run one at a time, in order.
//
// A face is what listens for one service: www and www-ssl (src/services/www.ts), api and
// api-ssl (src/services/api/server.ts), ssh (src/services/ssh/server.ts), telnet
// (src/services/telnet.ts). Faces of protocols the router serves from their own menus (snmp
// from /snmp, dns from /ip dns, ntp from /system ntp server) follow those menus the same way;
// their port is fixed on the router (161, 53, 123), so here it is a stand-in the command line
// gives and the store keeps (src/services/stand-in.ts).

import ipaddr from 'ipaddr.js';
import type tls from 'node:tls';
import type { Store } from '../core/store.js';
import { bindReason } from './bind.js';

/** The services of /ip/service that have a face. */
export type ServiceName = 'www' | 'www-ssl' | 'api' | 'api-ssl' | 'ssh' | 'telnet';
export const SERVICE_NAMES: readonly ServiceName[] = ['www', 'www-ssl', 'api', 'api-ssl', 'ssh', 'telnet'];

/** The ports when no flag gives one: the router's own 8728 and 8729, stand-ins for its 80, 443, 22 and 23 (which need root). */
export const DEFAULT_PORTS: Record<ServiceName, number> = { www: 8080, 'www-ssl': 8443, api: 8728, 'api-ssl': 8729, ssh: 2222, telnet: 2323 };
/** Faces bound from their own menus, on stand-in ports. */
export type OwnFaceName = 'snmp' | 'dns' | 'ntp';
export const OWN_FACE_NAMES: readonly OwnFaceName[] = ['snmp', 'dns', 'ntp'];
/** Faces bound from their own menus on the port that menu names (/radius/incoming `port`, 3799: no root needed). */
export type MenuPortFaceName = 'radius';
export type FaceName = ServiceName | OwnFaceName | MenuPortFaceName;
/** Every face a router may have. */
export const FACE_NAMES: readonly FaceName[] = [...SERVICE_NAMES, ...OWN_FACE_NAMES];
const SECURE: ReadonlySet<ServiceName> = new Set(['www-ssl', 'api-ssl']);
/** `max-sessions` of a record that has none (its declared default). */
export const DEFAULT_MAX_SESSIONS = 20;

/** What a face is asked to listen with. */
export interface ListenSpec {
  name: FaceName;
  host: string;
  port: number;
  /** False for a client outside `available-from`: its connection is reset unread. */
  allowed(address: string): boolean;
  /**
   * `max-sessions`: the connections the service holds at once (a REST session is one
   * connection, with its keep-alive requests). One more is closed at once, unread.
   */
  maxSessions: number;
  /** For www-ssl and api-ssl: certificate chain and key (or none), ciphers and TLS versions. */
  tls?: tls.TlsOptions;
}

/** A bound listener of a face. */
export interface Listener {
  readonly port: number;
  /** Takes new settings for the same port (available-from, TLS) for the connections to come. */
  update(spec: ListenSpec): void;
  /** Frees the port at once; `graceful` lets requests under way finish. */
  close(graceful: boolean): Promise<void>;
}

/** Binds a listener (or throws the bind error, e.g. EADDRINUSE). */
export type Face = (spec: ListenSpec) => Promise<Listener>;

/**
 * Where a face bound from its own menu takes its state: whether it listens now (e.g. /snmp
 * `enabled`) and which tables' commits can change that. Everything else the face reads from
 * the store as it serves, so a change of it needs no new listener.
 */
export interface OwnBinding {
  tables: readonly string[];
  enabled(store: Store): boolean;
  /** The port the menu itself names, where it has one (no stand-in then). */
  port?(store: Store): number;
}

/** The stand-in ports of the faces bound from their own menus (src/services/stand-in.ts). */
export interface StandInPorts {
  get(name: OwnFaceName): number;
  set(name: OwnFaceName, port: number): void;
}

export interface ServicesOptions {
  store: Store;
  /** The address every service listens on (the command line's --listen). */
  host: string;
  /** The TLS material of a service's stored `certificate` value, or undefined for none/unusable. */
  certificate(stored: string): { cert: string; key: string; tag: string } | undefined;
  /** Writes a line to /log. */
  log(topics: string, message: string): void;
  /** Where each running service listens; kept up to date here. */
  bound: Partial<Record<FaceName, number>>;
  /** The ports of the faces bound from their own menus. */
  standIns: StandInPorts;
  /**
   * When given, a face whose port is taken at start listens on a free port instead (and is
   * told here) rather than failing the start: a lab's nodes keep their ports when they can.
   */
  portTaken?(name: FaceName, wanted: number, bound: number): void;
}

/**
 * TLS settings of a secure service. `tls-version=any` takes TLS 1.0 to 1.2 (OpenSSL 3 needs
 * security level 0 for 1.0 and 1.1), `only-1.2` refuses 1.0 and 1.1. TLS 1.3 is not offered:
 * the router's choices name 1.2 as the newest. `certificate=none` offers only anonymous
 * ciphers, so ordinary clients, which never offer those, fail the handshake.
 */
export function tlsOptions(tlsVersion: string, material?: { cert: string; key: string }): tls.TlsOptions {
  const versions: Pick<tls.TlsOptions, 'minVersion' | 'maxVersion'> = {
    minVersion: tlsVersion === 'only-1.2' ? 'TLSv1.2' : 'TLSv1',
    maxVersion: 'TLSv1.2',
  };
  if (!material) return { ...versions, ciphers: 'aNULL:!eNULL:@SECLEVEL=0' };
  return { ...versions, ciphers: 'DEFAULT:@SECLEVEL=0', cert: material.cert, key: material.key };
}

/** A client filter from an `available-from` list: empty lets everyone in. */
export function addressFilter(list: string): (address: string) => boolean {
  if (!list) return () => true;
  const networks = list.split(',').flatMap((n) => {
    try {
      return [ipaddr.parseCIDR(n.includes('/') ? n : `${n}/${n.includes(':') ? 128 : 32}`)];
    } catch {
      return [];
    }
  });
  return (client) => {
    let address: ipaddr.IPv4 | ipaddr.IPv6;
    try {
      address = ipaddr.process(client);
    } catch {
      return false;
    }
    return networks.some(([net, len]) => net.kind() === address.kind() && address.match(net, len));
  };
}

interface Desired {
  key: string;
  spec: ListenSpec;
}

export class Services {
  /** Every face, reconciled in the order registered. */
  private readonly faces = new Map<FaceName, { face: Face; own?: OwnBinding }>();
  private readonly running = new Map<FaceName, { key: string; listener: Listener }>();
  /** Services whose latest listener could not bind, with the settings that failed. */
  private readonly failed = new Map<FaceName, string>();
  /** The tables whose commits can change what listens. */
  private readonly watched = new Set(['ip/service', 'certificate']);
  private queue: Promise<void> = Promise.resolve();
  private pending = false;
  private unwatch?: () => void;
  private stopped = false;

  constructor(private readonly o: ServicesOptions) {}

  /** Gives a service of /ip/service its face; takes effect at the next reconcile. */
  register(name: ServiceName, face: Face): void;
  /** Gives a face bound from its own menu. */
  register(name: OwnFaceName | MenuPortFaceName, face: Face, own: OwnBinding): void;
  register(name: FaceName, face: Face, own?: OwnBinding) {
    this.faces.set(name, { face, own });
    for (const t of own?.tables ?? []) this.watched.add(t);
    if (this.unwatch) this.schedule();
  }

  /** What /ip/service shows as `invalid`. */
  status(name: string): { invalid: boolean } | undefined {
    return this.faces.has(name as FaceName) ? { invalid: this.failed.has(name as FaceName) } : undefined;
  }

  /**
   * Binds every enabled service and starts following the configuration. A service that
   * cannot bind now is an error (the command line's "cannot listen" exit).
   */
  async start() {
    await this.reconcile(true);
    this.unwatch = this.o.store.onCommit((tables) => {
      for (const t of this.watched) if (tables.has(t)) return this.schedule();
    });
  }

  /** Resolves when every change seen so far has been applied. */
  async settled() {
    let seen: Promise<void>;
    do {
      seen = this.queue;
      await seen;
    } while (seen !== this.queue);
  }

  private schedule() {
    if (this.pending || this.stopped) return;
    this.pending = true;
    // After the commit that asked (and the reply to it) is done, and once per burst.
    this.queue = this.queue
      .then(() => new Promise<void>((ok) => setImmediate(ok)))
      .then(() => { this.pending = false; return this.reconcile(false); })
      .catch((e) => { console.error('vrouter: service reconcile failed:', e); });
  }

  private desired(name: FaceName, own: OwnBinding | undefined): Desired | undefined {
    if (own) {
      if (!own.enabled(this.o.store)) return undefined;
      const port = own.port ? own.port(this.o.store) : this.o.standIns.get(name as OwnFaceName);
      return { key: JSON.stringify({ port }), spec: { name, host: this.o.host, port, allowed: () => true, maxSessions: DEFAULT_MAX_SESSIONS } };
    }
    const row = this.o.store.table('ip/service').byKey.get(name);
    if (!row || row.values.disabled === 'true') return undefined;
    const v = row.values;
    const port = Number(v.port);
    const availableFrom = v['available-from'] ?? '';
    const maxSessions = Number(v['max-sessions'] ?? DEFAULT_MAX_SESSIONS) || DEFAULT_MAX_SESSIONS;
    const spec: ListenSpec = { name, host: this.o.host, port, allowed: addressFilter(availableFrom), maxSessions };
    const settings: Record<string, string | number> = { port, availableFrom, maxSessions };
    if (SECURE.has(name as ServiceName)) {
      const tlsVersion = v['tls-version'] ?? 'any';
      const material = this.o.certificate(v.certificate ?? 'none');
      spec.tls = tlsOptions(tlsVersion, material);
      settings.tlsVersion = tlsVersion;
      settings.certificate = material?.tag ?? 'none';
    }
    return { key: JSON.stringify(settings), spec };
  }

  private async reconcile(strict: boolean) {
    for (const [name, { face, own }] of this.faces) {
      if (this.stopped) return;
      const want = this.desired(name, own);
      const have = this.running.get(name);
      if (want && have?.key === want.key) continue;
      if (want && !have && this.failed.get(name) === want.key) continue;
      if (want && have && want.spec.port === have.listener.port) {
        have.listener.update(want.spec);
        have.key = want.key;
        continue;
      }
      // The old listener (if any) goes once the new one listens, or once it cannot.
      const retire = async () => {
        if (!have) return;
        this.running.delete(name);
        delete this.o.bound[name];
        await have.listener.close(true);
      };
      this.failed.delete(name);
      if (!want) { await retire(); continue; }
      let listener: Listener;
      try {
        listener = await this.listen(face, want.spec, strict);
      } catch (e) {
        await retire();
        const reason = bindReason(e, this.o.host);
        if (strict) throw new Error(`cannot listen on ${this.o.host.includes(':') ? `[${this.o.host}]` : this.o.host}:${want.spec.port} (${name}): ${reason}`);
        this.failed.set(name, want.key);
        this.o.log('system,error,critical', `${name} service could not listen on port ${want.spec.port}: ${reason}`);
        continue;
      }
      await retire();
      if (this.stopped) { await listener.close(false); return; }
      let key = want.key;
      // Port 0 asks for any free port: the configuration shows the one really bound, and
      // that change is no reason to bind again.
      if (listener.port !== want.spec.port) {
        key = JSON.stringify({ ...JSON.parse(want.key), port: listener.port });
        if (own?.port) { /* the menu's own port stays as the user set it */ } else if (own) this.o.standIns.set(name as OwnFaceName, listener.port); else this.writePort(name as ServiceName, listener.port);
      }
      this.running.set(name, { key, listener });
      this.o.bound[name] = listener.port;
    }
  }

  /** Binds a face; at start, a taken port gives way to a free one where the owner asks so. */
  private async listen(face: Face, spec: ListenSpec, strict: boolean): Promise<Listener> {
    try {
      return await face(spec);
    } catch (e) {
      if (!strict || !this.o.portTaken || spec.port === 0 || (e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e;
      const listener = await face({ ...spec, port: 0 });
      this.o.log('system,warning', `${spec.name} service could not listen on port ${spec.port}: address already in use, listening on port ${listener.port}`);
      this.o.portTaken(spec.name, spec.port, listener.port);
      return listener;
    }
  }

  private writePort(name: ServiceName, port: number) {
    const table = this.o.store.table('ip/service');
    const row = table.byKey.get(name);
    if (row) this.o.store.commit([{ op: 'update', table: 'ip/service', id: row.id, values: { ...row.values, port: String(port) } }]);
  }

  /** Closes every listener, cutting connections. */
  async stop() {
    this.stopped = true;
    this.unwatch?.();
    const all = [...this.running.values()];
    this.running.clear();
    for (const name of this.faces.keys()) delete this.o.bound[name];
    await Promise.all(all.map((r) => r.listener.close(false)));
  }
}
