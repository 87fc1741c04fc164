// The snmp face: a UDP agent bound from /snmp (`enabled`), answering v1, v2c and v3 as the
// router does. Who may ask is /snmp community, read at every request: a community (v1, v2c)
// or USM user (v3) of that name, not disabled, asking from one of its `addresses`, with the
// security its `security` asks. Everything else gets no answer, as on the router, except
// what USM says must be reported (RFC 3414 3.2).
//
// net-snmp reads and writes the messages and does USM's cryptography (library.ts). Its own
// agent is not used: it keeps a copy of the MIB, and it gets these wrong, each guarded here:
//   - a wrong v3 key gets no answer at all: here it gets the usmStatsWrongDigests report;
//   - its engine never ages (engineTime 10, boots 0) and a response repeats the request's
//     time: here the engine's boots and time are the agent's and the time window is checked;
//   - a v1 manager may be handed a Counter64: here v1 never sees one (RFC 3584 4.2.2.1);
//   - a Counter64 must be given to it as an 8-byte buffer or it throws: here every value is
//     converted in one place (wire());
//   - its GetBulk counts max-repetitions over all varbinds, not per repeater (RFC 3416 4.2.3);
//   - a message it cannot read, or an answer it cannot write, throws: here every datagram is
//     handled inside one guard, so nothing a client sends stops the process.

import type dgram from 'node:dgram';
import type { Engine } from '../../core/engine.js';
import { POLICIES, type Policy, type Reply, type Session } from '../../core/schema.js';
import { bindUdp, udpSocket } from '../bind.js';
import type { Face, Listener } from '../services.js';
import {
  ErrorStatus, ObjectType, PduType, SecurityLevel, UsmError, Version,
  authentic, readMessage, type AgentEngine, type Message, type Pdu, type UsmUser, type Varbind,
} from './library.js';
import { compareOids, formatOid, Mib, parseOid, Reading, scalars, startsWith, type Cell, type Oid } from './mib.js';
import { STANDARD_BRANCHES } from './mib2.js';
import { MIKROTIK_BRANCHES, SCRIPT_RUN_OUTPUT } from './mikrotik.js';
import { applySets, type SetContext } from './set.js';
import { accessList, printOf, type Access } from './community.js';
import { TRAP_PORT, Traps } from './traps.js';

/** What a face of a router needs. */
export interface SnmpContext {
  /** The router's engine of this boot (a reboot may make another). */
  engine(): Engine;
  /** Writes a line to /log. */
  log(topics: string, message: string): void;
  /** The port traps go to on each trap-target: the command line's stand-in, else 162. */
  trapPort?: number;
}

/** RFC 3414 2.2.3: an authenticated message more than 150 s off the agent's clock is refused. */
const TIME_WINDOW_S = 150;
/** The largest answer: what fits in one UDP datagram (the agent's msgMaxSize). */
const MAX_MESSAGE = 65507;
/** The most varbinds a GetBulk answer carries, however many it asks for. */
const MAX_BULK_VARBINDS = 2000;
/** How long a client's requests keep reading one snapshot after its latest request. */
const SNAPSHOT_MS = 2000;
/** Snapshots kept at once (clients walking at the same time). */
const MAX_SNAPSHOTS = 64;
const REPORT_BASE = [1, 3, 6, 1, 6, 3, 15, 1, 1];

/** The engine id the router shows in /snmp `engine-id` (hex), as bytes. */
export function engineIdOf(settings: Reply): Buffer {
  // Before 7.10 `engine-id` was what `engine-id-suffix` is now: the text after the prefix.
  if (settings['engine-id-suffix'] === undefined) return Buffer.concat([Buffer.from('80003a8c04', 'hex'), Buffer.from(settings['engine-id'] ?? '', 'utf8')]);
  const hex = settings['engine-id'] ?? '80003a8c04';
  return /^([0-9a-fA-F]{2}){5,32}$/.test(hex) ? Buffer.from(hex, 'hex') : Buffer.from('80003a8c04', 'hex');
}

/** The agent's own counters (snmpEngine and usmStats objects). */
class Counters {
  readonly usm: Record<string, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0 };
  inBadCommunity = 0;
  inAsnParseErrs = 0;
}

