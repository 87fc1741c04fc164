#!/usr/bin/env node
// The `vrouter` command. Every flag is checked before anything starts; a bad flag, a taken
// port or an unusable data directory ends with one line on stderr and exit status 2.

// First: the heap's settings are in force before any other module is evaluated.
import { startedUp, startsMany } from './heap.js';
import net from 'node:net';
import path from 'node:path';
import { parseDuration } from './core/values.js';
import { StoreError } from './core/store.js';
import fs from 'node:fs';
import { BOARDS, DEFAULT_BOARD, type Hardware } from './device/board.js';
import { closestBoards, findBoard } from './device/boards/index.js';
import { LikeError, readLike, type Like } from './device/like.js';
import { DEFAULT_ROS_VERSION, since } from './device/version.js';
import { refusePackages, refuseVersion, SUPPORTED } from './device/packages.js';
import { releaseFor } from './tree/tree.js';
import { rememberedVersion } from './device/release.js';
import { rememberedBoard } from './device/machine.js';
import { UPSTREAM_DEFAULTS, type UpstreamService } from './device/upstream.js';
import type { Router, RouterOptions } from './router.js';
import { STAND_IN_DEFAULTS } from './services/stand-in.js';
import { DEFAULT_PORTS, type FaceName, type OwnFaceName, type ServiceName } from './services/services.js';
import type { Environment } from './core/schema.js';
import { environmentFlags, ENV_FLAGS } from './container/environment.js';
import { clabInterfaces, followCarrier, waitForInterfaces } from './container/clab.js';

/** Each port flag: the face whose port it gives, and its words in --help. */
const PORT_FLAGS: Record<string, [FaceName, string]> = {
  '--www-port': ['www', 'port of the www service, REST over HTTP'],
  '--www-ssl-port': ['www-ssl', 'port of the www-ssl service, REST over HTTPS'],
  '--api-port': ['api', 'port of the api service'],
  '--api-ssl-port': ['api-ssl', 'port of the api-ssl service'],
  '--ssh-port': ['ssh', 'port of the ssh service, console, SFTP and SCP'],
  '--telnet-port': ['telnet', 'port of the telnet service, console'],
  '--snmp-port': ['snmp', 'UDP port of the SNMP agent, for the router\'s 161'],
  '--dns-port': ['dns', 'port of the DNS server, UDP and TCP, in place of 53'],
  '--ntp-port': ['ntp', 'port of the NTP server, UDP, in place of 123'],
};

/** Where the router's own queries go on the host's network, in place of 53 and 123 (src/device/upstream.ts). */
const UPSTREAM_FLAGS: Record<string, [UpstreamService, string]> = {
  '--dns-upstream-port': ['dns', 'port of the DNS servers the router asks'],
  '--ntp-upstream-port': ['ntp', 'port of the NTP servers the router asks'],
};

const defaultPort = (face: FaceName) => (face in DEFAULT_PORTS ? DEFAULT_PORTS[face as ServiceName] : STAND_IN_DEFAULTS[face as OwnFaceName]);

