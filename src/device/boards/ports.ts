// What a port of the catalogue can do: the link modes it advertises until a user sets
// `advertise`, and its L2MTU limits. The modes are the 7.12+ names (manual "Ethernet");
// each class's list as real `export verbose` output of 7.x boards prints it where one was
// found (docs/routeros-facts.md 51.2), in the router's own order (slowest first).

import type { LinkClass, PortKind } from './types.js';

const FE = ['10M-baseT-half', '10M-baseT-full', '100M-baseT-half', '100M-baseT-full'];
const GE = [...FE, '1G-baseT-half', '1G-baseT-full'];
// An SFP+ cage (RB5009UPr+S+ 7.19.6 and CRS310-8G+2S+ 7.18.2 export verbose, find_string 56336073115, 56605388767).
const SFP_PLUS = [...GE, '1G-baseX', '2.5G-baseT', '2.5G-baseX', '5G-baseT', '10G-baseT', '10G-baseSR-LR', '10G-baseCR'];
const SFP28 = [...SFP_PLUS, '25G-baseSR-LR', '25G-baseCR'];

/** Every class's modes. */
export const LINK_MODES: Readonly<Record<LinkClass, readonly string[]>> = {
  // hAP lite, mAP lite, SXTsq Lite: 10/100 ports (an RB941-2nD 6.43 export verbose: `advertise=10M-half,10M-full,100M-half,100M-full`).
  fe: FE,
  ge: GE,
  // RB5009's ether1 (the verbose export above: `...,1G-baseT-full,2.5G-baseT`).
  '2.5g': [...GE, '2.5G-baseT'],
  // CRS310-8G+2S+'s ports (the verbose export above: no `1G-baseT-half`).
  '2.5g-fd': [...FE, '1G-baseT-full', '2.5G-baseT'],
  // A gigabit SFP cage: the copper modes of an SFP module and 1G-baseX (unconfirmed: no export verbose of one was found).
  sfp: [...GE, '1G-baseX'],
  'sfp+': SFP_PLUS,
  // SFP28, QSFP+ and QSFP28 cages: the SFP+ modes and the cage's own (unconfirmed, from the tree's completion words).
  sfp28: SFP28,
  'qsfp+': [...SFP_PLUS, '40G-baseSR4-LR4', '40G-baseCR4'],
  qsfp28: [...SFP28, '40G-baseSR4-LR4', '40G-baseCR4', '50G-baseSR2-LR2', '50G-baseCR2', '100G-baseSR4-LR4', '100G-baseCR4'],
};

/**
 * Every mode the router names, in its order: what `advertise` and `speed` take (the 7.22.3
 * completion of /interface/ethernet set, routeros-facts.md 51.2), slowest first.
 */
export const ALL_LINK_MODES: readonly string[] = [
  '10M-baseT-half', '10M-baseT-full', '100M-baseT-half', '100M-baseT-full', '100M-baseFX-half', '100M-baseFX-full',
  '1G-baseT-half', '1G-baseT-full', '1G-baseX', '2.5G-baseT', '2.5G-baseX', '5G-baseT', '10G-baseT', '10G-baseSR-LR',
  '10G-baseCR', '25G-baseSR-LR', '25G-baseCR', '40G-baseSR4-LR4', '40G-baseCR4', '50G-baseSR-LR', '50G-baseCR',
  '50G-baseSR2-LR2', '50G-baseCR2', '100G-baseSR4-LR4', '100G-baseCR4', '100G-baseSR2-LR2', '100G-baseCR2',
  '200G-baseSR4-LR4', '200G-baseCR4', '400G-baseSR8-LR8', '400G-baseCR8',
];

/** The class a port of a kind has unless its board says otherwise. */
export const LINK_OF_KIND: Readonly<Record<PortKind, LinkClass>> = {
  ether: 'ge', sfp: 'sfp', 'sfp-sfpplus': 'sfp+', sfp28: 'sfp28', qsfpplus: 'qsfp+', qsfp28: 'qsfp28', combo: 'sfp',
};

/** What a port has when no source says otherwise: the hAP ac² capture's L2MTU figures (routeros-facts.md 8). */
export const DEFAULT_L2MTU = 1598;
export const DEFAULT_MAX_L2MTU = 9214;
