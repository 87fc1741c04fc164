// The default configuration (defconf) each kind of board builds on first boot and on
// /system reset-configuration, as data: for each menu, the records its defconf script adds,
// as a user would type them. Sources (docs/routeros-facts.md section 30.3):
// - the manual "Default configurations" (help.mikrotik.com/docs/spaces/ROS/pages/
//   328151/First+Time+Configuration and .../Default+configurations): home routers put
//   ether1 (or the modem) in WAN with a DHCP client and everything else with the radios in a
//   LAN bridge at 192.168.88.1/24 with a DHCP server `defconf`, DNS for the LAN and the
//   IPv4 and IPv6 firewall; CAP/wAP access points bridge everything with a DHCP client on the
//   bridge; CRS switches bridge every port at 192.168.88.1/24; CCRs only have 192.168.88.1/24
//   on ether1;
// - real exports of routers still on defconf (corpus: Bagumka cAP ax LTE 7.21.1,
//   foundryserver RB5009 7.16.2, simsrw73 RB5009 7.2.3): the exact comments, the IPv6
//   `bad_ipv6` list and filter, `discover-interface-list=LAN`, mac-server and mac-winbox on
//   LAN, the LTE interface as WAN on a board with a modem;
// - pastebin copies of `/system default-configuration print` (the defconf script itself).

import type { Board } from './boards/index.js';
import { ledsOf } from './leds.js';

type Records = Record<string, string>[];
export type Defconf = Readonly<Record<string, Records>>;

/** The burnt-in address of the n-th port (1-based), as src/menus/interface/ethernet.ts gives it. */
export type MacOf = (n: number) => string;

const IPV4_FILTER: Records = [
  { chain: 'input', action: 'accept', 'connection-state': 'established,related,untracked', comment: 'defconf: accept established,related,untracked' },
  { chain: 'input', action: 'drop', 'connection-state': 'invalid', comment: 'defconf: drop invalid' },
  { chain: 'input', action: 'accept', protocol: 'icmp', comment: 'defconf: accept ICMP' },
  { chain: 'input', action: 'accept', 'dst-address': '127.0.0.1', comment: 'defconf: accept to local loopback (for CAPsMAN)' },
  { chain: 'input', action: 'drop', 'in-interface-list': '!LAN', comment: 'defconf: drop all not coming from LAN' },
  { chain: 'forward', action: 'accept', 'ipsec-policy': 'in,ipsec', comment: 'defconf: accept in ipsec policy' },
  { chain: 'forward', action: 'accept', 'ipsec-policy': 'out,ipsec', comment: 'defconf: accept out ipsec policy' },
  { chain: 'forward', action: 'fasttrack-connection', 'connection-state': 'established,related', comment: 'defconf: fasttrack' },
  // The space after the second comma is the router's own.
  { chain: 'forward', action: 'accept', 'connection-state': 'established,related,untracked', comment: 'defconf: accept established,related, untracked' },
  { chain: 'forward', action: 'drop', 'connection-state': 'invalid', comment: 'defconf: drop invalid' },
  { chain: 'forward', action: 'drop', 'connection-state': 'new', 'connection-nat-state': '!dstnat', 'in-interface-list': 'WAN', comment: 'defconf: drop all from WAN not DSTNATed' },
];

/** `/ipv6 firewall address-list`: the bogons defconf drops (the space after "only" is the router's own). */
const BAD_IPV6: Records = [
  ['::/128', 'unspecified address'], ['::1/128', 'lo'], ['fec0::/10', 'site-local'], ['::ffff:0.0.0.0/96', 'ipv4-mapped'],
  ['::/96', 'ipv4 compat'], ['100::/64', 'discard only '], ['2001:db8::/32', 'documentation'], ['2001:10::/28', 'ORCHID'], ['3ffe::/16', '6bone'],
].map(([address, what]) => ({ address, list: 'bad_ipv6', comment: `defconf: ${what}` }));

