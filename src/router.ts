// One router assembled from a data directory: the store, the engine with every menu, the
// device, logins and the network faces bound to /ip/service.

import { Engine } from './core/engine.js';
import { Store } from './core/store.js';
import { formatDateTime } from './core/values.js';
import ipaddr from 'ipaddr.js';
import { BOARDS, Device, withHardware, withPackages, type Hardware } from './device/board.js';
import { PACKAGE_SIZES } from './device/boards/index.js';
import { DEFAULT_ROS_VERSION, since } from './device/version.js';
import { FileStore } from './device/files.js';
import fs from 'node:fs';
import path from 'node:path';
import { Lanes } from './auth/lanes.js';
import { Logins, type Account, type Directory, type Entry, type LoginEvents } from './auth/logins.js';
import { loadPki } from './menus/certificate.js';
import { menusOf } from './menus/index.js';
import { bootRelease, rememberedPackages, rememberedVersion } from './device/release.js';
import { bootMachine } from './device/machine.js';
import { lacksDirectory } from './tree/tree.js';
import { lacksOf } from './device/boards/features.js';
import { upgrade } from './menus/upgrade.js';
import type { Package } from './device/packages.js';
import { attachDevice, seedDevice } from './menus/device.js';
import { startScheduler, stopScheduler } from './menus/system/scheduler.js';
import { writeLog } from './menus/log.js';
import { hideActive, showActive } from './menus/user/active.js';
import { verifyPasswordAsync } from './menus/user/password.js';
import { grantedPolicies } from './menus/user/user.js';
import { consoleOf } from './menus/console.js';
import { RestHandler } from './services/rest/handler.js';
import { MAX_BODY_TOTAL_BYTES, Www, type WebParts } from './services/www.js';
import { BodyBudget } from './services/budget.js';
import { ApiServer } from './services/api/server.js';
import { INPUT_TOTAL, type ApiContext } from './services/api/session.js';
import { Turns } from './services/api/turns.js';
import { DEFAULT_PORTS, SERVICE_NAMES, Services, type FaceName, type ListenSpec, type Listener, type OwnFaceName, type ServiceName, type StandInPorts } from './services/services.js';
import { standInPorts } from './services/stand-in.js';
import { SecretBox } from './device/secrets.js';
import { BootFiles } from './device/boot-files.js';
import type { UpstreamService } from './device/upstream.js';
import { resolverOf, stopResolver } from './menus/ip/dns-resolver.js';
import { HostKeys } from './device/host-keys.js';
import { SshServer } from './services/ssh/server.js';
import { TelnetServer } from './services/telnet.js';
import type { SnmpContext } from './services/snmp/agent.js';
import { startDns } from './services/dns.js';
import { startNtp } from './services/ntp.js';
import { answerNtp, startNtpClient, stopNtpClient } from './menus/system/ntp.js';
import { closeLogTargets } from './menus/system/logging-targets.js';
import { answerQuery } from './menus/ip/dns-server.js';
import { accountingStart, accountingStop, radiusLogin, radiusUsed } from './menus/radius.js';
import { answerIncoming } from './menus/radius-incoming.js';
import { startRadiusIncoming } from './services/radius.js';
import { Signer, tlsMaterial } from './menus/certificate.js';

