// /system/default-configuration: the board's default configuration scripts, read only.
// Real prints (docs/routeros-facts.md section 23.4): `script` — the defconf script, which opens
// with a `#| Welcome to RouterOS!` block describing what it sets up and then applies it —,
// `caps-mode-script` — the CAP mode script of a board with radios —, and `custom-script`, empty
// unless one was given at netinstall time. The opening block is written in the router's words
// from the board's kind; the commands are those of the board's default configuration as vrouter
// applies it (src/device/defconf.ts), not the real script's own lines, which no print of every
// board shows.

import type { Environment, FieldDecl, MenuDecl } from '../../core/schema.js';
import { str } from '../../core/values.js';
import { defconfOf } from '../../device/defconf.js';
import type { Board } from '../../device/boards/index.js';
import { DEFCONF_MENUS } from '../../device/defconf.js';
import { dirAt } from '../../tree/tree.js';
import { kindOf } from '../../tree/declare.js';
import { boardOf, etherMac } from '../interface/ethernet.js';

const WELCOME = [
  '#| Welcome to RouterOS!',
  '#|    1) Set a strong router password in the System > Users menu',
  '#|    2) Upgrade the software in the System > Packages menu',
  '#|    3) Enable firewall on untrusted networks',
];
const RULE = '#| -----------------------------------------------------------------------------';

/** The opening block of a home router's script (real prints of 6.49.6, 7.6 on an hAP ax and an RB450Gx4). */
function routerBlock(board: Board): string[] {
  const wan = board.lte ? 'lte1' : 'ether1';
  return [
    ...WELCOME,
    ...(board.radios ? ['#|    4) Set your country name to observe wireless regulations'] : []),
    RULE,
    '#| RouterMode:',
    '#|  * WAN port is protected by firewall and enabled DHCP client',
    ...(board.radios
      ? ['#|  * Wireless and Ethernet interfaces (except WAN port/s)', '#|    are part of LAN bridge']
      : ['#|  * Ethernet interfaces (except WAN port/s) are part of LAN bridge']),
    '#| LAN Configuration:',
    '#|     IP address 192.168.88.1/24 is set on bridge (LAN port)',
    '#|     DHCP Server: enabled;',
    '#|     DNS: enabled;',
    '#| WAN (gateway) Configuration:',
    `#|     gateway:  ${wan} ;`,
    '#|     ip4 firewall:  enabled;',
    '#|     ip6 firewall:  enabled;',
    '#|     NAT:   enabled;',
    ...(board.lte ? [] : ['#|     DHCP Client: enabled;']),
    '#| Login',
    '#|     admin user protected by password',
  ];
}

/** A value as a script writes it: yes/no for booleans, quoted when it holds anything but plain words. */
const word = (v: string) => (v === 'true' ? 'yes' : v === 'false' ? 'no' : /^[A-Za-z0-9_.:/,!+*-]+$/.test(v) ? v : `"${v.replace(/[\\"$]/g, (c) => `\\${c}`)}"`);

/** The commands of the board's default configuration, as a script writes them. */
function commands(board: Board): string[] {
  const conf = defconfOf(board, etherMac);
  const out: string[] = [];
  for (const path of DEFCONF_MENUS) {
    const dir = dirAt(path);
    const verb = dir && kindOf(dir) === 'settings' ? 'set' : 'add';
    for (const record of conf[path] ?? []) {
      const args = Object.entries(record).filter(([k]) => k !== '.id').map(([k, v]) => `${k}=${word(v)}`);
      out.push(`  /${path.replaceAll('/', ' ')} ${verb} ${args.join(' ')};`);
    }
  }
  return out;
}

function script(board: Board): string {
  if (board.defconf === 'none' || board.defconf === 'chr') return '';
  const opening = board.defconf === 'router' ? routerBlock(board) : [...WELCOME, RULE];
  return [
    ...opening,
    '',
    ':global defconfMode;',
    ':log info "Starting defconf script";',
    ':if ($action = "apply") do={',
    ...commands(board),
    '}',
    ':log info Defconf_script_finished;',
    ':set defconfMode;',
    '',
  ].join('\n');
}

/** The CAP mode script's opening block (a real print of 7.6 on an hAP ax); a board without radios has none. */
function capsModeScript(board: Board): string {
  if (!board.radios) return '';
  return [
    '#| CAP configuration',
    '#|',
    '#|   Wireless interfaces are set to be managed by CAPsMAN.',
    '#|   All ethernet interfaces and CAPsMAN managed interfaces are bridged.',
    '#|   DHCP client is set on bridge interface.',
    '',
  ].join('\n');
}

const derived = (of: (board: Board) => string): FieldDecl => ({
  type: str(), readOnly: true, derive: (_row, env: Environment) => of(boardOf(env)),
});
const FIELDS: Record<string, FieldDecl> = {
  'caps-mode-script': derived(capsModeScript),
  'custom-script': derived(() => ''),
  script: derived(script),
};

export const defaultConfigurationMenus: readonly MenuDecl[] = [
  { path: 'system/default-configuration', kind: 'settings', fields: FIELDS },
  ...Object.entries(FIELDS).map(([name, field]): MenuDecl => ({
    path: `system/default-configuration/${name}`, kind: 'settings', fields: { [name]: field },
  })),
];