const IPV6_FILTER: Records = [
  { chain: 'input', action: 'accept', 'connection-state': 'established,related,untracked', comment: 'defconf: accept established,related,untracked' },
  { chain: 'input', action: 'drop', 'connection-state': 'invalid', comment: 'defconf: drop invalid' },
  { chain: 'input', action: 'accept', protocol: 'icmpv6', comment: 'defconf: accept ICMPv6' },
  { chain: 'input', action: 'accept', protocol: 'udp', 'dst-port': '33434-33534', comment: 'defconf: accept UDP traceroute' },
  { chain: 'input', action: 'accept', protocol: 'udp', 'dst-port': '546', 'src-address': 'fe80::/10', comment: 'defconf: accept DHCPv6-Client prefix delegation.' },
  { chain: 'input', action: 'accept', protocol: 'udp', 'dst-port': '500,4500', comment: 'defconf: accept IKE' },
  { chain: 'input', action: 'accept', protocol: 'ipsec-ah', comment: 'defconf: accept ipsec AH' },
  { chain: 'input', action: 'accept', protocol: 'ipsec-esp', comment: 'defconf: accept ipsec ESP' },
  { chain: 'input', action: 'accept', 'ipsec-policy': 'in,ipsec', comment: 'defconf: accept all that matches ipsec policy' },
  { chain: 'input', action: 'drop', 'in-interface-list': '!LAN', comment: 'defconf: drop everything else not coming from LAN' },
  { chain: 'forward', action: 'accept', 'connection-state': 'established,related,untracked', comment: 'defconf: accept established,related,untracked' },
  { chain: 'forward', action: 'drop', 'connection-state': 'invalid', comment: 'defconf: drop invalid' },
  { chain: 'forward', action: 'drop', 'src-address-list': 'bad_ipv6', comment: 'defconf: drop packets with bad src ipv6' },
  { chain: 'forward', action: 'drop', 'dst-address-list': 'bad_ipv6', comment: 'defconf: drop packets with bad dst ipv6' },
  { chain: 'forward', action: 'drop', protocol: 'icmpv6', 'hop-limit': 'equal:1', comment: 'defconf: rfc4890 drop hop-limit=1' },
  { chain: 'forward', action: 'accept', protocol: 'icmpv6', comment: 'defconf: accept ICMPv6' },
  { chain: 'forward', action: 'accept', protocol: '139', comment: 'defconf: accept HIP' },
  { chain: 'forward', action: 'accept', protocol: 'udp', 'dst-port': '500,4500', comment: 'defconf: accept IKE' },
  { chain: 'forward', action: 'accept', protocol: 'ipsec-ah', comment: 'defconf: accept ipsec AH' },
  { chain: 'forward', action: 'accept', protocol: 'ipsec-esp', comment: 'defconf: accept ipsec ESP' },
  { chain: 'forward', action: 'accept', 'ipsec-policy': 'in,ipsec', comment: 'defconf: accept all that matches ipsec policy' },
  { chain: 'forward', action: 'drop', 'in-interface-list': '!LAN', comment: 'defconf: drop everything else not coming from LAN' },
];

/** The bridge defconf makes, with the address of the port it takes its MAC from. */
const bridge = (mac: string): Records => [{ name: 'bridge', 'auto-mac': 'false', 'admin-mac': mac, comment: 'defconf' }];
/** Bridge ports: their ids start at *0 on a real router (routeros-facts.md 2.9). */
const bridgePorts = (names: readonly string[]): Records => names.map((name, i) => ({ '.id': `*${i}`, bridge: 'bridge', interface: name, comment: 'defconf' }));
const LAN_ADDRESS = (iface: string): Records => [{ address: '192.168.88.1/24', interface: iface, comment: 'defconf' }];

/** The default configuration of a board (no `no-defaults`): its kind's, and the LEDs it drives (./leds.ts). */
export function defconfOf(board: Board, mac: MacOf): Defconf {
  const leds = ledsOf(board);
  const own = kindDefconf(board, mac);
  return leds.length ? { ...own, 'system/leds': leds } : own;
}