export interface RouterOptions {
  dataDir: string;
  listen: string;
  /**
   * Ports given on the command line; a port left out keeps what /ip/service says (for the
   * faces of its services) or the stand-in port the store keeps (snmp, dns, ntp).
   */
  ports: Partial<Record<FaceName, number>>;
  loginKeepMs: number;
  requestLimitMs: number;
  /** The emulated board (src/device/board.ts BOARDS); default: the data directory's (src/device/machine.ts), else hap-ax2. */
  board?: string;
  /** A CHR's virtual hardware (`--ports N`, `--disks N`, `--serial N`). */
  hardware?: Hardware;
  /** The serial number /system/routerboard and export show (`--like`: the export's). */
  serialNumber?: string;
  /** The RouterOS version the router reports and behaves as (`--ros-version`); default: what the data directory last ran, else 7.24. */
  rosVersion?: string;
  /** First boot without the default configuration, as a CHR starts (a lab's nodes). */
  noDefaults?: boolean;
  /**
   * A new store's first boot is made durable by the owner, who calls `store.durable()` (a
   * lab's node, whose first-boot mark stands for it meanwhile; src/core/store.ts), not by
   * `start` before it returns.
   */
  deferSync?: boolean;
  /** Extra packages installed besides the board's (`--packages`; `--like`: the menus of an export need them). */
  packages?: readonly string[];
  /** Where SNMP traps go on each /snmp trap-target (`--snmp-trap-port`; the router's is 162). */
  snmpTrapPort?: number;
  /** Where the router's own DNS and NTP queries go in place of 53 and 123 (`--dns-upstream-port`, `--ntp-upstream-port`). */
  upstreamPorts?: Partial<Record<UpstreamService, number>>;
  /** A face whose port is taken at start listens on a free one and is told here (a lab's nodes), instead of failing. */
  portTaken?: (face: FaceName, wanted: number, bound: number) => void;
  /**
   * Run on a new data directory after its default configuration and before the services
   * listen (the image's admin password and startup-config): nothing answers a half-made router.
   */
  firstBoot?: (router: Router) => Promise<void>;
  /** How long `/tool e-mail send` waits for each answer of the SMTP server (default 30 s; tests shorten it). */
  mailTimeoutMs?: number;
}

export type { FaceName, ServiceName };

/** Where the router's files (/file) live in its data directory. */
const filesOf = (dataDir: string) => path.join(dataDir, 'files');

/** ` from ADDR` in a log line, or nothing for a login without an address. */
const from = (address: string) => (address ? ` from ${address}` : '');
/** The router's own scripts (a lab's startup-config, VRRP's) run with every policy. */
const OWN_POLICIES = 'local,telnet,ssh,ftp,reboot,read,write,policy,test,winbox,password,web,sniff,sensitive,api,romon,rest-api';
/** Settings not (yet) in the store: every default. */
const NO_VALUES: Readonly<Record<string, string>> = Object.freeze({});

export class Router {
  /** The engine of this boot: a reboot that changes the installed packages makes a new one. */
  engine: Engine;
  readonly logins: Logins;
  /** The network faces, following /ip/service (started by `start`). */
  services?: Services;
  private sweeper?: NodeJS.Timeout;
  /** Where each running service really listens. */
  readonly bound: Partial<Record<FaceName, number>> = {};
  /** The ports of the faces bound from their own menus (src/services/stand-in.ts). */
  private readonly standIns: StandInPorts;
  /** Ports that were taken when a face started, and where it listens instead (RouterOptions.portTaken). */
  private readonly substitutes = new Map<FaceName, { wanted: number; bound: number }>();
  /** Request bodies held by www and www-ssl together. */
  private readonly bodies = new BodyBudget(MAX_BODY_TOTAL_BYTES);

