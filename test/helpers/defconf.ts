// A real export of a router still on its default configuration (../shared/corpus/real-exports:
// Bagumka/Mikrotik test.draft.rsc, a cAP ax LTE on RouterOS 7.21.1), and the defconf lines of
// the menus whose defconf records every RouterMode board writes alike: what a test holds an
// export of the default configuration to, instead of a file the product wrote.

import fs from 'node:fs';
import path from 'node:path';
import { CORPUS, logicalLines } from '../corpus/corpus.js';

export const DEFCONF_EXPORT = path.join(CORPUS, 'Bagumka__Mikrotik__test.draft.rsc');

/**
 * The sections compared. The owner of that export changed the LAN's addresses (192.168.68.0/24)
 * and the pool's name (`dhcp`), and added a DHCP client on ether1 without defconf's comment:
 * /ip address, /ip pool, /ip dhcp-server (network), /ip dns static and /ip dhcp-client are not defconf's there.
 */
export const ALIKE = ['/interface list', '/ip firewall filter', '/ip firewall nat', '/ipv6 firewall address-list', '/ipv6 firewall filter'];

/** The lines with a defconf comment of each of `sections` of an export, logical lines (continuations joined). */
export function defconfLines(text: string, sections: readonly string[] = ALIKE): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let section = '';
  for (const line of logicalLines(text)) {
    if (line.startsWith('/')) { section = line; continue; }
    if (sections.includes(section) && /comment="?defconf/.test(line)) out.set(section, [...(out.get(section) ?? []), line]);
  }
  return out;
}

/** The real export's defconf lines. */
export const realDefconf = (sections: readonly string[] = ALIKE) => defconfLines(fs.readFileSync(DEFCONF_EXPORT, 'utf8'), sections);
