// SNMP sets where the router takes them (manual, SNMP: "SNMP write support is only
// available for some OIDs"): sysContact, sysName and sysLocation, and mtxrScriptRunCmd, which
// runs a script. Each is a command of the engine, like any other face's change: it goes
// through the menu's validation, lands in /system history as the community's action, and
// REST shows it at once. Every varbind is checked before any is applied (RFC 3416 4.2.5).

import type { Engine, Sentence } from '../../core/engine.js';
import type { Session } from '../../core/schema.js';
import { ErrorStatus, ObjectType, type Varbind } from './library.js';
import { compareOids, type Oid, type Reading } from './mib.js';
import { SCRIPT_RUN_CMD } from './mikrotik.js';

export interface SetContext {
  engine: Engine;
  session: Session;
  reading: Reading;
  /** The community's `write-access`. */
  write: boolean;
  /** Whether the agent has an instance at `oid` (for notWritable against noCreation). */
  exists(oid: Oid): Promise<boolean>;
}

interface Writable {
  type: number;
  /** The sentence that makes the change, from the value given. */
  sentence(value: string, oid: Oid): Sentence;
}

const SYS = [1, 3, 6, 1, 2, 1, 1];
const WRITABLE: { oid: Oid; prefix?: boolean; w: Writable }[] = [
  { oid: [...SYS, 4, 0], w: { type: ObjectType.OctetString, sentence: (v) => ({ path: ['snmp'], command: 'set', args: { contact: v } }) } },
  { oid: [...SYS, 5, 0], w: { type: ObjectType.OctetString, sentence: (v) => ({ path: ['system', 'identity'], command: 'set', args: { name: v } }) } },
  { oid: [...SYS, 6, 0], w: { type: ObjectType.OctetString, sentence: (v) => ({ path: ['snmp'], command: 'set', args: { location: v } }) } },
  // mtxrScriptRunCmd.N: any value runs script N (the MIB's index is the script's id).
  {
    oid: SCRIPT_RUN_CMD, prefix: true,
    w: { type: ObjectType.Integer, sentence: (_v, oid) => ({ path: ['system', 'script'], command: 'run', args: { number: `*${oid[oid.length - 1].toString(16).toUpperCase()}` } }) },
  },
];

function writable(oid: Oid): Writable | undefined {
  for (const e of WRITABLE) {
    if (e.prefix ? oid.length === e.oid.length + 1 && compareOids(oid.slice(0, e.oid.length), e.oid) === 0 : compareOids(oid, e.oid) === 0) return e.w;
  }
  return undefined;
}

const text = (v: unknown) => (Buffer.isBuffer(v) ? v.toString('utf8') : String(v ?? ''));

/** Applies a SetRequest's varbinds: the error status and index of the answer. */
export async function applySets(ctx: SetContext, varbinds: readonly Varbind[], oids: readonly Oid[]): Promise<{ status: number; index: number }> {
  // A community without write access may set nothing (the same answer for every object).
  if (!ctx.write) return { status: ErrorStatus.NoAccess, index: 1 };
  const plan: { w: Writable; value: string; oid: Oid }[] = [];
  for (let i = 0; i < oids.length; i++) {
    const w = writable(oids[i]);
    if (!w) {
      // An object the agent has but no set changes, or one it does not have at all.
      const present = await ctx.exists(oids[i]);
      return { status: present ? ErrorStatus.NotWritable : ErrorStatus.NoCreation, index: i + 1 };
    }
    if (varbinds[i].type !== w.type) return { status: ErrorStatus.WrongType, index: i + 1 };
    plan.push({ w, value: text(varbinds[i].value), oid: oids[i] });
  }
  for (let i = 0; i < plan.length; i++) {
    const { w, value, oid } = plan[i];
    const sentence = w.sentence(value, oid);
    try {
      await ctx.engine.run(sentence, ctx.session);
    } catch {
      // The menu refused the value (too long a name, a script that is not there ...).
      return { status: sentence.command === 'run' ? ErrorStatus.NoCreation : ErrorStatus.WrongValue, index: i + 1 };
    }
  }
  return { status: ErrorStatus.NoError, index: 0 };
}