  private constructor(readonly store: Store, readonly options: RouterOptions) {
    // Without --ros-version the data directory runs the release it ran (src/device/release.ts).
    this.rosVersion = options.rosVersion ?? (store.fresh ? undefined : rememberedVersion(options.dataDir)) ?? DEFAULT_ROS_VERSION;
    // The board the data directory was made for, whatever flags say (src/device/machine.ts).
    const machine = bootMachine(options.dataDir, { board: options.board, hardware: options.hardware, serialNumber: options.serialNumber }, store.fresh, this.bootFiles);
    let board = BOARDS[machine.board];
    if (!board) throw new Error(`no such board ${machine.board}`);
    if (machine.hardware) board = withHardware(board, machine.hardware);
    // The packages installed before stay installed: wifi-qcom-ac turns an ac board's radios into wifi ones.
    board = withPackages(board, [...rememberedPackages(options.dataDir), ...(options.packages ?? [])]);
    // The release's tree with the packages installed at this boot (src/device/release.ts).
    this.boardPackages = board.packages;
    this.boardLacks = lacksOf(board, this.rosVersion);
    const release = bootRelease(options.dataDir, this.rosVersion, board.packages, options.packages ?? [], this.boardLacks, this.bootFiles);
    this.engine = new Engine(store, menusOf(release.tree));
    this.engine.services.tree = release.tree;
    this.engine.lacks = (path) => lacksDirectory(release.tree, path);
    const device = new Device(board, this.engine);
    if (machine.serialNumber) device.serialNumber = machine.serialNumber;
    device.rosVersion = this.rosVersion;
    this.engine.services.release = release;
    this.engine.services.device = device;
    this.engine.services.files = new FileStore(filesOf(options.dataDir));
    this.engine.services.secrets = SecretBox.open(options.dataDir, this.bootFiles);
    // Made at the first SSH connection (or host-key command) and kept in the data directory.
    this.engine.services.hostKeys = new HostKeys(options.dataDir, this.engine.services.secrets as SecretBox);
    this.engine.services.signer = new Signer();
    device.network.upstreamPorts = { ...device.network.upstreamPorts, ...options.upstreamPorts };
    if (options.mailTimeoutMs !== undefined) this.engine.services.mailTimeoutMs = options.mailTimeoutMs;
    this.standIns = standInPorts(store);
    this.engine.services.bootPorts = () => this.bootPorts();
    if (store.fresh) {
      seedDevice(this.engine, options.noDefaults);
      // A fresh router listens where its default flags say.
      this.writePorts({ ...DEFAULT_PORTS, ...options.ports });
    } else {
      this.writePorts(options.ports);
    }
    // Started on another release than the data directory last ran: it upgrades or downgrades.
    if (release.previous && !store.fresh) upgrade(this.engine, release.previous, release.version);
    // Packages `--packages` adds to a router that ran without them: installed at this boot,
    // as the router logs each package it installs.
    if (!store.fresh) for (const name of release.added) writeLog(this.engine, 'system,info', `installed ${name}-${this.rosVersion}`);
    attachDevice(this.engine);
    // Scheduled scripts run from now on; the scheduler and running scripts stop with the router.
    startScheduler(this.engine);
    startNtpClient(this.engine);
    // Logins show in /user/active while they last, and in the account log.
    const shown = new Map<Entry, number>();
    const events: LoginEvents = {
      loggedIn: (e) => {
        writeLog(this.engine, 'system,info,account', `user ${e.user} logged in${from(e.address)} via ${e.via}`);
        shown.set(e, showActive(this.engine, e));
        this.lastLoggedIn(e.user, e.since);
        // Accounting follows the sessions RADIUS let in (/user/aaa `accounting`).
        if (e.radius) accountingStart(this.engine, e);
      },
      loggedOut: (e) => {
        writeLog(this.engine, 'system,info,account', `user ${e.user} logged out${from(e.address)} via ${e.via}`);
        const id = shown.get(e);
        shown.delete(e);
        if (e.radius) accountingStop(this.engine, e);
        if (id !== undefined) hideActive(this.engine, id);
      },
      failed: (user, address, via) => {
        writeLog(this.engine, 'system,error,critical', `login failure for user ${user}${from(address)} via ${via}`);
      },
    };
    this.logins = new Logins(this.directory(), options.loginKeepMs, () => this.engine.now(), events);
    // A reboot the configuration asks for: after the answer has left (a real router answers, then goes down).
    this.engine.services.restart = () => { setTimeout(() => void this.restart().catch((e) => writeLog(this.engine, 'system,error', `restart failed: ${(e as Error).message}`)), 100).unref(); };
  }

  /** What this boot writes beside the store, waited for before the router answers. */
  private bootFiles = new BootFiles();

  /** The packages the board ships with (src/device/board.ts). */
  private readonly boardPackages: readonly Package[];
  /** What of the tree the board has not (src/device/boards/features.ts). */
  private readonly boardLacks: readonly string[];

