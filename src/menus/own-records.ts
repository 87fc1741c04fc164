// The records a router has by itself in menus nobody has to configure: the default IPsec
// profile and proposal, the `public` SNMP community, the IPv6 neighbour-discovery entry for
// every interface, the default wireless security profile, PPP profiles, queue types... They
// are there with or without the default configuration, a reset brings them back, print
// shows them flagged `default`, and export writes a change to one as `set` in the words
// real exports use: `set [ find default=yes ] ...` for most, `set 0 ...` for the IPsec
// policy template, `set *0 ...` for the PPP profiles, `set <name> ...` for queue types.
//
// Values are those of the RouterOS manual's pages for each menu (docs/routeros-facts.md 14);
// a field the manual gives no default for is left out rather than guessed.

import type { MenuDecl, Reply } from '../core/schema.js';
import { parseId } from '../core/store.js';
import { bool, str } from '../core/values.js';

export interface OwnRecords {
  path: string;
  /** The field that names a record (`name`), if records have names. */
  key?: string;
  /** Each with the router's `.id` for it. */
  records: readonly Reply[];
  /** How an export line names one of them. */
  ident: NonNullable<MenuDecl['exportIdent']>;
  /** Print shows the flag `default` (the tree's `get` names it); true unless said. */
  flagged?: boolean;
  /** Fields the router treats specially (declared by hand over the tree's). */
  fields?: MenuDecl['fields'];
}

function own(o: OwnRecords): MenuDecl {
  const ids = new Set(o.records.map((r) => parseId(r['.id'])));
  return {
    path: o.path,
    kind: 'table',
    key: o.key,
    systemDefaults: true,
    fields: {
      ...o.fields,
      ...(o.flagged === false ? {} : { default: { type: bool, readOnly: true, derive: (row) => String(ids.has(row.id)), stable: true } }),
    },
    defaults: o.records,
    exportIdent: o.ident,
  };
}

/** Built-in apps named by real exports (7.21, 7.23.1), MikroTik's 7.24 changelog and public scripts. */
const APP_NAMES = [
  'cinny', 'gitea', 'goaway', 'hermes-agent', 'home-assistant', 'inventree', 'librespeed', 'lorawan-stack', 'n8n',
  'nextcloud', 'opencloud', 'opencloud-extended', 'openwebui', 'paperless-nginx', 'pihole', 'pmacct-netflow', 'redlib',
  'solr', 'uptime-kuma', 'victoria-logs', 'zulip',
];

