// `--like FILE.rsc`: the router an export came from, read from the export itself. Its
// header names the release (`# 2025-03-23 16:02:14 by RouterOS 7.18.2`, older ones
// `# jan/15/2022 06:44:14 by RouterOS 7.1.1`), the model (`# model = RB5009UG+S+`; an export
// from a CHR has no model line) and the serial number; its lines name the menus of the
// packages the router had installed. A CHR gets as many ports, drives and serial ports as
// the lines name.

import { boardByKey, findBoard, type Board } from './boards/index.js';
import type { Hardware } from './board.js';
import { NEWEST_RELEASE, releaseFor, releaseTree } from '../tree/tree.js';

export interface Like {
  /** The catalogue's short name of the model. */
  board: string;
  rosVersion?: string;
  serialNumber?: string;
  /** Packages beyond the board's that the export's menus belong to. */
  packages: string[];
  /** A CHR's ports, drives and serial ports as many as the export names. */
  hardware?: Hardware;
}

/**
 * The extra packages whose menus an export configures, as the release's tree names them
 * (tree/package-menus.json: /container and /app are container's, /iot is iot's, /zerotier
 * zerotier's, /interface wireless and /caps-man wireless's from 7.13 ...): the router it came
 * from had them installed.
 */
export function packagesNamed(release: string, text: string): string[] {
  const { packages } = releaseTree(release);
  return Object.entries(packages).filter(([, keys]) => keys.some((k) => !k.includes(' ')
    && new RegExp(`^/${k.replaceAll('/', ' ')}( |$)`, 'm').test(text))).map(([name]) => name);
}

export class LikeError extends Error {}

/** What an export's header and lines say of the router it came from. */
export function readLike(text: string): Like {
  const head = text.split(/\r?\n/).slice(0, 12).join('\n');
  const release = /^# .* by RouterOS (7\.\d+(?:\.\d+)?)/m.exec(head)?.[1];
  const model = /^# model = (.+?)\s*$/m.exec(head)?.[1];
  const serial = /^# serial number = (\S+)\s*$/m.exec(head)?.[1];
  let board: Board | undefined;
  if (model) {
    board = findBoard(model);
    if (!board) throw new LikeError(`the export's model ${model} is not in the catalogue`);
    if (board.swosOnly) throw new LikeError(`the export's model ${model} runs SwOS, not RouterOS`);
  } else {
    board = boardByKey('chr')!;
  }
  const have = new Set(board.packages.map((p) => p.name));
  // The release the router will run: the export's, or the newest vrouter holds.
  const runs = (release && releaseFor(release)) ?? NEWEST_RELEASE;
  const packages = packagesNamed(runs, text).filter((p) => !have.has(p));
  // The wifi package replaced wireless on 802.11ac boards that run it (wifi-qcom-ac).
  if (/^\/interface wifi\b/m.test(text) && board.radios?.type === 'wlan') packages.push('wifi-qcom-ac');
  const like: Like = { board: board.key, packages, ...(release ? { rosVersion: release } : {}), ...(serial && serial !== 'REMOVED' ? { serialNumber: serial } : {}) };
  if (board.key === 'chr') {
    const most = (re: RegExp, least: number, limit: number) => Math.min(limit, Math.max(least, ...[...text.matchAll(re)].map((m) => Number(m[1]))));
    like.hardware = {
      ports: most(/\bether(\d+)\b/g, 5, 64),
      disks: most(/^(?:\/disk )?set slot(\d+) /gm, 1, 32),
      serial: most(/^(?:\/port )?set (\d+) name=serial/gm, 0, 3) + 1,
    };
  }
  return like;
}
