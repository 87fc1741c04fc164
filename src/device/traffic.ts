// Per-interface traffic counters of the simulated data plane. Two sources add up:
//   - ambient traffic: a port whose link is up hears a little of its segment (ARP, neighbour
//     discovery) and says a little itself, at a fixed rate since its link came up;
//   - bursts: traffic the router's own tools cause (ping echoes, bandwidth tests), added
//     when they happen.
// Counters are computed at read time, so nothing ticks in the background; rates are the
// difference over the last second, as the router's monitor-traffic shows them.

/** What one piece of traffic adds to an interface's counters. */
export interface Burst {
  rxBytes?: number;
  txBytes?: number;
  rxPackets?: number;
  txPackets?: number;
  rxBroadcast?: number;
  txBroadcast?: number;
  rxMulticast?: number;
  txMulticast?: number;
}

/** Steady traffic of a port with a link, per second. */
export interface Ambient {
  /** When the link came up (ms since the epoch). */
  since: number;
  rxPackets: number;
  rxBytes: number;
  txPackets: number;
  txBytes: number;
}

/**
 * The ambient traffic of a plugged-in Ethernet port: two broadcast frames a second heard
 * (ARP, MNDP), one sent. Small enough to look idle, large enough that counters move.
 */
export const PORT_AMBIENT = { rxPackets: 2, rxBytes: 180, txPackets: 1, txBytes: 60 } as const;

const KEYS = ['rxBytes', 'txBytes', 'rxPackets', 'txPackets', 'rxBroadcast', 'txBroadcast', 'rxMulticast', 'txMulticast'] as const;
type Key = (typeof KEYS)[number];
type Totals = Record<Key, number>;

const zero = (): Totals => ({ rxBytes: 0, txBytes: 0, rxPackets: 0, txPackets: 0, rxBroadcast: 0, txBroadcast: 0, rxMulticast: 0, txMulticast: 0 });

/** How long bursts are remembered for rates. */
const WINDOW_MS = 1000;

export interface Rates {
  rxBitsPerSecond: number;
  txBitsPerSecond: number;
  rxPacketsPerSecond: number;
  txPacketsPerSecond: number;
}

export class Traffic {
  private readonly totals = new Map<number, Totals>();
  private readonly recent = new Map<number, { at: number; burst: Burst }[]>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Adds traffic to an interface's counters, now. */
  add(id: number, burst: Burst) {
    const t = this.totals.get(id) ?? zero();
    for (const k of KEYS) t[k] += Math.max(0, Math.round(burst[k] ?? 0));
    this.totals.set(id, t);
    const list = this.recent.get(id) ?? [];
    const at = this.now();
    list.push({ at, burst });
    while (list.length && list[0].at <= at - WINDOW_MS) list.shift();
    this.recent.set(id, list);
  }

  private ambientAt(a: Ambient | undefined, at: number): Totals {
    const t = zero();
    if (!a || at <= a.since) return t;
    const s = (at - a.since) / 1000;
    // Whole frames only: bytes follow the frame count.
    t.rxPackets = Math.floor(s * a.rxPackets);
    t.txPackets = Math.floor(s * a.txPackets);
    t.rxBytes = a.rxPackets ? t.rxPackets * (a.rxBytes / a.rxPackets) : 0;
    t.txBytes = a.txPackets ? t.txPackets * (a.txBytes / a.txPackets) : 0;
    t.rxBroadcast = t.rxPackets;
    t.txBroadcast = t.txPackets;
    return t;
  }

  /** The counters of an interface as /interface shows them (`rx-byte`, `tx-packet`, ...). */
  counters(id: number, ambient?: Ambient): Record<string, number> {
    const own = this.totals.get(id) ?? zero();
    const amb = this.ambientAt(ambient, this.now());
    const sum = (k: Key) => own[k] + amb[k];
    return {
      'rx-byte': sum('rxBytes'), 'tx-byte': sum('txBytes'),
      'rx-packet': sum('rxPackets'), 'tx-packet': sum('txPackets'),
      'rx-broadcast': sum('rxBroadcast'), 'tx-broadcast': sum('txBroadcast'),
      'rx-multicast': sum('rxMulticast'), 'tx-multicast': sum('txMulticast'),
      // The simulated wire loses and corrupts nothing, and no queue overflows.
      'rx-drop': 0, 'tx-drop': 0, 'rx-error': 0, 'tx-error': 0, 'tx-queue-drop': 0,
      // No fast path in the emulation: every packet takes the slow path.
      'fp-rx-byte': 0, 'fp-tx-byte': 0, 'fp-rx-packet': 0, 'fp-tx-packet': 0,
    };
  }

  /** Traffic over the last second. */
  rates(id: number, ambient?: Ambient): Rates {
    const at = this.now();
    const a1 = this.ambientAt(ambient, at);
    const a0 = this.ambientAt(ambient, at - WINDOW_MS);
    let rxB = a1.rxBytes - a0.rxBytes, txB = a1.txBytes - a0.txBytes;
    let rxP = a1.rxPackets - a0.rxPackets, txP = a1.txPackets - a0.txPackets;
    for (const { at: when, burst } of this.recent.get(id) ?? []) {
      if (when <= at - WINDOW_MS) continue;
      rxB += burst.rxBytes ?? 0; txB += burst.txBytes ?? 0;
      rxP += burst.rxPackets ?? 0; txP += burst.txPackets ?? 0;
    }
    return { rxBitsPerSecond: rxB * 8, txBitsPerSecond: txB * 8, rxPacketsPerSecond: rxP, txPacketsPerSecond: txP };
  }
}
