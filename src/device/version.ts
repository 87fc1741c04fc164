// The RouterOS version the router reports (`--ros-version`, default 7.24), and the
// behaviours that changed between 7.x releases, each with the first release that has it.
// A face asks `since(version, 'quirk')` instead of comparing numbers itself, so the table
// below is the one list of what differs (docs/routeros-facts.md gives the sources).

export const DEFAULT_ROS_VERSION = '7.24';

/** Behaviours that start with a release. */
export const QUIRKS = {
  /** The API answers a print that matches nothing with `!empty` before `!done`. */
  'api-empty': '7.18',
  /** REST is served over plain `www` as well as `www-ssl`. */
  'rest-over-www': '7.9',
  /**
   * Export writes `type=A` on a DNS record that has no other type, which REST does not print:
   * compact exports of 7.16.2, 7.20.4, 7.21 and 7.21.1 write it (defconf's router.lan too),
   * those of 7.2.3 and 7.10 do not; no export of 7.11 to 7.15 was found (docs/routeros-facts.md 23).
   */
  'export-dns-type-a': '7.16',
  /** Back To Home (`/ip cloud back-to-home-vpn`, its users and files): new in 7.12 (manual "Back To Home"). */
  'back-to-home': '7.12',
  /**
   * Manual fan control (`/system health settings fan-*`) on the Tile CCR1016/CCR1036 r2; the
   * CRS3xx, CRS5xx and CCR2xxx have it from 7.9 (manual "Health").
   */
  'tile-fan-settings': '7.14',
  /** `fan-min-speed-percent` defaults to 12% (0% before; manual "Health"). */
  'fan-min-speed-12': '7.14',
  /** The CHR has no /system/resource/irq/rps: the 7.9.2 to 7.19.6 CHR captures list it, 7.20.8 and newer do not. */
  'chr-without-rps': '7.20',
  /**
   * The console's `print detail` legend names its flags in capitals (`X - DISABLED, I -
   * INVALID; D - DYNAMIC`); before, in small letters (`X - disabled ...`): 7.17.1 prints them
   * small, 7.22 and 7.23.2 in capitals (docs/routeros-facts.md 43.3).
   */
  'print-detail-legend-upper': '7.22',
} as const;

export type Quirk = keyof typeof QUIRKS;

/** `7.18`, `7.18.2`, `7.19beta4` -> [7, 18, 2]; undefined when it is no 7.x version. */
export function versionParts(text: string): number[] | undefined {
  const m = /^7\.(\d{1,3})(?:\.(\d{1,3}))?(?:(?:beta|rc)\d{1,3})?$/.exec(text);
  if (!m) return undefined;
  return [7, Number(m[1]), Number(m[2] ?? 0)];
}

/** Whether a router of `version` has the behaviour. */
export function since(version: string, quirk: Quirk): boolean {
  const [x, y] = [versionParts(version) ?? [0], versionParts(QUIRKS[quirk])!];
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== y[i]) return (x[i] ?? 0) > y[i];
  return true;
}
