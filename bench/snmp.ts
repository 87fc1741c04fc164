// SNMP: a bulk walk of a 64-port router's interface tables (IF-MIB ifTable and ifXTable,
// MIKROTIK-MIB's interface stats: what LibreNMS, Zabbix and snmp_exporter poll), as
// net-snmp's own client walks it (GetBulk, 25 repetitions), against net-snmp's bare agent in
// this process serving the very same OIDs, types and values from its own MIB: what the
// library's agent costs with nothing to compute. The router (`--board chr --ports 64`, its
// own process) reads every value from the engine's print as REST does.

import dgram from 'node:dgram';
import { performance } from 'node:perf_hooks';
import snmp from 'net-snmp';
import { HOST, json, median, ms, progress, ratio, removeDir, startRouter, tempDir, type Section } from './lib.js';

export interface SnmpConfig {
  /** Ethernet ports of the CHR. */
  ports: number;
  /** Walks of each agent; the median counts. */
  repeats: number;
}

/** The subtrees walked: ifTable, ifXTable, mtxrInterfaceStatsTable. */
const TABLES = ['1.3.6.1.2.1.2.2.1', '1.3.6.1.2.1.31.1.1.1', '1.3.6.1.4.1.14988.1.1.14.1.1'];
const MAX_REPETITIONS = 25;
/** The router's walk may take this many times the bare agent's. */
const TARGET_RATIO = 3;

interface Cell { oid: string; type: number; value: unknown }

/** A free UDP port of the loopback address (the bare agent binds a port it is given). */
function freeUdpPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = dgram.createSocket('udp4');
    s.bind(0, HOST, () => { const p = s.address().port; s.close(() => resolve(p)); });
  });
}

/** Walks the tables with GetBulk; every cell and the time it took. */
async function walk(port: number): Promise<{ cells: Cell[]; ms: number }> {
  const session = snmp.createSession(HOST, 'public', { port, version: snmp.Version2c, timeout: 10_000, retries: 0 } as never);
  const cells: Cell[] = [];
  const t0 = performance.now();
  try {
    for (const base of TABLES) {
      await new Promise<void>((resolve, reject) => {
        session.subtree(base, MAX_REPETITIONS, ((vbs: Cell[]) => { for (const vb of vbs) cells.push(vb); }) as never, (e: Error | null) => (e ? reject(e) : resolve()));
      });
    }
    return { cells, ms: performance.now() - t0 };
  } finally {
    session.close();
  }
}

/** Whether an agent answers a get of sysDescr within `ms`, asked again every 50 ms. */
async function answers(port: number, ms: number): Promise<boolean> {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    const session = snmp.createSession(HOST, 'public', { port, version: snmp.Version2c, timeout: 50, retries: 0 } as never);
    try {
      const answered = await new Promise<boolean>((resolve) => {
        session.get(['1.3.6.1.2.1.1.1.0'], ((e: Error | null) => resolve(!e)) as never);
      });
      if (answered) return true;
    } finally {
      session.close();
    }
  }
  return false;
}

/** A value as the library's agent keeps it: a Counter64 as exactly 8 bytes. */
function agentValue(c: Cell | undefined): unknown {
  if (!c) return 0;
  if (c.type === snmp.ObjectType.Counter64) {
    const b = Buffer.alloc(8);
    b.writeBigUInt64BE(BigInt(`0x${(c.value as Buffer).toString('hex') || '0'}`) & ((1n << 64n) - 1n));
    return b;
  }
  return c.value;
}

