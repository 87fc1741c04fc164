// How the router's words read on screen: the same rules for every menu (acronyms in capitals,
// other words capitalised), so a new menu of the tree needs nothing here.

const ACRONYMS = new Set(('ip ipv6 dns dhcp ppp pppoe snmp ssh smb nat ntp vlan vrrp vxlan lte mpls bgp ospf rip upnp ups ' +
  'ipsec l2tp pptp sstp ovpn gre eoip eoipv6 ipip vpls tftp mac arp api rest crl scep id ttl mtu pim igmp ldp bfd romon ' +
  'radius lcd led gps sms usb poe sfp cpu ike www ftp http https tcp udp icmp nd ra ospfv3 rpki mqtt cdp lldp mndp sni ' +
  'doh dot mdns rx tx l2 l2mtu vrf apn dscp rtt arp mtu mss dns-over-https cap capsman qos dhcpv6 pd nat-pmp ipv4 dst src').split(' '));
const SPECIAL = { l2mtu: 'L2MTU', dhcpv6: 'DHCPv6', ipv4: 'IPv4', dst: 'Dst.', src: 'Src.', ipv6: 'IPv6', wifi: 'WiFi', ospfv3: 'OSPFv3', eoipv6: 'EoIPv6', eoip: 'EoIP', ipip: 'IPIP', capsman: 'CAPsMAN', romon: 'RoMON' };
/** The top-level directories read as the router's own menu does. */
const TOP = { interface: 'Interfaces', file: 'Files', queue: 'Queues', tool: 'Tools', certificate: 'Certificates', user: 'Users', partitions: 'Partitions' };

/** The order of the real WebFig's left-hand menu; directories it does not name follow, A to Z. */
const TOP_ORDER = ['interface', 'wireless', 'wifi', 'bridge', 'ppp', 'switch', 'mesh', 'ip', 'ipv6', 'mpls', 'routing',
  'system', 'queue', 'file', 'log', 'radius', 'tool', 'user', 'certificate'];

export function topOrder(names) {
  const rank = (n) => { const i = TOP_ORDER.indexOf(n); return i < 0 ? TOP_ORDER.length : i; };
  return [...names].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

function word(w) {
  if (SPECIAL[w]) return SPECIAL[w];
  if (ACRONYMS.has(w)) return w.toUpperCase();
  return w.charAt(0).toUpperCase() + w.slice(1);
}

/** A menu or field name for display: 'dhcp-server' -> 'DHCP Server'. */
export function label(name, topLevel = false) {
  if (topLevel && TOP[name]) return TOP[name];
  return name.split('-').map(word).join(' ');
}

/** A path as the console writes it: '/ip/address'. */
export const pathText = (path) => '/' + path.join('/');