  /**
   * A boot: the packages /system/package disable and enable scheduled take effect, and with
   * another set of packages the router has another set of menus (a new engine on the same store).
   */
  private async rebootPackages() {
    this.bootFiles = new BootFiles();
    const release = bootRelease(this.options.dataDir, this.rosVersion, this.boardPackages, this.options.packages ?? [], this.boardLacks, this.bootFiles);
    await this.bootFiles.done();
    const old = this.engine;
    if (release.tree !== old.services.tree) {
      const engine = new Engine(this.store, menusOf(release.tree));
      Object.assign(engine.services, old.services);
      old.close();
      this.engine = engine;
    }
    this.engine.services.tree = release.tree;
    this.engine.services.release = release;
    this.engine.lacks = (path) => lacksDirectory(release.tree, path);
    // The package records are made again from this boot's packages (src/menus/system/package.ts).
    const listed = this.store.table('system/package').rows.filter((r) => r.dynamic);
    if (listed.length) this.store.commit(listed.map((r) => ({ op: 'delete' as const, table: 'system/package', id: r.id })));
  }

  /** Opens the data directory and starts the services; throws with a one-line reason. */
  static async start(options: RouterOptions): Promise<Router> {
    // A new store's first boot is written without waiting for the disk, and flushed once below.
    const store = Store.open(options.dataDir, { deferSync: true });
    // The file store's folder, if new, made in the thread pool (a lab boots other nodes meanwhile).
    await fs.promises.mkdir(filesOf(options.dataDir), { recursive: true }).catch(() => { /* FileStore tells why */ });
    let router: Router;
    try {
      router = new Router(store, options);
    } catch (e) {
      store.close();
      throw e;
    }
    try {
      await router.bootFiles.done();
      if (store.fresh && options.firstBoot) await options.firstBoot(router);
      // Certificates in the configuration need their machinery before www-ssl starts.
      if (store.table('certificate').rows.length) await loadPki();
      // The first boot, held until here, goes to disk in one transaction before anything
      // listens (nothing a client sends is held with it), its flush made while the services start.
      const durable = options.deferSync ? undefined : store.durable();
      durable?.catch(() => { /* awaited below */ });
      await router.startServices();
      // The first boot's records (and the ports bound) are on disk before anyone is told the router runs.
      await durable;
      await store.settled();
    } catch (e) {
      await router.stop();
      throw e;
    }
    return router;
  }

  /**
   * The ports the command line gives the services, which a reset keeps (src/menus/system/reset.ts):
   * a flag's, else the stand-in; port 0 (any free one) keeps the port bound.
   */
  private bootPorts(): Map<string, string> {
    const ports = new Map<string, string>();
    const table = this.store.table('ip/service');
    for (const name of SERVICE_NAMES) {
      const given = this.options.ports[name] ?? DEFAULT_PORTS[name];
      const instead = this.substitutes.get(name);
      // A free port is chosen once, when the service first listens: a disabled one has none yet.
      // A port that was taken at start (a lab's node) stays where the service went instead.
      const port = given === 0 ? this.bound[name] ?? table.byKey.get(name)?.values.port : instead?.wanted === given ? instead.bound : given;
      if (port) ports.set(name, String(port));
    }
    return ports;
  }

  private writePorts(ports: Partial<Record<FaceName, number>>) {
    const table = this.store.table('ip/service');
    const changes = Object.entries(ports).flatMap(([name, port]) => {
      if (!SERVICE_NAMES.includes(name as ServiceName)) {
        this.standIns.set(name as OwnFaceName, port);
        return [];
      }
      const row = table.byKey.get(name);
      return row ? [{ op: 'update' as const, table: 'ip/service', id: row.id, values: { ...row.values, port: String(port) } }] : [];
    });
    if (changes.length) this.store.commit(changes);
  }

