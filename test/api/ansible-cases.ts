// What test/api/ansible.test.ts gives community.routeros.api_modify: the common configuration
// of a small router, one entry list per path. Values are written as Ansible users write them
// for a real router (the collection compares what it sends with what librouteros reads back:
// numbers as numbers, booleans as booleans, rates in bits per second). Each group runs on its
// own inventory host, in order, so a group may name what an earlier case of it made; groups
// name only the default configuration's objects of one another.

export interface Case {
  /** The collection's path words (`ip address`). */
  path: string;
  /** The entries (one for a settings menu). Table entries get `comment: ansible` first, then `comment: null`. */
  data: Record<string, unknown>[];
}

const WG_PEER_KEY = 'Pz811nCCC66nhXax/y67cGg+/l0xSiDrjyl1VM6BShU=';

export const GROUPS: readonly (readonly Case[])[] = [
  // Interfaces: a bridge with a VLAN port, lists, tunnels.
  [
    { path: 'interface bridge', data: [{ name: 'br-lab', 'vlan-filtering': true }] },
    { path: 'interface vlan', data: [{ name: 'vlan100', 'vlan-id': 100, interface: 'ether1' }] },
    { path: 'interface bridge port', data: [{ bridge: 'br-lab', interface: 'vlan100', pvid: 100 }] },
    { path: 'interface bridge vlan', data: [{ bridge: 'br-lab', 'vlan-ids': 100, tagged: 'br-lab' }] },
    { path: 'interface list', data: [{ name: 'LAB' }] },
    { path: 'interface list member', data: [{ list: 'LAB', interface: 'vlan100' }] },
    { path: 'interface gre', data: [{ name: 'gre-lab', 'remote-address': '192.0.2.1', 'local-address': '0.0.0.0' }] },
    { path: 'interface wireguard', data: [{ name: 'wg-lab', 'listen-port': 13231 }] },
    { path: 'interface wireguard peers', data: [{ interface: 'wg-lab', 'public-key': WG_PEER_KEY, 'allowed-address': '10.200.0.2/32' }] },
    { path: 'ipv6 address', data: [{ address: 'fd00:1::1/64', interface: 'br-lab', advertise: false }] },
  ],
  // Addresses, DHCP, DNS, routes.
  [
    { path: 'ip address', data: [{ address: '10.1.1.1/24', interface: 'ether1' }] },
    { path: 'ip pool', data: [{ name: 'pool-lab', ranges: '10.1.1.100-10.1.1.200' }] },
    { path: 'ip dhcp-server', data: [{ name: 'dhcp-lab', interface: 'ether1', 'address-pool': 'pool-lab', 'lease-time': '1h' }] },
    { path: 'ip dhcp-server network', data: [{ address: '10.1.1.0/24', gateway: '10.1.1.1', 'dns-server': '10.1.1.1' }] },
    { path: 'ip dhcp-server lease', data: [{ server: 'dhcp-lab', address: '10.1.1.50', 'mac-address': '02:00:00:00:00:50' }] },
    { path: 'ip dns static', data: [{ name: 'nas.lab', address: '10.1.1.2' }] },
    { path: 'ip arp', data: [{ address: '10.1.1.77', 'mac-address': '02:00:00:00:00:77', interface: 'ether1' }] },
    { path: 'ip route', data: [{ 'dst-address': '10.50.0.0/16', gateway: '10.1.1.254' }] },
    { path: 'ip dns', data: [{ servers: '9.9.9.9', 'allow-remote-requests': true }] },
    { path: 'ip settings', data: [{ 'tcp-syncookies': true }] },
  ],
  // Firewall.
  [
    { path: 'ip firewall address-list', data: [{ list: 'blocked', address: '192.0.2.10' }] },
    { path: 'ip firewall filter', data: [{ chain: 'forward', action: 'drop', 'src-address-list': 'blocked' }] },
    { path: 'ip firewall nat', data: [{ chain: 'dstnat', action: 'dst-nat', protocol: 'tcp', 'dst-port': 8443, 'to-addresses': '10.1.1.2', 'to-ports': 443 }] },
    { path: 'ip firewall mangle', data: [{ chain: 'prerouting', action: 'mark-connection', 'new-connection-mark': 'cm-lab', passthrough: true }] },
    { path: 'ip firewall raw', data: [{ chain: 'prerouting', action: 'notrack', 'src-address': '10.9.9.0/24' }] },
    { path: 'ip firewall layer7-protocol', data: [{ name: 'l7-lab', regexp: '^.+(example).*$' }] },
    { path: 'ipv6 firewall address-list', data: [{ list: 'blocked6', address: '2001:db8::/32' }] },
  ],
  // Routing, queues, system, SNMP, NTP.
  [
    { path: 'routing ospf instance', data: [{ name: 'ospf-lab', 'router-id': '1.1.1.1' }] },
    { path: 'routing ospf area', data: [{ name: 'backbone-lab', instance: 'ospf-lab', 'area-id': '0.0.0.0' }] },
    { path: 'routing ospf interface-template', data: [{ area: 'backbone-lab', interfaces: 'ether1' }] },
    { path: 'interface eoip', data: [{ name: 'eoip-lab', 'remote-address': '192.0.2.9', 'tunnel-id': 9 }] },
    { path: 'queue tree', data: [{ name: 'qt-lab', parent: 'global', 'max-limit': 10000000 }] },
    { path: 'system script', data: [{ name: 'script-lab', source: ':log info lab' }] },
    { path: 'system scheduler', data: [{ name: 'sched-lab', interval: '1h', 'on-event': 'script-lab' }] },
    { path: 'snmp community', data: [{ name: 'lab-community', addresses: '10.1.1.0/24' }] },
    { path: 'snmp', data: [{ enabled: true, contact: 'noc@example.com', location: 'lab' }] },
    { path: 'system ntp client', data: [{ enabled: true, servers: '192.0.2.123' }] },
    { path: 'system logging action', data: [{ name: 'remote-lab', target: 'remote', remote: '192.0.2.5' }] },
    { path: 'system identity', data: [{ name: 'lab-router' }] },
    { path: 'ip service', data: [{ name: 'ftp', port: 2121 }] },
  ],
];