/** net-snmp's agent with the same tables, each column of the type the router gave it. */
async function bareAgent(cells: Cell[]): Promise<{ port: number; close(): void }> {
  const port = await freeUdpPort();
  const agent = snmp.createAgent({ port, address: HOST } as never, () => {});
  agent.getAuthorizer().addCommunity('public');
  const mib = agent.getMib();
  const names: string[] = [];
  for (const [t, base] of TABLES.entries()) {
    const own = cells.filter((c) => c.oid.startsWith(`${base}.`)).map((c) => {
      const [column, ...index] = c.oid.slice(base.length + 1).split('.').map(Number);
      return { column, index: index[0], c };
    });
    const columns = [...new Set(own.map((o) => o.column))].sort((a, b) => a - b);
    const rows = [...new Set(own.map((o) => o.index))].sort((a, b) => a - b);
    const name = `table${t}`;
    names.push(name);
    // ifTable's ifIndex column is its index; the others augment it (same rows).
    mib.registerProvider({
      name, type: snmp.MibProviderType.Table, oid: base, maxAccess: snmp.MaxAccess['not-accessible'],
      tableColumns: columns.map((n) => ({ number: n, name: `c${t}_${n}`, type: own.find((o) => o.column === n)!.c.type, maxAccess: snmp.MaxAccess['read-only'] })),
      ...(t === 0 ? { tableIndex: [{ columnName: 'c0_1' }] } : { tableAugments: names[0] }),
    } as never);
    for (const r of rows) {
      const values = columns.map((n) => agentValue(own.find((o) => o.column === n && o.index === r)?.c));
      // A table that augments another starts its rows with that table's index.
      mib.addTableRow(name, (t === 0 ? values : [r, ...values]) as never);
    }
  }
  return { port, close: () => agent.close() };
}

export async function snmpBench(cfg: SnmpConfig): Promise<Section> {
  const dir = tempDir('snmp');
  const port = await freeUdpPort();
  const router = await startRouter(dir, ['--board', 'chr', '--ports', String(cfg.ports), '--snmp-port', String(port)]);
  let bare: { port: number; close(): void } | undefined;
  try {
    await json(router.port, 'POST', '/rest/snmp/set', { enabled: 'yes' });
    // The agent binds once the change is committed: it is asked for sysDescr until it answers
    // (a datagram sent before it bound is lost, and a walk would wait out its whole timeout).
    if (!(await answers(port, 5000))) throw new Error('the router\'s agent did not answer');
    const first = await walk(port);
    const rows = first.cells.filter((c) => c.oid.startsWith(`${TABLES[0]}.1.`)).length;
    if (rows !== cfg.ports) throw new Error(`ifTable has ${rows} rows, not ${cfg.ports}`);
    bare = await bareAgent(first.cells);
    const check = await walk(bare.port);
    if (check.cells.length !== first.cells.length) throw new Error(`the bare agent serves ${check.cells.length} cells, the router ${first.cells.length}`);

    const times: number[] = [], bareTimes: number[] = [];
    for (let i = 0; i < cfg.repeats; i++) {
      const a = await walk(port);
      if (a.cells.length !== first.cells.length) throw new Error(`walk ${i}: ${a.cells.length} cells`);
      times.push(a.ms);
      bareTimes.push((await walk(bare.port)).ms);
    }
    const r = median(times), b = median(bareTimes);
    progress(`snmp: ${first.cells.length} cells, router ${ms(r)}, bare agent ${ms(b)}`);
    return {
      title: `SNMP (a bulk walk of a ${cfg.ports}-port router's interface tables)`,
      rows: [
        { what: `GetBulk walk of ifTable, ifXTable, mtxrInterfaceStatsTable: ${first.cells.length} objects (median)`, value: ms(r), baseline: ms(b), ratio: ratio(r / b), target: `<= ${TARGET_RATIO}x`, met: r / b <= TARGET_RATIO },
        { what: 'the same, per object', value: ms(r / first.cells.length), baseline: ms(b / first.cells.length) },
      ],
      notes: [
        `${cfg.repeats} walks of each agent, one after another, by net-snmp's client in the bench process (v2c, max-repetitions ${MAX_REPETITIONS}); the router is \`node dist/vrouter/cli.js --board chr --ports ${cfg.ports}\` in its own process, SNMP enabled over REST.`,
        'Baseline: net-snmp\'s own agent in the bench process serving the same OIDs, types and values from its MIB (tables registered with the router\'s columns and rows): the library\'s agent with nothing to compute.',
      ],
    };
  } finally {
    bare?.close();
    await router.stop();
    removeDir(dir);
  }
}