/** One listening agent. */
export class SnmpAgent {
  private readonly socket: dgram.Socket;
  private readonly started = Date.now();
  readonly counters = new Counters();
  private readonly mib: Mib;
  private engineSettings: Reply = {};
  private readonly readings = new Map<string, { reading: Reading; engine: Engine; changes: number; at: number }>();

  constructor(private readonly context: SnmpContext, host: string) {
    this.socket = udpSocket(host);
    this.socket.on('message', (buffer, from) => {
      // One guard for everything a datagram leads to, now and later.
      this.handle(buffer, from).catch((e) => this.context.log('snmp,debug', `request failed: ${(e as Error).message}`));
    });
    this.socket.on('error', () => {});
    this.mib = new Mib([...STANDARD_BRANCHES, ...MIKROTIK_BRANCHES, this.engineBranch(), this.usmBranch()]);
    this.traps = new Traps({ engine: context.engine, trapPort: context.trapPort ?? TRAP_PORT, log: context.log, engineId: () => this.engine.engineID });
  }

  private readonly traps: Traps;

  async listen(port: number, host: string): Promise<number> {
    const bound = await bindUdp(this.socket, port, host);
    this.engineSettings = (await printOf(this.context.engine(), ['snmp']))[0] ?? {};
    // The agent is up: traps from now on (start-trap's coldStart first).
    void this.traps.start().catch((e) => this.context.log('snmp,warning', `traps: ${(e as Error).message}`));
    return bound;
  }

  close(): Promise<void> {
    this.traps.stop();
    return new Promise((ok) => { try { this.socket.close(() => ok()); } catch { ok(); } });
  }

  /** snmpEngineID, snmpEngineBoots, snmpEngineTime, snmpEngineMaxMessageSize (SNMP-FRAMEWORK-MIB). */
  private engineBranch() {
    return scalars([1, 3, 6, 1, 6, 3, 10, 2, 1], {
      1: [ObjectType.OctetString, () => this.engine.engineID],
      2: [ObjectType.Integer, () => this.engine.engineBoots],
      3: [ObjectType.Integer, () => this.engine.engineTime],
      4: [ObjectType.Integer, () => MAX_MESSAGE],
    });
  }

  /** usmStats (SNMP-USER-BASED-SM-MIB): the reports this agent has sent, by kind. */
  private usmBranch() {
    const objects = Object.fromEntries(Object.keys(this.counters.usm).map((k) => [Number(k), [ObjectType.Counter, () => this.counters.usm[k]] as const]));
    return scalars(REPORT_BASE, objects);
  }

  /** The SNMP engine as reports and responses give it. */
  private get engine(): AgentEngine {
    const started = this.started;
    const settings = () => this.engineSettings;
    return {
      get engineID() { return engineIdOf(settings()); },
      engineBoots: 1,
      get engineTime() { return Math.floor((Date.now() - started) / 1000); },
    };
  }

  private async handle(buffer: Buffer, from: dgram.RemoteInfo) {
    let message: Message;
    try {
      message = readMessage(buffer);
    } catch {
      this.counters.inAsnParseErrs++;
      return;
    }
    const engine = this.context.engine();
    this.engineSettings = (await printOf(engine, ['snmp']))[0] ?? {};
    const communities = await accessList(engine);
    if (message.version === Version.v3) return this.handleV3(message, communities, from, engine);
    if (message.version !== Version.v1 && message.version !== Version.v2c) return;
    const access = communities.find((c) => c.name === message.community);
    // A wrong community, or one asked from outside its addresses, gets no answer (and so
    // does one that needs v3's security).
    if (!access || access.security !== 'none' || !access.allowed(from.address)) {
      this.counters.inBadCommunity++;
      return;
    }
    await this.respond(message, access, from, engine);
  }