  private async startServices() {
    const lanes = new Lanes(this.options.requestLimitMs, (user) => this.logins.drop(user, 'rest-api'));
    const rest = new RestHandler(this.engine, this.logins, lanes);
    const services = new Services({
      store: this.store, host: this.options.listen, bound: this.bound, standIns: this.standIns,
      certificate: (stored) => tlsMaterial(this.engine, stored),
      log: (topics, message) => writeLog(this.engine, topics, message),
      // Only where the owner asks (a lab's node): otherwise a taken port ends the start.
      portTaken: this.options.portTaken && ((face, wanted, bound) => {
        this.substitutes.set(face, { wanted, bound });
        this.options.portTaken!(face, wanted, bound);
      }),
    });
    this.services = services;
    this.engine.services.serviceStatus = (name: string) => services.status(name);
    services.register('www', (spec) => this.startWww(spec, rest, 'http'));
    services.register('www-ssl', (spec) => this.startWww(spec, rest, 'https'));
    // API commands run side by side, each ending at the request limit by itself; connections
    // take turns at the engine and share one budget for long sentences.
    const api: ApiContext = {
      engine: this.engine, logins: this.logins, requestLimitMs: this.options.requestLimitMs, version: this.rosVersion,
      turns: new Turns(), input: new BodyBudget(INPUT_TOTAL),
    };
    services.register('api', (spec) => this.startApi(spec, api));
    services.register('api-ssl', (spec) => this.startApi(spec, api));
    // The console over terminals: each connection logs in by itself (src/services/terminal.ts).
    services.register('ssh', (spec) => this.startTerminal(spec, new SshServer({ ...this.terminal(), hostKeys: this.engine.services.hostKeys as HostKeys }, spec.allowed, spec.maxSessions)));
    services.register('telnet', (spec) => this.startTerminal(spec, new TelnetServer(this.terminal(), spec.allowed, spec.maxSessions)));
    // The SNMP agent listens while /snmp says enabled=yes (src/services/snmp/agent.ts).
    // Its modules (net-snmp) load when it is first enabled: most routers never are.
    const snmp: SnmpContext = {
      engine: () => this.engine, log: (topics, message) => writeLog(this.engine, topics, message), trapPort: this.options.snmpTrapPort,
    };
    services.register('snmp', async (spec) => (await import('./services/snmp/agent.js')).snmpFace(snmp)(spec), {
      tables: ['snmp'], enabled: (store) => store.table('snmp').rows[0]?.values.enabled === 'true',
    });
    // The router's DNS server for its network, while /ip/dns allows remote requests in main
    // (the host's network stands for main: routeros-facts.md 45.6).
    services.register('dns', (spec) => startDns(spec, {
      answer: (query, client, transport) => answerQuery(this.engine, query, client, transport),
      tcpSessions: () => Number(this.dnsSettings()['max-concurrent-tcp-sessions']) || 20,
    }), { tables: ['ip/dns'], enabled: () => this.dnsSettings()['allow-remote-requests'] === 'true' && (this.dnsSettings().vrf ?? 'main') === 'main' });
    // The router's NTP server, while /system/ntp/server is enabled in main.
    const ntp = () => this.store.table('system/ntp/server').rows[0]?.values ?? NO_VALUES;
    services.register('ntp', (spec) => startNtp(spec, (request) => answerNtp(this.engine, request)),
      { tables: ['system/ntp/server'], enabled: () => ntp().enabled === 'true' && (ntp().vrf ?? 'main') === 'main' });
    // /radius/incoming: CoA and Disconnect-Request on its port while `accept=yes`.
    const incoming = () => this.store.table('radius/incoming').rows[0]?.values ?? NO_VALUES;
    services.register('radius', (spec) => startRadiusIncoming(spec, (request, from) => answerIncoming(this.engine, this.logins, request, from)), {
      tables: ['radius/incoming'], port: () => Number(incoming().port ?? 3799),
      enabled: () => incoming().accept === 'true' && (incoming().vrf ?? 'main') === 'main',
    });
    await services.start();
    this.sweeper = setInterval(() => this.logins.sweep(), 1000);
    this.sweeper.unref();
  }

