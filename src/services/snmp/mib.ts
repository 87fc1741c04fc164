// The agent's view of the router: every object it serves, computed when a request asks,
// from the engine's print of the menu REST shows (one source: nothing is copied into a MIB
// beforehand). A branch is one subtree (MIB-2 system, ifTable, a MIKROTIK-MIB table ...)
// that lists its instances in OID order for one request; a request reads each menu once
// (Reading), however many of its objects it asks for.

import type { Engine } from '../../core/engine.js';
import type { Reply, Session } from '../../core/schema.js';
import { ObjectType } from './library.js';

export type Oid = readonly number[];

/** One instance: its OID, SNMP type and value (Counter64 as a bigint). */
export interface Cell {
  oid: Oid;
  type: number;
  value: number | bigint | string | Buffer | null;
}

/** A subtree of the MIB whose instances one function lists. */
export interface Branch {
  base: Oid;
  cells(r: Reading): Promise<Cell[]>;
}

export function parseOid(text: string): Oid | undefined {
  const t = text.startsWith('.') ? text.slice(1) : text;
  if (!/^\d+(\.\d+)*$/.test(t)) return undefined;
  const parts = t.split('.').map(Number);
  return parts.every((n) => n <= 0xffffffff) ? parts : undefined;
}

export const formatOid = (oid: Oid) => oid.join('.');

/** Lexicographic order of OIDs. */
export function compareOids(a: Oid, b: Oid): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

