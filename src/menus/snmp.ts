// /snmp: the agent's settings (the snmp face, src/services/snmp, follows them live). Only
// what the tree cannot say is declared here: the engine id the agent uses for SNMPv3.

import type { MenuDecl } from '../core/schema.js';
import { str } from '../core/values.js';

/**
 * The prefix of every RouterOS engine id: 80 00 3a 8c (enterprise 14988 with the high bit
 * set, RFC 3411 SnmpEngineID) and 04, "administratively assigned text" follows (manual, SNMP:
 * "If the SNMP client is not capable to detect set engine-id value then this prefix hex has
 * to be used 0x80003a8c04").
 */
export const ENGINE_ID_PREFIX = '80003a8c04';

export const snmpSettings: MenuDecl = {
  path: 'snmp',
  kind: 'settings',
  fields: {
    // The whole engine id in hex: the prefix, then the suffix's characters.
    'engine-id': {
      type: str(), readOnly: true, stable: true,
      derive: (row) => ENGINE_ID_PREFIX + Buffer.from(row.values['engine-id-suffix'] ?? '', 'utf8').toString('hex'),
    },
  },
};