function kindDefconf(board: Board, mac: MacOf): Defconf {
  const radios = board.radios?.names ?? [];
  switch (board.defconf) {
    case 'router': {
      // The modem is the WAN of a board that has one; ether1 otherwise (cAP ax LTE 7.21.1 export).
      const wan = board.lte ? 'lte1' : 'ether1';
      const lan = [...board.ports.filter((p) => p !== 'ether1'), ...radios];
      return {
        'interface/bridge': bridge(mac(board.ports.length > 1 ? 2 : 1)),
        'interface/bridge/port': bridgePorts(lan),
        'interface/list': [{ '.id': '*2000010', name: 'WAN', comment: 'defconf' }, { '.id': '*2000011', name: 'LAN', comment: 'defconf' }],
        'interface/list/member': [{ list: 'LAN', interface: 'bridge', comment: 'defconf' }, { list: 'WAN', interface: wan, comment: 'defconf' }],
        'ip/address': LAN_ADDRESS('bridge'),
        'ip/pool': [{ name: 'default-dhcp', ranges: '192.168.88.10-192.168.88.254' }],
        'ip/dhcp-server': [{ name: 'defconf', interface: 'bridge', 'address-pool': 'default-dhcp' }],
        'ip/dhcp-server/network': [{ address: '192.168.88.0/24', gateway: '192.168.88.1', 'dns-server': '192.168.88.1', comment: 'defconf' }],
        ...(board.lte ? {} : { 'ip/dhcp-client': [{ interface: 'ether1', comment: 'defconf' }] }),
        'ip/dns': [{ 'allow-remote-requests': 'yes' }],
        'ip/dns/static': [{ name: 'router.lan', address: '192.168.88.1', comment: 'defconf' }],
        'ip/firewall/filter': IPV4_FILTER,
        'ip/firewall/nat': [{ chain: 'srcnat', action: 'masquerade', 'out-interface-list': 'WAN', 'ipsec-policy': 'out,none', comment: 'defconf: masquerade' }],
        'ip/neighbor/discovery-settings': [{ 'discover-interface-list': 'LAN' }],
        'ipv6/firewall/address-list': BAD_IPV6,
        'ipv6/firewall/filter': IPV6_FILTER,
        'tool/mac-server': [{ 'allowed-interface-list': 'LAN' }],
        'tool/mac-server/mac-winbox': [{ 'allowed-interface-list': 'LAN' }],
      };
    }
    case 'ap':
      // CAP/wAP: one bridge of every port and radio, which asks for its address by DHCP.
      return {
        'interface/bridge': bridge(mac(1)),
        'interface/bridge/port': bridgePorts([...board.ports, ...radios]),
        'ip/dhcp-client': [{ interface: 'bridge', comment: 'defconf' }],
      };
    case 'switch':
      return {
        'interface/bridge': bridge(mac(1)),
        'interface/bridge/port': bridgePorts(board.ports),
        'ip/address': LAN_ADDRESS('bridge'),
      };
    case 'ccr':
      return { 'ip/address': LAN_ADDRESS('ether1') };
    case 'chr':
      return { 'ip/dhcp-client': [{ interface: 'ether1' }] };
    case 'none':
      return {};
  }
}

/**
 * What defconf sets on the board's radios (`set [ find default-name=wifi1 ] ...`): an access
 * point named `MikroTik-` and the last three bytes of the bridge's address, enabled
 * (pastebin cAP ac 6.45.8 export: admin-mac 11:22:33:44:55:66, ssid MikroTik-445566; the
 * wireless values of the same export; the wifi values of the Bagumka cAP ax LTE 7.21.1
 * export). Only home routers and access points set them.
 */
export function radioDefconf(board: Board, mac: MacOf): { path: string; sets: Records } | undefined {
  if (!board.radios || (board.defconf !== 'router' && board.defconf !== 'ap')) return undefined;
  const admin = mac(board.defconf === 'router' && board.ports.length > 1 ? 2 : 1);
  const ssid = `MikroTik-${admin.split(':').slice(3).join('')}`;
  if (board.radios.type === 'wlan') {
    const bands = board.radios.bands;
    return {
      path: 'interface/wireless',
      sets: board.radios.names.map((name, i) => {
        const five = bands[i] === '5ghz';
        return {
          'default-name': name, band: five ? '5ghz-a/n/ac' : '2ghz-b/g/n', 'channel-width': five ? '20/40/80mhz-XXXX' : '20/40mhz-XX',
          disabled: 'no', distance: 'indoors', frequency: 'auto', installation: 'indoor', mode: 'ap-bridge', ssid, 'wireless-protocol': '802.11',
        };
      }),
    };
  }
  return {
    path: 'interface/wifi',
    sets: board.radios.names.map((name) => ({
      'default-name': name, 'channel.skip-dfs-channels': '10min-cac', 'configuration.mode': 'ap', 'configuration.ssid': ssid, disabled: 'no',
      'security.authentication-types': 'wpa2-psk,wpa3-psk', 'security.ft': 'yes', 'security.ft-over-ds': 'yes',
    })),
  };
}

/** Every menu some board's default configuration writes. */
export const DEFCONF_MENUS: readonly string[] = [
  'interface/bridge', 'interface/bridge/port', 'interface/list', 'interface/list/member', 'ip/address', 'ip/pool',
  'ip/dhcp-server', 'ip/dhcp-server/network', 'ip/dhcp-client', 'ip/dns', 'ip/dns/static', 'ip/firewall/filter',
  'ip/firewall/nat', 'ip/neighbor/discovery-settings', 'ipv6/firewall/address-list', 'ipv6/firewall/filter',
  'tool/mac-server', 'tool/mac-server/mac-winbox', 'system/leds',
];
