// The LTE modem of a board that has one: its identity, the cell it is registered on, its
// signal, and its firmware. The simulated modem is always registered to its home network
// with a steady signal; the modem vendor's firmware server is reached over that network, so
// `firmware-upgrade` works without any real connection.

export interface LteProfile {
  manufacturer: string;
  model: string;
  /** Firmware revision the modem ships with. */
  revision: string;
  /** The newest firmware its vendor offers. */
  latestRevision: string;
  imei: string;
  imsi: string;
  uicc: string;
  operator: string;
  /** Mobile country and network code of the operator. */
  mccMnc: string;
  band: string;
  earfcn: number;
}

export type FirmwareStep = { status: string; afterMs: number };

/**
 * The steps of a firmware upgrade and when each is reached (unconfirmed wording; the real
 * modem downloads for minutes, the simulation for a second). The progress is reported once a
 * second, so each step starts half-way between two reports: a report's timer may fire a
 * millisecond early by the wall clock, and must still see the step it comes for.
 */
export const UPGRADE_STEPS: readonly FirmwareStep[] = [
  { status: 'downloading via LTE connection (>2min)', afterMs: 0 },
  { status: 'flashing', afterMs: 500 },
  { status: 'done', afterMs: 1500 },
];

export class LteModem {
  revision: string;
  /** When the data session came up. */
  readonly sessionSince: number;
  private upgradeStarted?: number;

  constructor(readonly profile: LteProfile, now = Date.now()) {
    this.revision = profile.revision;
    this.sessionSince = now;
  }

  /** Where a running upgrade is; it completes (and the revision changes) at `done`. */
  upgradeStatus(now = Date.now()): string | undefined {
    if (this.upgradeStarted === undefined) return undefined;
    const elapsed = now - this.upgradeStarted;
    let status = UPGRADE_STEPS[0].status;
    for (const step of UPGRADE_STEPS) if (elapsed >= step.afterMs) status = step.status;
    if (status === 'done') {
      this.revision = this.profile.latestRevision;
      this.upgradeStarted = undefined;
    }
    return status;
  }

  /** Starts an upgrade; false when the modem already runs the newest firmware. */
  startUpgrade(now = Date.now()): boolean {
    if (this.revision === this.profile.latestRevision) return false;
    if (this.upgradeStarted === undefined) this.upgradeStarted = now;
    return true;
  }

  get upgrading(): boolean { return this.upgradeStarted !== undefined; }
}