  private async handleV3(message: Message, communities: Access[], from: dgram.RemoteInfo, engine: Engine) {
    const g = message.msgGlobalData, sp = message.msgSecurityParameters;
    if (!g || !sp || g.msgSecurityModel !== 3) return;
    const level = message.hasPrivacy() ? SecurityLevel.authPriv : message.hasAuthentication() ? SecurityLevel.authNoPriv : SecurityLevel.noAuthNoPriv;
    // Privacy without authentication is no security level (RFC 3412 7.2 step 5).
    if (message.hasPrivacy() && !message.hasAuthentication()) return;
    const ours = this.engine;
    // Discovery (RFC 3414 4): an empty engine id learns ours.
    if (!sp.msgAuthoritativeEngineID?.length || !sp.msgAuthoritativeEngineID.equals(ours.engineID)) {
      return this.report(message, UsmError.unknownEngineIDs, from);
    }
    const access = communities.find((c) => c.name === sp.msgUserName);
    if (!access || !access.allowed(from.address)) return this.report(message, UsmError.unknownUserNames, from);
    if (level < access.user.level) return this.report(message, UsmError.unsupportedSecLevels, from);
    const user: UsmUser = { ...access.user, level };
    if (level >= SecurityLevel.authNoPriv) {
      if (!authentic(message, user)) return this.report(message, UsmError.wrongDigests, from);
      const skew = Math.abs(sp.msgAuthoritativeEngineTime - ours.engineTime);
      if (sp.msgAuthoritativeEngineBoots !== ours.engineBoots || skew > TIME_WINDOW_S) {
        return this.report(message, UsmError.notInTimeWindows, from, user);
      }
    }
    if (level === SecurityLevel.authPriv) {
      let failed = false;
      if (!message.decryptPdu(user, () => { failed = true; }) || failed || !message.pdu) return this.report(message, UsmError.decryptionErrors, from);
    }
    message.user = user;
    // The answer carries the agent's boots and time, not the request's.
    sp.msgAuthoritativeEngineBoots = ours.engineBoots;
    sp.msgAuthoritativeEngineTime = ours.engineTime;
    await this.respond(message, access, from, engine);
  }

  /** A report of RFC 3414 3.2 (with the counter it increments); a not-in-time one is authenticated. */
  private report(message: Message, kind: string, from: dgram.RemoteInfo, user?: UsmUser) {
    this.counters.usm[kind]++;
    if (!message.isReportable()) return;
    const report = message.createReportResponseMessage(this.engine, '', kind);
    const vb = report.pdu?.varbinds[0];
    if (vb) vb.value = this.counters.usm[kind];
    if (user && report.msgGlobalData) {
      report.user = { ...user, level: SecurityLevel.authNoPriv };
      report.msgSecurityParameters!.msgUserName = user.name;
      report.msgGlobalData.msgFlags = 1;
    }
    this.send(report, from);
  }

  private send(message: Message, to: dgram.RemoteInfo): boolean {
    let bytes: Buffer;
    try {
      bytes = message.toBuffer();
    } catch {
      return false;
    }
    if (bytes.length > MAX_MESSAGE) return false;
    this.socket.send(bytes, to.port, to.address, () => {});
    return true;
  }

  private async respond(message: Message, access: Access, from: dgram.RemoteInfo, engine: Engine) {
    const pdu = message.pdu;
    if (!pdu) return;
    const v1 = message.version === Version.v1;
    const write = pdu.type === PduType.SetRequest;
    if (!write && !access.read) return;
    const session: ScriptSession = {
      user: access.name, via: 'snmp', address: from.address,
      policies: new Set<Policy>(access.write ? POLICIES : ['read']),
    };
    const reading = this.readingFor(engine, session, from, access);
    const response = pdu.getResponsePduForRequest();
    response.errorStatus = ErrorStatus.NoError;
    response.errorIndex = 0;
    const requested = pdu.varbinds.map((vb) => ({ vb, oid: parseOid(vb.oid) }));
    let cells: Cell[] = [];
    if (requested.some((q) => !q.oid)) return;
    const oids = requested.map((q) => q.oid!) as Oid[];
    switch (pdu.type) {
      case PduType.GetRequest:
        for (const oid of oids) cells.push(await this.getOne(oid, reading, access, session));
        break;
      case PduType.GetNextRequest:
        for (const oid of oids) cells.push(await this.nextOne(oid, reading, v1));
        break;
      case PduType.GetBulkRequest:
        if (v1) return;
        cells = await this.bulk(pdu, oids, reading);
        break;
      case PduType.SetRequest: {
        const ctx: SetContext = {
          engine, session, reading, write: access.write,
          exists: async (oid) => { const c = await this.mib.get(oid, reading); return c.type < ObjectType.NoSuchObject; },
        };
        const result = await applySets(ctx, pdu.varbinds, oids);
        response.errorStatus = result.status;
        response.errorIndex = result.index;
        response.varbinds = pdu.varbinds;
        return this.answer(message, response, from, v1);
      }
      default:
        return;
    }
    if (v1) {
      // SNMPv1 has no exceptions in varbinds: the first one is the error noSuchName (RFC 3584 4.1.2.3).
      const bad = cells.findIndex((c) => c.type === ObjectType.NoSuchObject || c.type === ObjectType.NoSuchInstance || c.type === ObjectType.EndOfMibView || c.type === ObjectType.Counter64);
      if (bad >= 0) {
        response.errorStatus = ErrorStatus.NoSuchName;
        response.errorIndex = bad + 1;
        response.varbinds = pdu.varbinds;
        return this.answer(message, response, from, v1);
      }
    }
    response.varbinds = cells.map(wire);
    if (!this.answer(message, response, from, v1, pdu.type === PduType.GetBulkRequest)) {
      // Too big for one datagram: tooBig with no varbinds (RFC 3416 4.2.1).
      response.errorStatus = ErrorStatus.TooBig;
      response.varbinds = v1 ? pdu.varbinds : [];
      this.answer(message, response, from, v1);
    }
  }