  private dnsSettings(): Readonly<Record<string, string>> {
    return this.store.table('ip/dns').rows[0]?.values ?? NO_VALUES;
  }

  private async startWww(spec: ListenSpec, rest: RestHandler, scheme: 'http' | 'https'): Promise<Listener> {
    const www = new Www({
      rest, scheme, tls: spec.tls, allowed: spec.allowed, maxSessions: spec.maxSessions, budget: this.bodies,
      router: () => ({ identity: this.store.table('system/identity').rows[0]?.values.name ?? 'MikroTik', version: this.rosVersion }),
      parts: () => this.webParts(scheme),
    });
    const port = await www.listen(spec.port, spec.host);
    return { port, close: (graceful) => www.close(graceful), update: (next) => www.update(next.allowed, next.tls, next.maxSessions) };
  }

  private async startApi(spec: ListenSpec, context: ApiContext): Promise<Listener> {
    const server = new ApiServer({ context, tls: spec.tls, allowed: spec.allowed, maxSessions: spec.maxSessions });
    const port = await server.listen(spec.port, spec.host);
    return { port, close: (graceful) => server.close(graceful), update: (next) => server.update(next.allowed, next.maxSessions, next.tls) };
  }

  private terminal() {
    return { engine: this.engine, logins: this.logins, version: this.rosVersion };
  }

  private async startTerminal(spec: ListenSpec, server: SshServer | TelnetServer): Promise<Listener> {
    const port = await server.listen(spec.port, spec.host);
    return { port, close: (graceful) => server.close(graceful), update: (next) => server.update(next.allowed, next.maxSessions) };
  }

  /** The board as the router names it (`hAP ax^2`, `CHR`): the data directory's, whatever flags said. */
  get boardName(): string { return (this.engine.services.device as Device).board.name; }

  /** The RouterOS version this router reports and behaves as (`--ros-version`, or what its data directory last ran). */
  readonly rosVersion: string;

  /** Whether this version serves REST over plain HTTP; asked at every request, worked out once. */
  private restOverWww?: boolean;

  /** The parts last worked out per protocol, with the settings they came from. */
  private readonly partsKept = new Map<string, { values: object; parts: WebParts }>();

  /**
   * The switches of /ip/service/webserver for one protocol (every part is on by default).
   * Asked at every request; worked out again when the settings are (a change gives them a
   * new values object).
   */
  private webParts(scheme: 'http' | 'https'): WebParts {
    const values = this.store.table('ip/service/webserver').rows[0]?.values ?? NO_VALUES;
    const kept = this.partsKept.get(scheme);
    if (kept?.values === values) return kept.parts;
    const parts = this.partsOf(scheme, values);
    this.partsKept.set(scheme, { values, parts });
    return parts;
  }

  private partsOf(scheme: 'http' | 'https', values: Readonly<Record<string, string>>): WebParts {
    const on = (part: string) => (values[part] ?? 'true') === 'true';
    if (scheme === 'https') return { rest: on('rest-secure'), index: on('index-secure'), webfig: on('webfig-secure'), graphs: on('graphs-secure') };
    return {
      // Before 7.9 the router served REST over www-ssl only.
      rest: on('rest-plain') && (this.restOverWww ??= since(this.rosVersion, 'rest-over-www')), index: on('index-plain'), webfig: on('webfig-plain'), graphs: on('graphs-plain'),
      acme: on('acme-plain'), crl: on('crl-plain'), scep: on('scep-plain'),
    };
  }

  /** The base URL of the REST service, e.g. http://127.0.0.1:8080 (or https://... of www-ssl). */
  url(service: 'www' | 'www-ssl' = 'www'): string | undefined {
    const port = this.bound[service];
    if (port === undefined) return undefined;
    const host = this.options.listen.includes(':') ? `[${this.options.listen}]` : this.options.listen;
    return `${service === 'www' ? 'http' : 'https'}://${host}:${port}`;
  }