/** The help text, made when asked for: it lists every board of the catalogue. */
const help = () => `Usage: vrouter [FLAGS]

Runs a virtual RouterOS router; its REST service answers under http://ADDR:PORT/rest.

  --data-dir DIR          configuration and files (default ./data)
  --listen ADDR           address the services listen on (default 127.0.0.1)
${Object.entries(PORT_FLAGS).map(([flag, [face, what]]) => `  ${`${flag} N`.padEnd(24)}${what} (default ${defaultPort(face)})`).join('\n')}
  --snmp-trap-port N      UDP port SNMP traps are sent to on each /snmp trap-target (default 162)
${Object.entries(UPSTREAM_FLAGS).map(([flag, [service, what]]) => `  ${`${flag} N`.padEnd(24)}${what} (default ${UPSTREAM_DEFAULTS[service]})`).join('\n')}
  --login-keep DURATION   how long a REST login is kept (default 10m)
  --request-limit DURATION
                          how long one request may run (default 60s)
  --ros-version V         the RouterOS release to run: its menus, arguments and behaviours
                          (${SUPPORTED[0]} to ${SUPPORTED[SUPPORTED.length - 1]}, any patch; default: the data directory's, else ${DEFAULT_ROS_VERSION})
  --packages A,B          extra packages installed besides the board's (container, iot ...);
                          on a data directory that has run, installed besides its own
  --board NAME            the emulated board: a short name or the model as the router
                          prints it (RB4011iGS+, C52iG-5HaxD2HaxD); default ${DEFAULT_BOARD}:
${Object.entries(BOARDS).filter(([, b]) => !b.swosOnly).map(([key, b]) => `                            ${key.padEnd(18)}${b.name} (${b.model})`).join('\n')}
  --like FILE.rsc         a router like the one an export came from: the model, release,
                          serial number and packages its header and menus name
  --ports N               Ethernet ports of --board chr: ether1..etherN (5 to 64, default 5)
  --disks N               virtual drives of --board chr: slot1..slotN (0 to 32, default 1)
  --serial N              serial ports of --board chr: serial0.. (0 to 4, default 1)
  --admin-password PW     the admin user's password, set at the data directory's first boot
  --startup-config FILE.rsc
                          a script run at the first boot, as /import runs it
  --help                  show this text

\`vrouter console [URL]\` opens the console of a running router (see vrouter console --help).
\`vrouter lab TOPOLOGY.yml\` runs a containerlab topology of routers in one process (see vrouter lab --help).

Environment: ${Object.entries(ENV_FLAGS).map(([name, flag]) => `${name} (${flag})`).join(', ')};
a flag given wins. With CLAB_INTFS=N (a containerlab node) vrouter waits for eth1..ethN,
eth0 is ether1 and ethN ether(N+1), each port following its interface's carrier; without
--board on a new data directory it is a CHR with a port for each.

A data directory keeps its board (another --board on it is refused), release and packages:
started again, it is the same router without these flags.
Ports given here are written into /ip/service, so the configuration shows what is bound;
port 0 picks a free port. Durations take the router's forms: 90s, 10m, 1h30m, 00:10:00.
`;

class UsageError extends Error {}


/** A CHR's virtual hardware: flag -> what, least, most, and its words in messages. */
const HARDWARE_FLAGS: Record<string, [keyof Hardware, number, number, string]> = {
  '--ports': ['ports', 5, 64, 'ports'],
  '--disks': ['disks', 0, 32, 'disks'],
  '--serial': ['serial', 0, 4, 'serial ports'],
};

/** The router's options, and what its first boot is given (applied only on a new data directory). */
interface CliOptions extends RouterOptions {
  adminPassword?: string;
  startupConfig?: { file: string; source: string };
}