  /**
   * What a request reads. The requests of one client (its address and port) within a short
   * time of each other, with the configuration unchanged, read the same snapshot: a walk is
   * one consistent reading of the tables, each listed once, as a table read at once would be.
   * A new client (snmpget, the next scrape) reads afresh.
   */
  private readingFor(engine: Engine, session: Session, from: dgram.RemoteInfo, access: Access): Reading {
    const now = Date.now();
    const key = `${from.address} ${from.port} ${access.name} ${access.write}`;
    const changes = engine.store.changes;
    const kept = this.readings.get(key);
    if (kept && kept.engine === engine && kept.changes === changes && now - kept.at < SNAPSHOT_MS) {
      kept.at = now;
      return kept.reading;
    }
    for (const [k, r] of this.readings) if (now - r.at >= SNAPSHOT_MS || this.readings.size >= MAX_SNAPSHOTS) this.readings.delete(k);
    const reading = new Reading(engine, session, now);
    this.readings.set(key, { reading, engine, changes, at: now });
    return reading;
  }

  /** Sends the answer; a GetBulk answer too big for a datagram loses varbinds from its end. */
  private answer(message: Message, response: Pdu & { errorStatus: number; errorIndex: number }, to: dgram.RemoteInfo, v1: boolean, shrink = false): boolean {
    if (v1 && response.errorStatus > ErrorStatus.GenErr) response.errorStatus = V1_ERROR[response.errorStatus] ?? ErrorStatus.GenErr;
    for (;;) {
      const reply = message.createResponseForRequest(response);
      if (this.send(reply, to)) return true;
      if (!shrink || response.varbinds.length <= 1) return false;
      response.varbinds = response.varbinds.slice(0, Math.floor(response.varbinds.length * 0.8));
    }
  }

  private async getOne(oid: Oid, reading: Reading, access: Access, session: ScriptSession): Promise<Cell> {
    // mtxrScriptRunOutput.N: the script runs, its output is the value (needs write access).
    if (startsWith(oid, SCRIPT_RUN_OUTPUT) && oid.length === SCRIPT_RUN_OUTPUT.length + 1) {
      if (!access.write) return { oid, type: ObjectType.NoSuchInstance, value: null };
      const lines: string[] = [];
      try {
        await reading.engine.run({ path: ['system', 'script'], command: 'run', args: { number: `*${oid[oid.length - 1].toString(16).toUpperCase()}` } },
          { ...session, output: (t: string) => { lines.push(t); } } as Session);
      } catch {
        return { oid, type: ObjectType.NoSuchInstance, value: null };
      }
      return { oid, type: ObjectType.OctetString, value: lines.join('\n') };
    }
    return this.mib.get(oid, reading);
  }

  private async nextOne(oid: Oid, reading: Reading, v1: boolean): Promise<Cell> {
    const cell = await this.mib.next(oid, reading, v1 ? (c) => c.type !== ObjectType.Counter64 : undefined);
    return cell ?? { oid, type: ObjectType.EndOfMibView, value: null };
  }

