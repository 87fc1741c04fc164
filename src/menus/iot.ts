// The iot package's own records (RouterOS manual "LoRa", "Wiliot"), as real exports of
// routers with the package show them:
// - /iot lora servers: the eight network servers the package adds, exported as ordinary
//   `add` lines by every 7.16-7.23 export that has the package (find_string 27818061065
//   RBSXTsq2nD 7.21.2, 617187515 CCR1072 7.20.1, 311665724 RB5009 7.19rc1, 58582469174 RB4011
//   7.23.1): part of the configuration a router starts with, gone with `no-defaults`;
// - /iot wiliot servers (7.23+): the one server the router has by itself, which every export
//   writes as `set *1 address=mqtt.us-east-2.prod.wiliot.cloud name="Wiliot US East"`
//   (7.23.1 exports, find_string 62600891494, 58689962280, 55542581349);
// - /iot lora: a gateway record per LoRa card (board-records.ts), `set 0 ...` in exports.

import type { MenuDecl } from '../core/schema.js';
import { choice, suffixed } from '../core/values.js';

const LORA_SERVERS: readonly [string, string][] = [
  ['TTN-EU', 'eu.mikrotik.thethings.industries'],
  ['TTN-US', 'us.mikrotik.thethings.industries'],
  ['TTS Cloud (eu1)', 'eu1.cloud.thethings.industries'],
  ['TTS Cloud (nam1)', 'nam1.cloud.thethings.industries'],
  ['TTS Cloud (au1)', 'au1.cloud.thethings.industries'],
  ['TTN V3 (eu1)', 'eu1.cloud.thethings.network'],
  ['TTN V3 (nam1)', 'nam1.cloud.thethings.network'],
  ['TTN V3 (au1)', 'au1.cloud.thethings.network'],
];

export const loraServers: MenuDecl = {
  path: 'iot/lora/servers',
  kind: 'table',
  key: 'name',
  defaults: LORA_SERVERS.map(([name, address]) => ({ name, address, protocol: 'UDP' })),
};

export const wiliotServers: MenuDecl = {
  path: 'iot/wiliot/servers',
  kind: 'table',
  key: 'name',
  systemDefaults: true,
  exportIdent: 'id',
  defaults: [{ '.id': '*1', name: 'Wiliot US East', address: 'mqtt.us-east-2.prod.wiliot.cloud' }],
};

/**
 * /iot lora: `antenna-gain` is written with its unit (`antenna-gain=6dBi` in the wAP LR9 kit's
 * 7.16.2 export, which the tree's note `-128..127` leaves out), and that export's
 * `channel-plan=au-915-2` besides the plans 7.22.3 offers on completion.
 */
export const lora: MenuDecl = {
  path: 'iot/lora',
  kind: 'table',
  fields: {
    'antenna-gain': { type: suffixed('dBi', { min: -128, max: 127 }) },
    'channel-plan': {
      type: choice(['as-923', 'au-915', 'au-915-1', 'au-915-2', 'custom', 'eu-868', 'in-865', 'kr-920', 'ru-864', 'ru-864-mid', 'us-915-1', 'us-915-2']),
    },
  },
};
