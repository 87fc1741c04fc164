// The state tables of OSPF: /routing/ospf/neighbor, /routing/ospf/lsa and the dynamic
// entries of /routing/ospf/interface. A lab's OSPF stage (src/lab/routing/ospf.ts) publishes
// their records; what changes with time alone (how long an adjacency has been up, when a
// neighbour times out, an LSA's age) is worked out on every print from the moment the stage
// recorded (hidden values `.full-since`, `.born`), so a record does not change between runs.
// Fields and their forms: RouterOS manual, CLI reference "/routing/ospf" (routeros-facts.md 26).

import type { FieldDecl, MenuDecl } from '../../core/schema.js';
import type { ValueType } from '../../core/types.js';
import type { Row } from '../../core/store.js';
import { bool, formatDuration } from '../../core/values.js';
import { TREE } from '../../tree/declare.js';

/**
 * A value the console prints bare (`instance=v2 address=192.168.1.1 priority=128`): names,
 * addresses, numbers and times; the `string` fields (`state="Full"`, `type="router"`) are
 * quoted (manual's VRF and OSPF examples).
 */
const bare: ValueType = { name: 'word', parse: (v) => v, compare: (a, b) => (a < b ? -1 : a > b ? 1 : 0) };
const shown: FieldDecl = { type: bare, readOnly: true };
const text: FieldDecl = { type: TREE, readOnly: true };
const dynamic: FieldDecl = { type: TREE, readOnly: true, derive: (row) => String(row.dynamic) };
const since = (row: Row, key: string) => Number(row.values[key]);

export const ospfNeighbor: MenuDecl = {
  path: 'routing/ospf/neighbor',
  kind: 'table',
  fields: {
    instance: shown, area: shown, interface: shown, address: shown, priority: shown, 'router-id': shown,
    dr: shown, bdr: shown, state: text, 'state-changes': shown, 'ls-retransmits': shown, 'ls-requests': shown,
    'db-summaries': shown,
    // Time since the neighbour went Full (`adjacency=41m28s` in the manual's VRF example).
    adjacency: {
      type: bare, readOnly: true,
      derive: (row, env) => (row.values['.full-since'] ? formatDuration(Math.floor((env.now() - since(row, '.full-since')) / 1000) * 1000) : undefined),
    },
    // Until the dead interval runs out: restarted by every hello (`timeout=33s`).
    timeout: {
      type: bare, readOnly: true,
      derive: (row, env) => {
        const dead = since(row, '.dead'), hello = since(row, '.hello'), from = since(row, '.heard-since');
        if (!dead || !hello || !from) return undefined;
        return formatDuration(Math.ceil((dead - ((env.now() - from) % hello)) / 1000) * 1000);
      },
    },
    virtual: { type: TREE, readOnly: true, derive: () => 'false' },
    dynamic,
  },
};

export const ospfLsa: MenuDecl = {
  path: 'routing/ospf/lsa',
  kind: 'table',
  fields: {
    instance: shown, area: shown, link: shown, 'link-instance-id': shown, type: text, originator: shown, id: shown,
    sequence: shown, checksum: shown, body: text, 'self-originated': shown, flushing: shown, wraparound: shown,
    // Seconds since the LSA was last originated (`age=19`).
    age: { type: bare, readOnly: true, derive: (row, env) => (row.values['.born'] ? String(Math.floor((env.now() - since(row, '.born')) / 1000)) : undefined) },
    dynamic,
  },
};

/** A switch argument (`passive`, `no-summaries`): given by its word alone; shown only when on. */
const isOn = (v: string | undefined) => v !== undefined && !/^(false|no)$/i.test(v);
const switchField: (name: string) => FieldDecl = (name) => ({ type: bool, flag: true, derive: (row) => (isOn(row.values[name]) ? 'true' : undefined) });

/** Interface templates: `passive` is a switch (manual: `passive` typ="switch"; exports write `add area=backbone interfaces=lo passive`). */
export const ospfInterfaceTemplate: MenuDecl = {
  path: 'routing/ospf/interface-template',
  kind: 'table',
  ordered: true,
  fields: { passive: switchField('passive') },
};

/** Areas: `no-summaries` is a switch (manual: "Flag parameter"; `add ... type=stub no-summaries`). */
export const ospfArea: MenuDecl = {
  path: 'routing/ospf/area',
  kind: 'table',
  key: 'name',
  fields: { 'no-summaries': switchField('no-summaries') },
};