const OWN: readonly OwnRecords[] = [
  // "IPsec": the default profile, proposal, policy group, mode-config and policy template.
  {
    path: 'ip/ipsec/profile', key: 'name', ident: 'default',
    records: [{
      '.id': '*0', name: 'default', 'hash-algorithm': 'sha1', 'enc-algorithm': 'aes-128,3des', 'dh-group': 'modp2048,modp1024',
      lifetime: '1d', 'proposal-check': 'obey', 'nat-traversal': 'yes', 'dpd-interval': '8s', 'dpd-maximum-failures': '4',
    }],
  },
  {
    path: 'ip/ipsec/proposal', key: 'name', ident: 'default',
    records: [{
      '.id': '*0', name: 'default', 'auth-algorithms': 'sha1', 'enc-algorithms': 'aes-256-cbc,aes-192-cbc,aes-128-cbc',
      lifetime: '30m', 'pfs-group': 'modp1024',
    }],
  },
  { path: 'ip/ipsec/policy/group', key: 'name', ident: 'default', records: [{ '.id': '*0', name: 'default' }] },
  { path: 'ip/ipsec/mode-config', key: 'name', ident: 'default', records: [{ '.id': '*0', name: 'request-only', responder: 'no' }] },
  {
    path: 'ip/ipsec/policy', ident: 'number',
    records: [{ '.id': '*0', group: 'default', proposal: 'default', template: 'yes', 'src-address': '::/0', 'dst-address': '::/0', protocol: 'all' }],
  },
  // "SNMP": the community `public`, readable from anywhere.
  {
    path: 'snmp/community', key: 'name', ident: 'default',
    records: [{
      '.id': '*0', name: 'public', addresses: '::/0', security: 'none', 'read-access': 'yes', 'write-access': 'no',
      'authentication-protocol': 'MD5', 'encryption-protocol': 'DES',
    }],
  },
  // "IPv6 Neighbor Discovery": one entry for all interfaces.
  {
    path: 'ipv6/nd', ident: 'default',
    records: [{
      '.id': '*0', interface: 'all', 'ra-interval': '3m20s-10m', 'ra-delay': '3s', mtu: 'unspecified', 'reachable-time': 'unspecified',
      'retransmit-interval': 'unspecified', 'ra-lifetime': '30m', 'hop-limit': 'unspecified', 'advertise-mac-address': 'yes',
      'advertise-dns': 'yes', 'managed-address-configuration': 'no', 'other-configuration': 'no',
    }],
  },
  // "Wireless Interface": the profile `default`, no security.
  {
    path: 'interface/wireless/security-profiles', key: 'name', ident: 'default',
    records: [{ '.id': '*0', name: 'default', mode: 'none', 'unicast-ciphers': 'aes-ccm', 'group-ciphers': 'aes-ccm' }],
  },
  // "HotSpot": the server and user profiles `default`.
  { path: 'ip/hotspot/profile', key: 'name', ident: 'default', records: [{ '.id': '*1', name: 'default', 'html-directory': 'hotspot', 'login-by': 'cookie,http-chap' }] },
  { path: 'ip/hotspot/user/profile', key: 'name', ident: 'default', records: [{ '.id': '*0', name: 'default', 'shared-users': '1' }] },
  // "CAPsMAN": the manager listens on all interfaces.
  { path: 'caps-man/manager/interface', ident: 'default', records: [{ '.id': '*0', interface: 'all', forbid: 'no' }] },
  // "SMB": the share `pub` and the user `guest` (7.x before the rework of 7.13 and after it).
  { path: 'ip/smb/shares', key: 'name', ident: 'default', records: [{ '.id': '*0', name: 'pub', directory: 'pub' }] },
  { path: 'ip/smb/users', key: 'name', ident: 'default', records: [{ '.id': '*0', name: 'guest', 'read-only': 'yes' }] },
  // "PPP AAA": `default` and `default-encryption`; exports name them by id (`/ppp profile set *0 ...`).
  {
    path: 'ppp/profile', key: 'name', ident: 'id',
    records: [
      { '.id': '*0', name: 'default', 'use-encryption': 'default', 'only-one': 'default', 'change-tcp-mss': 'yes', 'use-compression': 'default' },
      { '.id': '*FFFFFFFE', name: 'default-encryption', 'use-encryption': 'yes', 'only-one': 'default', 'change-tcp-mss': 'yes', 'use-compression': 'default' },
    ],
  },
  // "Queues": the built-in queue types.
  {
    path: 'queue/type', key: 'name', ident: 'name',
    records: [
      { '.id': '*0', name: 'default', kind: 'pfifo', 'pfifo-limit': '50' },
      { '.id': '*1', name: 'ethernet-default', kind: 'pfifo', 'pfifo-limit': '50' },
      { '.id': '*2', name: 'wireless-default', kind: 'sfq', 'sfq-perturb': '5', 'sfq-allot': '1514' },
      { '.id': '*3', name: 'synchronous-default', kind: 'red' },
      { '.id': '*4', name: 'hotspot-default', kind: 'sfq', 'sfq-perturb': '5', 'sfq-allot': '1514' },
      { '.id': '*5', name: 'pcq-upload-default', kind: 'pcq', 'pcq-rate': '0', 'pcq-limit': '50KiB', 'pcq-classifier': 'src-address', 'pcq-total-limit': '2000KiB' },
      { '.id': '*6', name: 'pcq-download-default', kind: 'pcq', 'pcq-rate': '0', 'pcq-limit': '50KiB', 'pcq-classifier': 'dst-address', 'pcq-total-limit': '2000KiB' },
      { '.id': '*7', name: 'only-hardware-queue', kind: 'none' },
      { '.id': '*8', name: 'multi-queue-ethernet-default', kind: 'mq-pfifo', 'mq-pfifo-limit': '50' },
      { '.id': '*9', name: 'default-small', kind: 'pfifo', 'pfifo-limit': '10' },
    ],
  },
  // "Tools / RoMON": every interface is a RoMON port unless told otherwise.
  { path: 'tool/romon/port', ident: 'default', records: [{ '.id': '*0', interface: 'all', forbid: 'no', cost: '100' }] },
  // "Apps" (7.21+, container package): MikroTik's catalogue of container apps, each off until
  // enabled; exports change one as `/app set <name> ...`. Only the apps a public source names
  // (docs/routeros-facts.md 14); the real catalogue is longer and its ids are not known.
  {
    path: 'app', key: 'name', ident: 'name', flagged: false,
    // 7.24 changelog: "app - make secrets sensitive to avoid polluting configuration export".
    fields: { name: { type: str(), readOnly: true }, secrets: { type: str(), secret: 'sensitive' } },
    records: APP_NAMES.map((name, i) => ({ '.id': `*${(i + 1).toString(16).toUpperCase()}`, name, 'auto-update': 'no', 'check-certificate': 'yes' })),
  },
  // "ZeroTier": the instance `zt1` of the zerotier package, off until enabled.
  { path: 'zerotier', key: 'name', ident: 'name', flagged: false, records: [{ '.id': '*1', name: 'zt1', port: '9993', interfaces: 'all', disabled: 'yes' }] },
];

export const ownRecordMenus: readonly MenuDecl[] = OWN.map(own);
