// Traps the agent sends to /snmp `trap-target` (each address, UDP port 162, or the stand-in
// the command line's --snmp-trap-port gives), as `trap-version` 1, 2 (v2c) or 3 (USM, with
// `trap-community` as the user), from `src-address` when one is set. What sends one is
// `trap-generators` (manual, SNMP, General Properties):
//   - start-trap: coldStart when the agent starts (at boot, or when SNMP is enabled);
//   - interfaces: linkDown / linkUp (IF-MIB) when an interface of `trap-interfaces` (or
//     every one, `all`) stops or starts running;
//   - temp-exception: mtxrTemperatureException when a temperature sensor of /system/health
//     reaches TEMPERATURE_EXCEPTION_C.
// Interfaces and temperatures are watched by reading them once a second while a generator
// that needs them is configured: link changes come from the configuration and from the
// lab's links alike.

import type { Engine } from '../../core/engine.js';
import type { Reply } from '../../core/schema.js';
import { ObjectType, snmp, type UsmUser, type Varbind } from './library.js';
import { printOf, SNMP_SYSTEM, usmUser } from './community.js';
import { idNumber, Reading } from './mib.js';
import { MTXR } from './mikrotik.js';
import { upTicks } from './mib2.js';

/** The well-known trap port (RFC 3417 4). */
export const TRAP_PORT = 162;
/** Unconfirmed: the router's threshold is not documented; a CPU's throttling point. */
export const TEMPERATURE_EXCEPTION_C = 90;
const WATCH_MS = 1000;

const COLD_START = '1.3.6.1.6.3.1.1.5.1';
const LINK_DOWN = '1.3.6.1.6.3.1.1.5.3';
const LINK_UP = '1.3.6.1.6.3.1.1.5.4';
const TEMPERATURE_EXCEPTION = `${MTXR.join('.')}.9.0.2`;
/** v1's generic-trap numbers of coldStart, linkDown, linkUp (RFC 1157 4.1.6). */
const V1_GENERIC: Record<string, number> = { [COLD_START]: 0, [LINK_DOWN]: 2, [LINK_UP]: 3 };


export interface TrapContext {
  engine(): Engine;
  /** Where traps go on each target (162, or --snmp-trap-port). */
  trapPort: number;
  engineId(): Buffer;
  log(topics: string, message: string): void;
}

export class Traps {
  private timer?: NodeJS.Timeout;
  private running = new Map<number, boolean>();
  private hot = new Set<string>();
  private stopped = false;

  constructor(private readonly c: TrapContext) {}

  async start() {
    const settings = await this.settings();
    if (generators(settings).has('start-trap')) await this.send(COLD_START, []);
    await this.watch(true);
    this.timer = setInterval(() => { void this.watch(false).catch(() => {}); }, WATCH_MS);
    this.timer.unref();
  }

  stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
  }

  private async settings(): Promise<Reply> {
    return (await this.print(['snmp']))[0] ?? {};
  }

  private print(path: string[]): Promise<Reply[]> {
    return printOf(this.c.engine(), path);
  }

  /** One look at the interfaces and temperatures; the first only learns how they are. */
  private async watch(first: boolean) {
    if (this.stopped) return;
    const settings = await this.settings();
    const gens = generators(settings);
    if (gens.has('interfaces')) {
      const which = new Set((settings['trap-interfaces'] ?? '').split(',').filter(Boolean));
      for (const row of await this.print(['interface'])) {
        const index = idNumber(row['.id']);
        const now = row.running === 'true';
        const before = this.running.get(index);
        this.running.set(index, now);
        if (first || before === undefined || before === now || index <= 0) continue;
        if (!which.has('all') && !which.has(row.name)) continue;
        const base = '1.3.6.1.2.1.2.2.1';
        await this.send(now ? LINK_UP : LINK_DOWN, [
          { oid: `${base}.1.${index}`, type: ObjectType.Integer, value: index },
          { oid: `${base}.7.${index}`, type: ObjectType.Integer, value: row.disabled === 'true' ? 2 : 1 },
          { oid: `${base}.8.${index}`, type: ObjectType.Integer, value: now ? 1 : 2 },
        ]);
      }
    } else {
      this.running.clear();
    }
    if (gens.has('temp-exception')) {
      for (const h of await this.print(['system', 'health'])) {
        if (h.type !== 'C' || !Number.isFinite(Number(h.value))) continue;
        const over = Number(h.value) >= TEMPERATURE_EXCEPTION_C;
        const was = this.hot.has(h.name);
        if (over) this.hot.add(h.name); else this.hot.delete(h.name);
        if (over && !was && !first) {
          await this.send(TEMPERATURE_EXCEPTION, [{ oid: `${MTXR.join('.')}.3.100.1.3.${idNumber(h['.id'])}`, type: ObjectType.Gauge, value: Math.round(Number(h.value)) }]);
        }
      }
    }
  }

  /** Sends one trap to every target. */
  private async send(oid: string, varbinds: Varbind[]) {
    const settings = await this.settings();
    const targets = (settings['trap-target'] ?? '').split(',').map((t) => t.trim()).filter((t) => t && t !== '0.0.0.0' && t !== '::');
    if (!targets.length || this.stopped) return;
    const engine = this.c.engine();
    const upTime = await upTicks(new Reading(engine, SNMP_SYSTEM, Date.now()));
    const version = settings['trap-version'] ?? '1';
    const community = settings['trap-community'] ?? 'public';
    const src = settings['src-address'];
    for (const target of targets) {
      // src-address names the router's own address, which the host running vrouter need not
      // have: it is the v1 trap's agent-addr, and the datagram leaves from the host's own.
      const options = { port: this.c.trapPort, trapPort: this.c.trapPort, transport: target.includes(':') ? 'udp6' : 'udp4' };
      let session: { trap: (...a: unknown[]) => void; close: () => void; on: (e: string, f: () => void) => void };
      try {
        if (version === '3') {
          const user = await this.user(community);
          if (!user) continue;
          session = snmp.createV3Session(target, user as never, { ...options, engineID: this.c.engineId().toString('hex') } as never) as never;
        } else {
          session = snmp.createSession(target, community, { ...options, version: version === '2' ? snmp.Version2c : snmp.Version1 } as never) as never;
        }
      } catch {
        continue;
      }
      session.on('error', () => {});
      const done = () => { try { session.close(); } catch { /* closed */ } };
      try {
        if (version === '1') {
          const generic = V1_GENERIC[oid];
          const agentAddr = src && /^\d+\.\d+\.\d+\.\d+$/.test(src) ? src : '0.0.0.0';
          // An enterprise trap (6) carries its specific number; its enterprise is MikroTik's.
          // An enterprise trap X.0.N is v1's enterprise X, specific trap N (RFC 3584 3.2).
          if (generic === undefined) session.trap(oid.replace(/\.0\.(\d+)$/, '.$1'), varbinds, { agentAddr, upTime }, done);
          else session.trap(generic, varbinds, { agentAddr, upTime }, done);
        } else {
          session.trap(oid, varbinds, { upTime }, done);
        }
      } catch (e) {
        this.c.log('snmp,warning', `trap to ${target} failed: ${(e as Error).message}`);
        done();
      }
    }
  }

  /** The USM user a v3 trap is sent as: the community of `trap-community`. */
  private async user(name: string): Promise<UsmUser | undefined> {
    const c = (await this.print(['snmp', 'community'])).find((r) => r.name === name);
    return c && usmUser(c);
  }
}

function generators(settings: Reply): Set<string> {
  return new Set((settings['trap-generators'] ?? '').split(',').filter(Boolean));
}
