// The tables the console draws for the tools that run on: `/ping` prints a row per echo as it
// comes and the summary when it ends; `/tool traceroute` prints its hop table as the last
// round left it. Real 7.x captures of both are in docs/routeros-facts.md 43:
//
//     SEQ HOST                                     SIZE TTL TIME       STATUS
//       0 10.1.50.254                                56  64 3ms181us
//       sent=1 received=1 packet-loss=0% min-rtt=3ms181us avg-rtt=3ms181us max-rtt=3ms181us
//
//   ADDRESS                          LOSS SENT    LAST     AVG    BEST   WORST STD-DEV STATUS
//   172.16.2.3                         0%    3   1.3ms     1.3     1.2     1.4     0.1

import type { Reply } from '../core/schema.js';
import { wrapPairs } from './print.js';

export interface LiveTable {
  header: string;
  /** Rows are printed as the records come (ping), or only the last round's at the end (traceroute). */
  streams: boolean;
  row(record: Reply): string;
  /** Lines after the rows, from every record the command gave. */
  footer?(records: readonly Reply[], width: number): string[];
}

const pingTable: LiveTable = {
  header: '  SEQ HOST                                     SIZE TTL TIME       STATUS',
  streams: true,
  row(r) {
    const time = r.time === undefined ? '' : r.time.padEnd(10);
    const cells = `${(r.seq ?? '').padStart(5)} ${(r.host ?? '').padEnd(40)} ${(r.size ?? '').padStart(4)} ${(r.ttl ?? '').padStart(3)} ${time}`;
    return r.status ? `${cells.padEnd(66)} ${r.status}` : cells.replace(/ +$/, (s) => (r.time === undefined ? '' : s));
  },
  footer(records, width) {
    const last = records[records.length - 1];
    if (!last) return [];
    const pairs = [`sent=${last.sent}`, `received=${last.received}`, `packet-loss=${last['packet-loss']}%`];
    for (const k of ['min-rtt', 'avg-rtt', 'max-rtt']) if (last[k] !== undefined) pairs.push(`${k}=${last[k]}`);
    // The summary wraps two columns sooner than print detail: `max-rtt=486us` goes to a line
    // of its own after 78 characters on 80 columns (routeros-facts.md 43.8).
    return wrapPairs(pairs, '    ', '   ', width - 2);
  },
};

/** Milliseconds as the hop table shows them: one decimal, none when it is 0 (`1.3`, `9`). */
const ms = (v: string | undefined) => (v === undefined || v === '' ? '' : String(Math.round(Number(v) * 10) / 10));

const tracerouteTable: LiveTable = {
  header: 'ADDRESS                          LOSS SENT    LAST     AVG    BEST   WORST STD-DEV STATUS',
  streams: false,
  row(r) {
    const head = `${(r.address ?? '').padEnd(32)} ${`${r.loss ?? ''}%`.padStart(4)} ${(r.sent ?? '').padStart(4)}`;
    // A hop that never answered shows its status where its times would be.
    if (r.last === undefined) return `${head} ${r.status ?? ''}`;
    const times = [`${ms(r.last)}ms`, ms(r.avg), ms(r.best), ms(r.worst), ms(r['std-dev'])].map((t) => t.padStart(7)).join(' ');
    return `${head} ${times}${r.status ? ` ${r.status}` : ''}`;
  },
};

/** The live table of a command by its path (`ping`, `tool/ping`, `tool/traceroute`). */
export const LIVE_TABLES: Record<string, LiveTable> = {
  ping: pingTable,
  'tool/ping': pingTable,
  'tool/traceroute': tracerouteTable,
};

/** The rows of a traceroute's last round: the records of its highest `.section`. */
export function lastRound(records: readonly Reply[]): Reply[] {
  const last = records[records.length - 1]?.['.section'];
  return records.filter((r) => r['.section'] === last);
}