export function startsWith(oid: Oid, prefix: Oid): boolean {
  if (oid.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (oid[i] !== prefix[i]) return false;
  return true;
}

/**
 * What one request reads: each menu printed once, by the engine, for the community's
 * session (the policies of its access), exactly as REST's GET would print it.
 */
export class Reading {
  private readonly prints = new Map<string, Promise<Reply[]>>();
  private readonly listed = new Map<Branch, Promise<Cell[]>>();

  constructor(readonly engine: Engine, readonly session: Session, readonly now: number) {}

  /** A branch's instances, listed once for this reading. */
  cells(branch: Branch): Promise<Cell[]> {
    let p = this.listed.get(branch);
    if (!p) this.listed.set(branch, (p = branch.cells(this)));
    return p;
  }

  /** The records of a menu (a settings menu: its one record); none where the router lacks it. */
  print(path: string, args: Record<string, string> = {}): Promise<Reply[]> {
    const key = args.numbers === undefined ? path : `${path}?${JSON.stringify(args)}`;
    let p = this.prints.get(key);
    if (!p) {
      p = (async () => {
        try {
          const out = await this.engine.execute({ path: path.split('/'), command: 'print', args }, this.session);
          return out.records;
        } catch {
          return [];
        }
      })();
      this.prints.set(key, p);
    }
    return p;
  }

  /** A settings menu's record, or an empty one. */
  async settings(path: string): Promise<Reply> {
    return (await this.print(path))[0] ?? {};
  }

  /** The result of a command that is not a print (a monitor's one round), read once. */
  run(path: string, command: string, args: Record<string, string>): Promise<Reply[]> {
    const key = `${path} ${command} ${JSON.stringify(args)}`;
    let p = this.prints.get(key);
    if (!p) {
      p = (async () => {
        try {
          return (await this.engine.execute({ path: path.split('/'), command, args }, this.session)).records;
        } catch {
          return [];
        }
      })();
      this.prints.set(key, p);
    }
    return p;
  }
}

type Get<R> = (row: R, r: Reading) => Cell['value'] | undefined | Promise<Cell['value'] | undefined>;
/** A column or scalar: its SNMP type and how its value is read (undefined: no instance). */
export type Column<R> = readonly [type: number, get: Get<R>];

/** Scalars `base.N.0`. */
export function scalars(base: Oid, objects: Record<number, Column<void>>): Branch {
  const list = Object.entries(objects).map(([n, c]) => [Number(n), c] as const).sort((a, b) => a[0] - b[0]);
  return {
    base,
    async cells(r) {
      const out: Cell[] = [];
      for (const [n, [type, get]] of list) {
        const value = await get(undefined, r);
        if (value !== undefined) out.push({ oid: [...base, n, 0], type, value });
      }
      return out;
    },
  };
}

/** A conceptual table `base.COLUMN.INDEX`, its rows from `rows`, walked column by column. */
export function table<R>(base: Oid, rows: (r: Reading) => Promise<{ index: Oid; row: R }[]>, columns: Record<number, Column<R>>): Branch {
  const list = Object.entries(columns).map(([n, c]) => [Number(n), c] as const).sort((a, b) => a[0] - b[0]);
  return {
    base,
    async cells(r) {
      const all = (await rows(r)).sort((a, b) => compareOids(a.index, b.index));
      const out: Cell[] = [];
      for (const [n, [type, get]] of list) {
        for (const { index, row } of all) {
          const value = await get(row, r);
          if (value !== undefined) out.push({ oid: [...base, n, ...index], type, value });
        }
      }
      return out;
    },
  };
}

/** Branches in OID order, for lookups. */
export class Mib {
  readonly branches: readonly Branch[];

  constructor(branches: readonly Branch[]) {
    this.branches = [...branches].sort((a, b) => compareOids(a.base, b.base));
  }

  /** The instance at `oid`, or what is there instead (noSuchObject, noSuchInstance). */
  async get(oid: Oid, r: Reading): Promise<Cell> {
    // The innermost branch holding it (scalars `a.b.N.0` may sit beside a table `a.b.M.1`).
    let branch: Branch | undefined;
    for (const b of this.branches) if (startsWith(oid, b.base) && (!branch || b.base.length > branch.base.length)) branch = b;
    if (!branch) return { oid, type: ObjectType.NoSuchObject, value: null };
    const cells = await r.cells(branch);
    const found = search(cells, oid);
    if (found.exact) return cells[found.at];
    // Within an object the agent has (a column or scalar with instances): no such instance.
    const object = oid.slice(0, branch.base.length + 1);
    return { oid, type: cells.some((c) => startsWith(c.oid, object)) ? ObjectType.NoSuchInstance : ObjectType.NoSuchObject, value: null };
  }

  /** The first instance after `oid` that `accept` takes, or undefined at the end of the MIB. */
  async next(oid: Oid, r: Reading, accept: (c: Cell) => boolean = () => true): Promise<Cell | undefined> {
    for (const branch of this.branches) {
      // A branch wholly before `oid` has nothing after it.
      if (compareOids(branch.base, oid) < 0 && !startsWith(oid, branch.base)) continue;
      const cells = await r.cells(branch);
      const { at, exact } = search(cells, oid);
      for (let i = exact ? at + 1 : at; i < cells.length; i++) if (accept(cells[i])) return cells[i];
    }
    return undefined;
  }
}

/** Where `oid` is in sorted `cells`: its position, or where it would go. */
function search(cells: readonly Cell[], oid: Oid): { at: number; exact: boolean } {
  let lo = 0, hi = cells.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const c = compareOids(cells[mid].oid, oid);
    if (c === 0) return { at: mid, exact: true };
    if (c < 0) lo = mid + 1; else hi = mid;
  }
  return { at: lo, exact: false };
}

// ---------------------------------------------------------------- value forms

/** An IPv4 address's four numbers (an index part); none for anything else. */
export function ipIndex(address: string | undefined): number[] | undefined {
  const m = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address ?? '');
  return m ? m.slice(1).map(Number) : undefined;
}

/** `D4:01:C3:00:00:01` as its six octets. */
export function macOctets(mac: string | undefined): Buffer {
  const hex = (mac ?? '').replace(/[^0-9a-fA-F]/g, '');
  return hex.length === 12 ? Buffer.from(hex, 'hex') : Buffer.alloc(0);
}

/** A record's id (`*1A`) as a number, for an index. */
export const idNumber = (id: string | undefined) => (id ? parseInt(id.slice(1), 16) : NaN);

/** A counter the router prints (`rx-byte`), as an unsigned 64-bit value. */
export function counter(value: string | undefined): bigint {
  try {
    return value && /^\d+$/.test(value) ? BigInt(value) : 0n;
  } catch {
    return 0n;
  }
}