  private directory(): Directory {
    const store = this.store;
    const accounts = new Map<string, { changes: number; user: object; group?: object; account: Account }>();
    return {
      account(name): Account | undefined {
        // Every request asks: while nothing in the store has changed, the account stands.
        const known = accounts.get(name);
        if (known?.changes === store.changes) return known.account;
        const row = store.table('user').byKey.get(name);
        if (!row) return undefined;
        const groupId = row.values.group ? parseInt(row.values.group.slice(1), 16) : -1;
        const group = store.table('user/group').get(groupId);
        // Otherwise read the records again only when either has changed (the store gives a
        // changed record a new values object).
        if (known && known.user === row.values && known.group === group?.values) {
          known.changes = store.changes;
          return known.account;
        }
        const account: Account = {
          name, password: row.values.password ?? '', disabled: row.values.disabled === 'true',
          address: row.values.address ? row.values.address.split(',') : [],
          group: group?.values.name ?? '', policies: grantedPolicies(group?.values.policy),
        };
        accounts.set(name, { changes: store.changes, user: row.values, group: group?.values, account });
        return account;
      },
      verify: verifyPasswordAsync,
      // A name no local user has goes to RADIUS while /user/aaa says use-radius=yes.
      remote: (user, password, address, via) => {
        if (!radiusUsed(this.engine)) return undefined;
        return radiusLogin(this.engine, { user, password, address, via }).then((group) => {
          if (group === undefined) return undefined;
          const row = store.table('user/group').rows.find((r) => r.values.name === group);
          return { name: user, password: '', disabled: false, address: [], group, policies: grantedPolicies(row?.values.policy), remote: true };
        });
      },
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
    // Nobody waits for it: the login's answer does not wait for the disk (Store.note).
    this.store.note([{ op: 'update', table: 'user', id: row.id, values: { ...row.values, 'last-logged-in': when } }]);
  }

  /**
   * What the real router does when it reboots (`/system reboot`, `/system backup load`),
   * the configuration kept as stored: every connection and login ends, uptime counts from
   * zero, and the services and the scheduler start afresh (`start-time=startup` entries run).
   * Called once the command's answer is on its way.
   */
  async restart() {
    // A router stopped meanwhile stays stopped.
    if (this.stopped) return;
    if (this.sweeper) clearInterval(this.sweeper);
    await this.services?.stop();
    await stopScheduler(this.engine);
    stopNtpClient(this.engine);
    this.logins.close();
    (this.engine.services.device as Device).startedAt = Date.now();
    // What the router learnt while it ran is gone with the reboot.
    resolverOf(this.engine).cache.flush();
    await this.rebootPackages();
    writeLog(this.engine, 'system,info', 'router rebooted');
    attachDevice(this.engine);
    startScheduler(this.engine);
    startNtpClient(this.engine);
    await this.startServices();
  }

  /** Writes a line to /log with the router's topics (what a lab's protocols log: src/lab). */
  log(topics: string, message: string) {
    writeLog(this.engine, topics, message);
  }

  /**
   * Runs a script as the router's own, with every policy: awaited, its first error thrown (a
   * lab node's startup-config, stopped by `signal`), or in the background with its errors in
   * /log (a VRRP script).
   */
  async runScript(source: string, via: string, background = false, signal?: AbortSignal): Promise<void> {
    const rt = consoleOf(this.engine);
    const session = { user: 'admin', via, policies: grantedPolicies(OWN_POLICIES) };
    if (!background) {
      await rt.run(source, { session, output: () => {}, signal });
      return;
    }
    try {
      rt.background(source, { session, type: 'script' });
    } catch (e) {
      rt.reportError(undefined, e);
    }
  }

  private stopped = false;

  async stop() {
    this.stopped = true;
    if (this.sweeper) clearInterval(this.sweeper);
    await this.services?.stop();
    await stopScheduler(this.engine);
    stopNtpClient(this.engine);
    stopResolver(this.engine);
    closeLogTargets(this.engine);
    (this.engine.services.signer as Signer | undefined)?.close();
    this.logins.close();
    this.engine.close();
    this.store.close();
  }
}