  /** GetBulk (RFC 3416 4.2.3): N non-repeaters once, then up to M rounds of the R repeaters. */
  private async bulk(pdu: Pdu, oids: Oid[], reading: Reading): Promise<Cell[]> {
    const n = Math.min(Math.max(0, pdu.nonRepeaters | 0), oids.length);
    const r = oids.length - n;
    const out: Cell[] = [];
    for (let i = 0; i < n; i++) out.push(await this.nextOne(oids[i], reading, false));
    if (!r) return out;
    const m = Math.min(Math.max(0, pdu.maxRepetitions | 0), Math.floor((MAX_BULK_VARBINDS - n) / r));
    let last = oids.slice(n);
    for (let round = 0; round < m; round++) {
      const row: Cell[] = [];
      for (const oid of last) row.push(await this.nextOne(oid, reading, false));
      out.push(...row);
      if (row.every((c) => c.type === ObjectType.EndOfMibView)) break;
      last = row.map((c) => c.oid);
    }
    return out;
  }
}

/** A session whose console output a script run captures. */
type ScriptSession = Session & { output?: (text: string) => void };

/** v2 error statuses as a v1 manager reads them (RFC 3584 4.4). */
const V1_ERROR: Record<number, number> = {
  [ErrorStatus.WrongValue]: ErrorStatus.BadValue, [ErrorStatus.WrongType]: ErrorStatus.BadValue, [ErrorStatus.WrongLength]: ErrorStatus.BadValue,
  [ErrorStatus.InconsistentValue]: ErrorStatus.BadValue, [ErrorStatus.NoAccess]: ErrorStatus.NoSuchName, [ErrorStatus.NotWritable]: ErrorStatus.NoSuchName,
  [ErrorStatus.NoCreation]: ErrorStatus.NoSuchName, [ErrorStatus.AuthorizationError]: ErrorStatus.NoSuchName, [ErrorStatus.CommitFailed]: ErrorStatus.GenErr,
};

const TWO32 = 2 ** 32;
const MAX64 = (1n << 64n) - 1n;

/** A cell as the library writes it: every number in its type's range, Counter64 as BER bytes. */
export function wire(c: Cell): Varbind {
  const oid = formatOid(c.oid);
  const v = c.value;
  switch (c.type) {
    case ObjectType.Counter64: {
      let n = typeof v === 'bigint' ? v : BigInt(Math.max(0, Math.floor(Number(v) || 0)));
      if (n < 0n) n = 0n;
      return { oid, type: c.type, value: counter64(n & MAX64) };
    }
    case ObjectType.Counter:
    case ObjectType.TimeTicks: {
      const n = typeof v === 'bigint' ? Number(v % BigInt(TWO32)) : Math.floor(Number(v) || 0) % TWO32;
      return { oid, type: c.type, value: Math.max(0, n) };
    }
    case ObjectType.Gauge: {
      const n = typeof v === 'bigint' ? Number(v > 0xffffffffn ? 0xffffffffn : v) : Math.floor(Number(v) || 0);
      return { oid, type: c.type, value: Math.min(0xffffffff, Math.max(0, n)) };
    }
    case ObjectType.Integer: {
      const n = Math.floor(Number(v) || 0);
      return { oid, type: c.type, value: Math.min(0x7fffffff, Math.max(-0x80000000, n)) };
    }
    case ObjectType.OctetString:
      return { oid, type: c.type, value: typeof v === 'string' ? Buffer.from(v, 'utf8') : v };
    default:
      return { oid, type: c.type, value: v };
  }
}

/**
 * A Counter64's content octets: the shortest two's-complement form of the unsigned value
 * (X.690 8.3.2), a leading zero where the top bit is set, so 2^64-1 is nine octets. The
 * library writes the bytes it is given as they are.
 */
export function counter64(n: bigint): Buffer {
  const bytes: number[] = [];
  let x = n;
  do {
    bytes.unshift(Number(x & 0xffn));
    x >>= 8n;
  } while (x > 0n);
  if (bytes[0] & 0x80) bytes.unshift(0);
  return Buffer.from(bytes);
}

/** The face /snmp binds: an agent on the stand-in port while `enabled=yes`. */
export function snmpFace(context: SnmpContext): Face {
  return async (spec): Promise<Listener> => {
    const agent = new SnmpAgent(context, spec.host);
    const port = await agent.listen(spec.port, spec.host);
    return { port, update() {}, close: () => agent.close() };
  };
}

export { compareOids };
