// One router assembled from a data directory: the store, the engine with every menu, the
// device, logins and the network faces bound to /ip/service.

import { Engine } from './core/engine.js';
import type { Policy } from './core/schema.js';
import { Store } from './core/store.js';
import { ipToInt, maskOf } from './core/values.js';
import { Device, VERSION } from './device/board.js';
import { Lanes } from './auth/lanes.js';
import { Logins, type Account, type Directory, type Login } from './auth/logins.js';
import { menus } from './menus/index.js';
import { writeLog } from './menus/log.js';
import { verifyPassword } from './menus/user/password.js';
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
    if (store.fresh) {
      this.engine.seed();
      // A fresh router listens where its default flags say.
      this.writePorts({ ...DEFAULT_PORTS, ...options.ports });
    } else {
      this.writePorts(options.ports);
    }
    const events = {
      loggedIn: (l: Login) => {
        writeLog(this.engine, 'system,info,account', `user ${l.user} logged in from ${l.address} via ${l.via}`);
        // REST logs in to the router's API behind the scenes: the router logs that too.
        if (l.via === 'rest-api') writeLog(this.engine, 'system,info,account', `user ${l.user} logged in via api`);
      },
      loggedOut: (l: Login) => {
        writeLog(this.engine, 'system,info,account', `user ${l.user} logged out from ${l.address} via ${l.via}`);
      },
      failed: (user: string, address: string, via: string) => {
        writeLog(this.engine, 'system,error,critical', `login failure for user ${user} from ${address} via ${via}`);
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
        const policies = new Set<Policy>((group?.values.policy ?? '').split(',').filter((p) => p && !p.startsWith('!')) as Policy[]);
        return {
          name, password: row.values.password ?? '', disabled: row.values.disabled === 'true',
          address: row.values.address ? row.values.address.split(',') : [],
          group: group?.values.name ?? '', policies,
        };
      },
      verify: verifyPassword,
      addressAllowed(client, networks) {
        if (!networks.length) return true;
        if (!/^\d+\.\d+\.\d+\.\d+$/.test(client)) return false;
        const ip = ipToInt(client);
        return networks.some((n) => {
          const [net, len] = n.split('/');
          const mask = maskOf(Number(len ?? 32));
          return ((ip & mask) >>> 0) === ((ipToInt(net) & mask) >>> 0);
        });
      },
    };
  }

  async stop() {
    if (this.sweeper) clearInterval(this.sweeper);
    await this.www?.close();
    this.logins.close();
    this.engine.close();
    this.store.close();
  }
}