function parseFlags(argv: readonly string[]): CliOptions | 'help' {
  const options: CliOptions = {
    dataDir: './data', listen: '127.0.0.1', ports: {}, loginKeepMs: 600_000, requestLimitMs: 60_000,
  };
  let hardwareFlag: string | undefined;
  let liked: Like | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') return 'help';
    const eq = arg.indexOf('=');
    const flag = eq > 0 && arg.startsWith('--') ? arg.slice(0, eq) : arg;
    const value = (): string => {
      if (eq > 0 && arg.startsWith('--')) return arg.slice(eq + 1);
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${flag} needs a value`);
      return v;
    };
    const duration = (v: string) => {
      try {
        const ms = parseDuration(v);
        if (ms <= 0) throw new Error();
        return ms;
      } catch {
        throw new UsageError(`${flag}: "${v}" is not a duration (e.g. 60s, 10m)`);
      }
    };
    if (flag in PORT_FLAGS) {
      const v = value();
      if (!/^\d{1,5}$/.test(v) || Number(v) > 65535) throw new UsageError(`${flag}: "${v}" is not a port (0-65535)`);
      options.ports[PORT_FLAGS[flag][0]] = Number(v);
    } else if (flag === '--snmp-trap-port') {
      const v = value();
      if (!/^\d{1,5}$/.test(v) || Number(v) < 1 || Number(v) > 65535) throw new UsageError(`${flag}: "${v}" is not a port (1-65535)`);
      options.snmpTrapPort = Number(v);
    } else if (flag in UPSTREAM_FLAGS) {
      const v = value();
      if (!/^\d{1,5}$/.test(v) || Number(v) < 1 || Number(v) > 65535) throw new UsageError(`${flag}: "${v}" is not a port (1-65535)`);
      options.upstreamPorts = { ...options.upstreamPorts, [UPSTREAM_FLAGS[flag][0]]: Number(v) };
    } else if (flag === '--data-dir') {
      const v = value();
      if (!v) throw new UsageError('--data-dir needs a directory');
      options.dataDir = v;
    } else if (flag === '--listen') {
      const v = value();
      if (!net.isIP(v)) throw new UsageError(`--listen: "${v}" is not an IP address`);
      options.listen = v;
    } else if (flag === '--login-keep') {
      options.loginKeepMs = duration(value());
    } else if (flag === '--request-limit') {
      options.requestLimitMs = duration(value());
    } else if (flag === '--ros-version') {
      const v = value();
      const refused = refuseVersion(v);
      if (refused) throw new UsageError(refused);
      options.rosVersion = v;
    } else if (flag === '--packages') {
      options.packages = value().split(',').map((p) => p.trim()).filter(Boolean);
    } else if (flag === '--board') {
      const v = value();
      const board = findBoard(v);
      if (!board) throw new UsageError(`--board: "${v}" is not a board; the closest are ${closestBoards(v).join(', ')} (see --help)`);
      if (board.swosOnly) throw new UsageError(`--board: ${board.model} runs SwOS, not RouterOS`);
      options.board = board.key;
    } else if (flag === '--like') {
      const file = value();
      let like: Like;
      try {
        like = readLike(fs.readFileSync(file, 'utf8'));
      } catch (e) {
        throw new UsageError(`--like: ${file}: ${e instanceof LikeError ? e.message : (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
      }
      liked = like;
    } else if (flag === '--admin-password') {
      options.adminPassword = value();
    } else if (flag === '--startup-config') {
      const file = value();
      try {
        options.startupConfig = { file, source: fs.readFileSync(file, 'utf8') };
      } catch (e) {
        throw new UsageError(`--startup-config: ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
      }
    } else if (flag in HARDWARE_FLAGS) {
      const [what, min, max, words] = HARDWARE_FLAGS[flag];
      const v = value();
      if (!/^\d{1,2}$/.test(v) || Number(v) < min || Number(v) > max) throw new UsageError(`${flag}: "${v}" is not a number of ${words} (${min}-${max})`);
      options.hardware = { ...options.hardware, [what]: Number(v) };
      hardwareFlag ??= flag;
    } else {
      throw new UsageError(`unknown flag ${arg} (see --help)`);
    }
  }
  // Flags given besides --like win over what the export says.
  if (liked) {
    options.board ??= liked.board;
    if (liked.rosVersion && !refuseVersion(liked.rosVersion)) options.rosVersion ??= liked.rosVersion;
    if (liked.packages.length) options.packages ??= liked.packages;
    if (liked.serialNumber) options.serialNumber = liked.serialNumber;
    if (liked.hardware && options.board === 'chr') options.hardware = { ...liked.hardware, ...options.hardware };
  }
  // A containerlab node on a new data directory is a CHR with a port for eth0 and each ethN,
  // as containerlab's RouterOS kind is (src/container/clab.ts).
  const clab = clabInterfaces(process.env);
  if (clab !== undefined && !options.board && !rememberedBoard(options.dataDir)) {
    options.board = 'chr';
    options.hardware = { ports: Math.min(64, Math.max(5, clab + 1)), ...options.hardware };
  }
  // A data directory that has run is checked as the router it is (src/device/machine.ts, release.ts).
  const version = options.rosVersion ?? rememberedVersion(options.dataDir) ?? DEFAULT_ROS_VERSION;
  const refused = options.packages && refusePackages(releaseFor(version)!, options.packages);
  if (refused) throw new UsageError(refused);
  if (hardwareFlag && (options.board ?? rememberedBoard(options.dataDir)) !== 'chr') throw new UsageError(`${hardwareFlag}: only --board chr takes a number of ${HARDWARE_FLAGS[hardwareFlag][3]}`);
  return options;
}

/**
 * A new data directory's first boot, before the services listen (a client, a health check,
 * never sees the router half made): the admin password, then the startup configuration (which
 * may change it again, or the services). A failing line ends the script there, as a real
 * router's import does; the router runs on, with the failure in its log and on stderr.
 */
async function firstBoot(router: Router, options: CliOptions) {
  const [{ quote }, { writeLog }] = await Promise.all([import('./console/export.js'), import('./menus/log.js')]);
  if (options.adminPassword !== undefined) await router.runScript(`/user set [find name=admin] password=${quote(options.adminPassword)}`, 'console');
  if (!options.startupConfig) return;
  try {
    await router.runScript(options.startupConfig.source, 'console');
  } catch (e) {
    const message = `startup-config ${options.startupConfig.file}: ${(e as Error).message.split('\n')[0]}`;
    writeLog(router.engine as unknown as Environment, 'script,error', message);
    process.stderr.write(`vrouter: ${message}\n`);
  }
}

/** How long a SIGTERM or SIGINT waits for a clean stop before the process just ends. */
const STOP_DEADLINE_MS = 3000;

async function main() {
  // `vrouter console [URL] [--user NAME] [--password PW]`: the console of a running router.
  if (process.argv[2] === 'console') {
    startedUp();
    const { consoleCommand } = await import('./console/interactive.js');
    process.exit(await consoleCommand(process.argv.slice(3), `http://127.0.0.1:${DEFAULT_PORTS.www}`));
  }
  // `vrouter lab TOPOLOGY.yml ...`: many routers in this process, joined by the topology's links.
  if (process.argv[2] === 'lab') {
    startsMany();
    // Loaded only here: a single router's start does not pay for the lab's modules (YAML, links, hosts).
    const { labCommand } = await import('./lab/command.js');
    const status = await labCommand(process.argv.slice(3));
    if (status !== undefined) process.exit(status);
    startedUp();
    return;
  }
  let options: CliOptions | 'help';
  let clab: number | undefined;
  try {
    // The environment's flags go first: the arguments win (src/container/environment.ts).
    options = parseFlags([...environmentFlags(process.env), ...process.argv.slice(2)]);
    clab = clabInterfaces(process.env);
  } catch (e) {
    process.stderr.write(`vrouter: ${(e as Error).message}\n`);
    process.exit(2);
  }
  if (options === 'help') {
    process.stdout.write(help());
    return;
  }
  let router: Router;
  try {
    // A containerlab node's interfaces come after it has started: the router waits for them.
    if (clab) await waitForInterfaces(clab);
    const given = options;
    // The router's modules load once the flags are known good: a bad flag is refused at once.
    const { Router } = await import('./router.js');
    router = await Router.start({ ...options, firstBoot: (r) => firstBoot(r, given) });
  } catch (e) {
    const message = e instanceof StoreError ? e.message : (e as Error).message;
    process.stderr.write(`vrouter: ${message.split('\n')[0]}\n`);
    process.exit(2);
  }
  // Signals are taken before the start line: a client that stops the router as soon as it
  // reads it gets a clean stop.
  let stopping = false;
  const unfollow = clab !== undefined ? followCarrier(router) : () => {};
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    unfollow();
    // Whatever clients or running scripts do, the process ends within STOP_DEADLINE_MS.
    // Nothing is lost by cutting it short: every acknowledged change is already on disk.
    setTimeout(() => {
      process.stdout.write(`vrouter: stopped (${signal}), without waiting any longer\n`);
      process.exit(0);
    }, STOP_DEADLINE_MS).unref();
    router.stop().then(() => {
      process.stdout.write(`vrouter: stopped (${signal})\n`);
      process.exit(0);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  startedUp();
  // Before 7.9 the router served REST over www-ssl only.
  const url = since(router.rosVersion, 'rest-over-www') ? router.url() : router.url('www-ssl');
  // Every face with the port it really got (port 0 picks one), in the order they bound.
  const faces = Object.entries(router.bound).map(([face, port]) => `${face} ${port}`).join(', ') || 'no service enabled';
  process.stdout.write(`vrouter ${router.rosVersion} (stable): REST at ${url ? `${url}/rest` : `(${since(router.rosVersion, 'rest-over-www') ? 'www' : 'www-ssl'} disabled)`}; ${faces}; ${router.boardName}, data in ${path.resolve(options.dataDir)}\n`);
}

main();
