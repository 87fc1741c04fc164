// The catalogue as docs/boards.md lists it (`node scripts/boards.mjs` writes the page; a test
// holds the page to the catalogue, so a board added to it shows there once regenerated).

import { catalogue, type Board } from './index.js';

/** `ether1-10, sfp-sfpplus1`: a board's ports, runs of one prefix written as ranges. */
function portRanges(b: Board): string {
  const runs: string[] = [];
  let i = 0;
  while (i < b.ports.length) {
    const m = /^(.*?)(\d+)$/.exec(b.ports[i])!;
    let j = i;
    while (j + 1 < b.ports.length) {
      const n = /^(.*?)(\d+)$/.exec(b.ports[j + 1])!;
      if (n[1] !== m[1] || Number(n[2]) !== Number(m[2]) + (j + 1 - i)) break;
      j++;
    }
    runs.push(j > i ? `${b.ports[i]}-${/\d+$/.exec(b.ports[j])![0]}` : b.ports[i]);
    i = j + 1;
  }
  return runs.join(' ');
}

const DEFCONF: Record<Board['defconf'], string> = {
  router: 'home router', ap: 'access point', switch: 'switch', ccr: 'ether1 address', chr: 'DHCP client', none: 'none',
};

export function boardsTable(): string {
  const rows = catalogue().map((b) => {
    const extras = [
      b.radios && `${b.radios.names.join(' ')} (${b.packages[1]?.name})`,
      b.lte && `lte1 (${b.lte.model})`,
      b.serial?.length && b.serial.join(' '),
      b.lcd && 'LCD', b.dualBoot && 'SwOS dual boot', b.swosOnly && 'SwOS only: not runnable',
    ].filter(Boolean).join(', ');
    return `| \`${b.key}\` | \`${b.model}\` | ${b.name.replaceAll('^', '\\^')} | ${b.architecture} | ${portRanges(b)} | ${extras} | ${DEFCONF[b.defconf]} |`;
  });
  return ['| `--board` | model | board name | arch | ports | radios, modem, serial, other | defconf |', '|---|---|---|---|---|---|---|', ...rows].join('\n') + '\n';
}

/** docs/boards.md: how to choose a board, then every board of the catalogue. */
export function boardsPage(): string {
  return `# Boards

<!-- Made from the catalogue (src/device/boards/*.ts) by \`npx tsc -b && node scripts/boards.mjs\`:
edit the catalogue, not this page. -->

\`vrouter --board NAME\` runs one of these: give the short name of the first column or the model
as the router prints it (\`RB4011iGS+\`, \`C52iG-5HaxD2HaxD\`); a name that is neither is refused
with the closest ones. The board is its ports (with their switch chips and PoE out), radios and
their package, LTE modem, serial ports, health sensors, the menus of its hardware, what
\`/system/resource\` and \`/system/routerboard\` print, and its default configuration
(the last column: what its defconf script builds). A data directory keeps the board it was made
with. \`vrouter --like export.rsc\` picks the board an export names (\`# model =\`). A CHR takes
\`--ports\`, \`--disks\` and \`--serial\`; the SwOS-only switches are listed but do not run RouterOS.

` + boardsTable();
}
