// One router assembled from a data directory: the store, the engine with every menu, the
// device, logins and the network faces bound to /ip/service.

import { Engine } from './core/engine.js';
import { Store } from './core/store.js';
import { formatDateTime } from './core/values.js';
import ipaddr from 'ipaddr.js';
import { Device, VERSION } from './device/board.js';
import { FileStore } from './device/files.js';
import path from 'node:path';
import { Lanes } from './auth/lanes.js';
import { Logins, type Account, type Directory, type Entry, type LoginEvents } from './auth/logins.js';
import { menus } from './menus/index.js';
import { writeLog } from './menus/log.js';
import { hideActive, showActive } from './menus/user/active.js';
import { verifyPasswordAsync } from './menus/user/password.js';
import { grantedPolicies } from './menus/user/user.js';
import { RestHandler } from './services/rest/handler.js';
import { Www, homePageHtml } from './services/www.js';

export interface RouterOptions {
  dataDir: string;
  listen: string;
  /** Ports given on the command line; a port left out keeps what /ip/service says. */
  ports: Partial<Record<ServiceName, number>>;
  loginKeepMs: number;
  requestLimitMs: number;
}

export type ServiceName = 'www' | 'www-ssl' | 'api' | 'api-ssl';

/** ` from ADDR` in a log line, or nothing for a login without an address. */
const from = (address: string) => (address ? ` from ${address}` : '');

export const DEFAULT_PORTS: Record<ServiceName, number> = { www: 8080, 'www-ssl': 8443, api: 8728, 'api-ssl': 8729 };

export class Router {
  readonly engine: Engine;
  readonly logins: Logins;
  private www?: Www;
  private sweeper?: NodeJS.Timeout;
  /** Where each running service really listens. */
  readonly bound: Partial<Record<ServiceName, number>> = {};

  private constructor(readonly store: Store, readonly options: RouterOptions) {
    this.engine = new Engine(store, menus);
    this.engine.services.device = new Device();
    this.engine.services.files = new FileStore(path.join(options.dataDir, 'files'));
    if (store.fresh) {
      this.engine.seed();
      // A fresh router listens where its default flags say.
      this.writePorts({ ...DEFAULT_PORTS, ...options.ports });
    } else {
      this.writePorts(options.ports);
    }
    // Logins show in /user/active while they last, and in the account log.
    const shown = new Map<Entry, number>();
    const events: LoginEvents = {
      loggedIn: (e) => {
        writeLog(this.engine, 'system,info,account', `user ${e.user} logged in${from(e.address)} via ${e.via}`);
        shown.set(e, showActive(this.engine, e));
        this.lastLoggedIn(e.user, e.since);
      },
      loggedOut: (e) => {
        writeLog(this.engine, 'system,info,account', `user ${e.user} logged out${from(e.address)} via ${e.via}`);
        const id = shown.get(e);
        shown.delete(e);
        if (id !== undefined) hideActive(this.engine, id);
      },
      failed: (user, address, via) => {
        writeLog(this.engine, 'system,error,critical', `login failure for user ${user}${from(address)} via ${via}`);
      },
    };
    this.logins = new Logins(this.directory(), options.loginKeepMs, () => this.engine.now(), events);
  }

  /** Opens the data directory and starts the services; throws with a one-line reason. */
  static async start(options: RouterOptions): Promise<Router> {
    const store = Store.open(options.dataDir);
    let router: Router;
    try {
      router = new Router(store, options);
    } catch (e) {
      store.close();
      throw e;
    }
    try {
      await router.startServices();
    } catch (e) {
      await router.stop();
      throw e;
    }
    return router;
  }

  private service(name: ServiceName): Record<string, string> | undefined {
    const row = this.store.table('ip/service').byKey.get(name);
    return row?.values;
  }

  private writePorts(ports: Partial<Record<ServiceName, number>>) {
    const table = this.store.table('ip/service');
    const changes = Object.entries(ports).flatMap(([name, port]) => {
      const row = table.byKey.get(name);
      return row ? [{ op: 'update' as const, table: 'ip/service', id: row.id, values: { ...row.values, port: String(port) } }] : [];
    });
    if (changes.length) this.store.commit(changes);
  }

  private async startServices() {
    const lanes = new Lanes(this.options.requestLimitMs, (user) => this.logins.drop(user, 'rest-api'));
    const rest = new RestHandler(this.engine, this.logins, lanes);
    const www = this.service('www');
    if (www && www.disabled !== 'true') {
      this.www = new Www({ rest, scheme: 'http', homePage: () => this.homePage() });
      const port = Number(www.port ?? DEFAULT_PORTS.www);
      try {
        this.bound.www = await this.www.listen(port, this.options.listen);
      } catch (e) {
        this.www = undefined;
        const code = (e as NodeJS.ErrnoException).code;
        throw new Error(`cannot listen on ${this.options.listen}:${port} (www): ${code === 'EADDRINUSE' ? 'address already in use' : code ?? (e as Error).message}`);
      }
      // Port 0 asks for any free port: the configuration shows the one really bound.
      if (this.bound.www !== port) this.writePorts({ www: this.bound.www });
    }
    this.sweeper = setInterval(() => this.logins.sweep(), 1000);
    this.sweeper.unref();
  }

  private homePage(): string {
    const identity = this.store.table('system/identity').rows[0]?.values.name ?? 'MikroTik';
    return homePageHtml(identity, VERSION.split(' ')[0]);
  }

  /** The base URL of the REST service, e.g. http://127.0.0.1:8080. */
  url(): string | undefined {
    if (this.bound.www === undefined) return undefined;
    const host = this.options.listen.includes(':') ? `[${this.options.listen}]` : this.options.listen;
    return `http://${host}:${this.bound.www}`;
  }

  private directory(): Directory {
    const store = this.store;
    return {
      account(name): Account | undefined {
        const row = store.table('user').byKey.get(name);
        if (!row) return undefined;
        const groupId = row.values.group ? parseInt(row.values.group.slice(1), 16) : -1;
        const group = store.table('user/group').get(groupId);
        return {
          name, password: row.values.password ?? '', disabled: row.values.disabled === 'true',
          address: row.values.address ? row.values.address.split(',') : [],
          group: group?.values.name ?? '', policies: grantedPolicies(group?.values.policy),
        };
      },
      verify: verifyPasswordAsync,
      addressAllowed(client, networks) {
        if (!networks.length) return true;
        let address: ipaddr.IPv4 | ipaddr.IPv6;
        try {
          address = ipaddr.process(client);
        } catch {
          return false;
        }
        return networks.some((n) => {
          try {
            const [net, len] = ipaddr.parseCIDR(n.includes('/') ? n : `${n}/${n.includes(':') ? 128 : 32}`);
            return net.kind() === address.kind() && address.match(net, len);
          } catch {
            return false;
          }
        });
      },
    };
  }

  /** Notes the time of a user's latest login in /user `last-logged-in`. */
  private lastLoggedIn(name: string, at: number) {
    const row = this.store.table('user').byKey.get(name);
    const when = formatDateTime(new Date(at));
    if (!row || row.values['last-logged-in'] === when) return;
    this.store.commit([{ op: 'update', table: 'user', id: row.id, values: { ...row.values, 'last-logged-in': when } }]);
  }

  async stop() {
    if (this.sweeper) clearInterval(this.sweeper);
    await this.www?.close();
    this.logins.close();
    this.engine.close();
    this.store.close();
  }
}
