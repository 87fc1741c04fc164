// What the generated menus show for a field nobody set: the default the RouterOS manual
// gives for it, or where the manual gives none, what real routers print when nothing was set
// (each menu's source is cited in docs/routeros-facts.md section 18). Values are
// in the form the router prints them (booleans true/false, times as the console writes
// them); test/tree/defaults.test.ts checks that each reads back as itself and names an
// argument the tree has. A field no source gives a default for, or one whose default
// depends on the board (RAM, model), is left out, not guessed.

import fs from 'node:fs';
import { ROOT } from '../paths.js';

export const DOCUMENTED_DEFAULTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  // "IP Settings" (manual: IPv4 and IPv6 Fundamentals > IP Settings). max-neighbor-entries and
  // ipv4-high-fragment-thresh depend on the RAM: left out.
  'ip/settings': {
    'ip-forward': 'true', 'send-redirects': 'true', 'accept-source-route': 'false', 'accept-redirects': 'false',
    'secure-redirects': 'true', 'rp-filter': 'no', 'tcp-syncookies': 'false', 'allow-fast-path': 'true',
    'arp-timeout': '30s', 'icmp-errors-use-inbound-interface-address': 'false', 'icmp-rate-limit': '10',
    'icmp-rate-mask': '0x1818', 'ipv4-fragment-time': '3', 'ipv4-multipath-hash-policy': 'l3', 'tcp-timestamps': 'random-offset',
  },
  // Same page, "IPv6 Settings". The neighbour-entry limits depend on the RAM; stale-neighbor-timeout's
  // printed form is not shown: left out.
  'ipv6/settings': {
    'accept-redirects': 'yes-if-forwarding-disabled', 'accept-router-advertisements': 'yes-if-forwarding-disabled',
    'accept-router-advertisements-on': 'all', 'disable-ipv6': 'false', forward: 'true', 'multipath-hash-policy': 'l3',
    'disable-link-local-address': 'false', 'allow-fast-path': 'true',
  },
  // "RADIUS" (manual: User Management > RADIUS, RADIUS Client; the Terraform provider's
  // resource_radius.go gives the same). /radius is refined by hand for its commands only.
  radius: {
    'accounting-backup': 'false', 'accounting-port': '1813', 'authentication-port': '1812', certificate: 'none',
    protocol: 'udp', timeout: '300ms',
  },
  // "DHCP" (manual: Network Management > DHCP, DHCP Client).
  'ip/dhcp-client': {
    'add-default-route': 'yes', 'allow-reconfigure': 'false', 'check-gateway': 'none', 'default-route-tables': 'default',
    dscp: '0', 'use-broadcast': 'both', 'use-peer-dns': 'true', 'use-peer-ntp': 'true', 'vlan-priority': '0',
  },
  // "DHCP Server" (manual: Network Management > DHCP, DHCP Server Properties). The manual's
  // defaults of allow-dual-stack-queue, always-broadcast, bootp-support, client-mac-limit,
  // conflict-detection, delay-threshold, dhcp-option-set, insert-queue-before, parent-queue,
  // relay, server-address and use-framed-as-classless are what the server does while they are
  // unset: a real 7.24.4 `export verbose` prints none of them, and community.routeros knows them
  // as values that can be absent (routeros-facts.md 50.4). Left out, so they print only once set.
  'ip/dhcp-server': {
    'add-arp': 'false', 'address-pool': 'static-only', authoritative: 'yes', 'bootp-lease-time': 'forever',
    'dynamic-lease-identifiers': 'client-id,client-mac', 'lease-time': '30m', 'support-broadband-tr101': 'false',
    'use-radius': 'no', 'use-reconfigure': 'false',
  },
  // Same page, Leases. address and mac-address identify the lease (always given): left out.
  'ip/dhcp-server/lease': {
    'allow-dual-stack-queue': 'true', 'always-broadcast': 'false', 'block-access': 'false', 'dhcp-option-set': 'none',
    'insert-queue-before': 'first', 'lease-time': '0s', 'parent-queue': 'none', 'use-src-mac': 'false',
  },
  // Same page, Network. netmask 0 (the pool's own) is absent until set, as the 7.24.4 export
  // verbose and community.routeros show (routeros-facts.md 50.4).
  'ip/dhcp-server/network': { 'dns-none': 'false', gateway: '0.0.0.0', 'ntp-none': 'false' },
  // "Neighbor discovery" (manual: System Information and Utilities > Neighbor discovery). lldp-med is
  // yes|no in the manual but an untyped argument in the 7.24 tree: left out.
  'ip/neighbor/discovery-settings': {
    'discover-interface-list': 'static', 'discover-interval': '30s', 'lldp-mac-phy-config': 'false',
    'lldp-max-frame-size': 'false', 'lldp-med-net-policy-vlan': 'disabled', 'lldp-vlan-info': 'false',
    mode: 'tx-and-rx', protocol: 'cdp,lldp,mndp', 'add-dns-entries': 'false', 'add-dns-entries-suffix': 'lan', 'dying-gasp': 'false',
  },
  // "Connection tracking" (manual: Firewall and Quality of Service > Connection tracking).
  'ip/firewall/connection/tracking': {
    enabled: 'auto', 'liberal-tcp-tracking': 'false', 'loose-tcp-tracking': 'true',
    'tcp-syn-sent-timeout': '5s', 'tcp-syn-received-timeout': '5s', 'tcp-established-timeout': '1d',
    'tcp-fin-wait-timeout': '10s', 'tcp-close-wait-timeout': '10s', 'tcp-last-ack-timeout': '10s',
    'tcp-time-wait-timeout': '10s', 'tcp-close-timeout': '10s', 'udp-timeout': '30s', 'udp-stream-timeout': '3m',
    'icmp-timeout': '10s', 'generic-timeout': '10m',
  },
  // "VRRP" (manual: High Availability Solutions > VRRP, Writable settings).
  'interface/vrrp': {
    arp: 'enabled', 'arp-timeout': 'auto', authentication: 'none', 'connection-tracking-mode': 'passive-active',
    'connection-tracking-port': '8275', 'group-authority': 'none', interval: '1s', 'preemption-mode': 'true',
    // priority (100) and vrid (1): declared with their types in interface/vrrp.ts.
    'sync-connection-tracking': 'false', 'v3-protocol': 'ipv4', version: '3',
  },
  // "RoMON" (manual: Management tools > RoMON).
  'tool/romon': { enabled: 'false', id: '00:00:00:00:00:00' },
  // "Cloud" (manual: Network Management > Cloud): ddns-enabled is auto since 7.17.
  // back-to-home-vpn (ARM and ARM64 boards): export verbose of a CRS310-8G+2S+ 7.18.2 and other 7.x boards.
  'ip/cloud': { 'ddns-enabled': 'auto', 'ddns-update-interval': 'none', 'update-time': 'true', 'back-to-home-vpn': 'revoked-and-disabled' },
  // "SOCKS" (manual: Network Management > SOCKS).
  'ip/socks': {
    enabled: 'false', port: '1080', 'connection-idle-timeout': '2m', 'max-connections': '200', 'auth-method': 'none', version: '4', vrf: 'main',
  },
  // "Proxy" (manual: Network Management > Proxy, Reference > General). parent-proxy and src-address:
  // the manual's own prints disagree (0.0.0.0 or ::): left out.
  'ip/proxy': {
    'always-from-cache': 'false', anonymous: 'false', 'cache-administrator': 'webmaster', 'cache-hit-dscp': '4',
    'cache-on-disk': 'false', 'cache-path': 'web-proxy', 'max-cache-object-size': '2048KiB', 'max-cache-size': 'unlimited',
    'max-client-connections': '600', 'max-server-connections': '600', 'max-fresh-time': '3d',
    'parent-proxy-port': '0', port: '8080', 'serialize-connections': 'false', enabled: 'false', 'parent-proxy': '::', 'src-address': '::',
  },
  // "SNMP" (manual: Diagnostics, monitoring and troubleshooting > SNMP, General Properties).
  'snmp': {
    enabled: 'false', contact: '', location: '', 'engine-id-suffix': '', 'trap-community': 'public',
    'trap-version': '1', 'src-address': '::', vrf: 'main', 'trap-generators': 'temp-exception', 'trap-target': '', 'trap-interfaces': '',
  },
  // "Watchdog" (manual: Diagnostics, monitoring and troubleshooting > Watchdog).
  'system/watchdog': {
    'auto-send-supout': 'false', 'automatic-supout': 'true', 'ping-timeout': '1m', 'watchdog-timer': 'true', 'ping-start-after-boot': '5m',
    'watch-address': 'none',
  },
  // "Traffic Flow" (manual: Diagnostics, monitoring and troubleshooting > Traffic Flow, General).
  'ip/traffic-flow': {
    interfaces: 'all', 'cache-entries': '4k', 'active-flow-timeout': '30m', 'inactive-flow-timeout': '15s',
    'packet-sampling': 'false', 'sampling-interval': '0', 'sampling-space': '0', enabled: 'false',
  },
  // Menus whose manual pages give no defaults: what real 7.x routers print when nothing was set
  // (docs/routeros-facts.md section 18 names each print: `export verbose` of 7.24.4 and 7.19.6,
  // REST prints kept by terraform-provider-routeros).
  'ip/ssh': {
    ciphers: 'auto', 'forwarding-enabled': 'no', 'host-key-size': '2048', 'host-key-type': 'rsa',
    'password-authentication': 'yes-if-no-key', 'publickey-authentication-options': 'none', 'strong-crypto': 'false',
  },
  'system/ntp/client': { enabled: 'false', mode: 'unicast', servers: '', vrf: 'main' },
  'system/ntp/server': {
    'auth-key': 'none', broadcast: 'false', 'broadcast-addresses': '', enabled: 'false', 'local-clock-stratum': '5',
    manycast: 'false', multicast: 'false', 'use-local-clock': 'false', vrf: 'main',
  },
  'ip/upnp': { 'allow-disable-external-interface': 'false', enabled: 'false', 'show-dummy-rule': 'true' },
  // Without the default configuration (which sets LAN, as for neighbour discovery).
  'tool/mac-server': { 'allowed-interface-list': 'all' },
  'tool/mac-server/mac-winbox': { 'allowed-interface-list': 'all' },
  'tool/mac-server/ping': { enabled: 'true' },
  'ip/smb': { comment: 'MikrotikSMB', domain: 'MSHOME', enabled: 'auto', interfaces: 'all' },
  // What three boards agree on (an RB5009UPr+S+ 7.19.6 export verbose prints these and
  // boot-device); the settings only some boards have (src/device/boards/features.ts) with the
  // manual's defaults ("RouterBOARD", Settings). cpu-frequency and memory-frequency depend on
  // the model: left out.
  'system/routerboard/settings': {
    'auto-upgrade': 'false', 'boot-protocol': 'bootp', 'force-backup-booter': 'false', 'preboot-etherboot': 'disabled',
    'preboot-etherboot-server': 'any', 'protected-routerboot': 'disabled', 'reformat-hold-button': '20s',
    'reformat-hold-button-max': '10m', 'silent-boot': 'false', 'boot-device': 'nand-if-fail-then-ethernet',
    'baud-rate': '115200', 'boot-delay': '2s', 'enter-setup-on': 'delete-key', 'boot-os': 'router-os', 'cpu-mode': 'power-save',
    'enable-jumper-reset': 'true', 'regulatory-domain-ce': 'false', 'disable-pci': 'false', 'preferred-architecture': 'arm32',
    'gpio-function': 'serial1',
  },
  'queue/simple': {
    'bucket-size': '0.1/0.1', 'burst-limit': '0/0', 'burst-threshold': '0/0', 'burst-time': '0s/0s', 'limit-at': '0/0',
    'max-limit': '0/0', 'packet-marks': '', parent: 'none', priority: '8/8', queue: 'default-small/default-small',
  },
  'queue/tree': {
    'bucket-size': '0.1', 'burst-limit': '0', 'burst-threshold': '0', 'burst-time': '0s', 'limit-at': '0', 'max-limit': '0',
    'packet-mark': '', priority: '8', queue: 'default-small',
  },
  'interface/bridge/vlan': { tagged: '', untagged: '' },
  // OSPF (manual: Routing > OSPF gives hello 10s and dead 40s; the rest as terraform-provider-routeros has them).
  'routing/ospf/instance': { 'originate-default': 'never', 'router-id': 'main', version: '2', vrf: 'main' },
  'routing/ospf/area': { 'area-id': '0.0.0.0', type: 'default' },
  'routing/ospf/interface-template': {
    cost: '1', 'dead-interval': '40s', 'hello-interval': '10s', 'instance-id': '0', priority: '128',
    'retransmit-interval': '5s', 'transmit-delay': '1s', type: 'broadcast',
  },
  // BGP (terraform-provider-routeros' schema; its keepalive-time 3m, which a 7.18.2 `export verbose` also
  // writes, comes from tree/defaults/terraform-routeros.json).
  'routing/bgp/connection': { connect: 'true', listen: 'true', 'nexthop-choice': 'default' },
  // IPsec: a peer's exchange mode, profile and initial contact as exports leave them out.
  'ip/ipsec/peer': { 'exchange-mode': 'main', profile: 'default', 'send-initial-contact': 'true' },
  // The values of the own `default` profile and proposal (own-records.ts, the manual's IPsec page)
  // are those of every profile and proposal added without them.
  'ip/ipsec/profile': {
    'dh-group': 'modp2048,modp1024', 'dpd-interval': '8s', 'dpd-maximum-failures': '4', 'enc-algorithm': 'aes-128,3des',
    'hash-algorithm': 'sha1', lifetime: '1d', 'nat-traversal': 'true', ppk: 'no', 'proposal-check': 'obey',
  },
  'ip/ipsec/proposal': {
    'auth-algorithms': 'sha1', 'enc-algorithms': 'aes-256-cbc,aes-192-cbc,aes-128-cbc', lifetime: '30m', 'pfs-group': 'modp1024',
  },
  // IPsec identities (manual 1.15.5, Identities; T's REST print of an identity given only its
  // peer and secret shows these two and none of the others, so my-id, remote-id, match-by,
  // mode-config, policy-template-group and eap-methods are left out).
  'ip/ipsec/identity': { 'auth-method': 'pre-shared-key', 'generate-policy': 'no' },
  // A wireless security profile added by name: what the 7.13.3 verbose export X prints for one
  // (and 6.x verbose exports for the own `default`). supplicant-identity is the router's
  // identity on `default` and empty on X's added one: left out.
  'interface/wireless/security-profiles': {
    'authentication-types': '', 'disable-pmkid': 'false', 'eap-methods': 'passthrough', 'group-ciphers': 'aes-ccm',
    'group-key-update': '5m', 'interim-update': '0s', 'management-protection': 'disabled', 'management-protection-key': '',
    mode: 'none', 'mschapv2-password': '', 'mschapv2-username': '', 'radius-called-format': 'mac:ssid',
    'radius-eap-accounting': 'false', 'radius-mac-accounting': 'false', 'radius-mac-authentication': 'false',
    'radius-mac-caching': 'disabled', 'radius-mac-format': 'XX:XX:XX:XX:XX:XX', 'radius-mac-mode': 'as-username',
    'static-algo-0': 'none', 'static-algo-1': 'none', 'static-algo-2': 'none', 'static-algo-3': 'none',
    'static-key-0': '', 'static-key-1': '', 'static-key-2': '', 'static-key-3': '', 'static-sta-private-algo': 'none',
    'static-sta-private-key': '', 'static-transmit-key': 'key-0', 'tls-certificate': 'none', 'tls-mode': 'no-certificates',
    'unicast-ciphers': 'aes-ccm', 'wpa-pre-shared-key': '', 'wpa2-pre-shared-key': '',
  },
  // Wireless radios and virtual APs: what verbose exports of three boards (X 7.13.3, and 6.48.1
  // and 6.43.8) agree on where they have the field (6.x named secondary-frequency
  // secondary-channel; 6.43.8 has no skip-dfs-channels). Whatever depends on the radio, band or country (band,
  // channel-width, country, frequency, frequency-mode, antenna-gain, distance, the b and vht
  // rates, chains, l2mtu, mac-address, radio-name, ssid) and what the three disagree on
  // (station-roaming, wps-mode) are left out.
  'interface/wireless': {
    'adaptive-noise-immunity': 'none', 'allow-sharedkey': 'false', 'ampdu-priorities': '0', 'amsdu-limit': '8192',
    'amsdu-threshold': '8192', area: '', arp: 'enabled', 'arp-timeout': 'auto', 'basic-rates-a/g': '6Mbps',
    'bridge-mode': 'enabled', compression: 'false', 'default-ap-tx-limit': '0', 'default-authentication': 'true',
    'default-client-tx-limit': '0', 'default-forwarding': 'true', 'disable-running-check': 'false', 'disconnect-timeout': '3s',
    'frame-lifetime': '0', 'frequency-offset': '0', 'guard-interval': 'any', 'hide-ssid': 'false',
    'ht-basic-mcs': 'mcs-0,mcs-1,mcs-2,mcs-3,mcs-4,mcs-5,mcs-6,mcs-7',
    'ht-supported-mcs': 'mcs-0,mcs-1,mcs-2,mcs-3,mcs-4,mcs-5,mcs-6,mcs-7,mcs-8,mcs-9,mcs-10,mcs-11,mcs-12,mcs-13,mcs-14,mcs-15,mcs-16,mcs-17,mcs-18,mcs-19,mcs-20,mcs-21,mcs-22,mcs-23',
    'hw-fragmentation-threshold': 'disabled', 'hw-protection-mode': 'none', 'hw-protection-threshold': '0', 'hw-retries': '7',
    installation: 'any', 'interworking-profile': 'disabled', 'keepalive-frames': 'enabled', 'max-station-count': '2007',
    mode: 'station', mtu: '1500', 'multicast-buffering': 'enabled', 'multicast-helper': 'default', 'nv2-cell-radius': '30',
    'nv2-downlink-ratio': '50', 'nv2-mode': 'dynamic-downlink', 'nv2-preshared-key': '', 'nv2-qos': 'default',
    'nv2-queue-count': '2', 'nv2-security': 'disabled', 'nv2-sync-secret': '', 'on-fail-retry-time': '100ms',
    'preamble-mode': 'both', 'rate-selection': 'advanced', 'rate-set': 'default', 'scan-list': 'default',
    'secondary-frequency': '', 'security-profile': 'default', 'skip-dfs-channels': 'disabled', 'station-bridge-clone-mac': '00:00:00:00:00:00',
    'supported-rates-a/g': '6Mbps,9Mbps,12Mbps,18Mbps,24Mbps,36Mbps,48Mbps,54Mbps', 'tdma-period-size': '2',
    'tx-power-mode': 'default', 'update-stats-interval': 'disabled', 'vlan-id': '1', 'vlan-mode': 'no-tag',
    'wds-cost-range': '50-150', 'wds-default-bridge': 'none', 'wds-default-cost': '100', 'wds-ignore-ssid': 'false',
    'wds-mode': 'disabled', 'wireless-protocol': 'any', 'wmm-support': 'disabled',
  },
  // WiFi interfaces: T's REST print shows arp and arp-timeout but no configuration.*, security.*
  // or channel.* field nobody set, so those are left out.
  'interface/wifi': { arp: 'enabled', 'arp-timeout': 'auto' },
  // Settings menus nobody changed, as the 7.24.4 verbose export V prints them (W 7.19.6 and X
  // 7.13.3 agree on every field they have, save what W's default configuration or owner set).
  // Passwords and secrets (e-mail password, l2tp-server ipsec-secret) are not printed: left out.
  // So are values the tree's type for the argument cannot read (the sniffer's streaming-server
  // 0.0.0.0:37008 for an `A.B.C.D` argument, the DHCP config's store-leases-disk 5m for one
  // offering only immediately|never).
  // certificate-verification: V prints no, but a 7.21 compact export of the corpus writes
  // `certificate-verification=no` as a change: left out.
  'tool/e-mail': { from: '<>', port: '25', server: '0.0.0.0', tls: 'no', user: '', vrf: 'main' },
  'tool/sniffer': {
    'file-limit': '1000KiB', 'file-name': '', 'filter-cpu': '', 'filter-direction': 'any', 'filter-dst-ip-address': '',
    'filter-dst-ipv6-address': '', 'filter-dst-mac-address': '', 'filter-dst-port': '', 'filter-interface': '',
    'filter-ip-address': '', 'filter-ip-protocol': '', 'filter-ipv6-address': '', 'filter-mac-address': '',
    'filter-mac-protocol': '', 'filter-operator-between-entries': 'or', 'filter-port': '', 'filter-size': '',
    'filter-src-ip-address': '', 'filter-src-ipv6-address': '', 'filter-src-mac-address': '', 'filter-src-port': '',
    'filter-stream': 'false', 'filter-vlan': '', 'max-packet-size': '2048', 'memory-limit': '100KiB', 'memory-scroll': 'true',
    'only-headers': 'false', 'quick-rows': '20', 'quick-show-frame': 'false', 'streaming-enabled': 'false',
    'streaming-server': '0.0.0.0:37008',
  },
  // Without the default configuration (W's, which shares USB disks on the bridge, sets the first three).
  'disk/settings': {
    'auto-media-interface': 'none', 'auto-media-sharing': 'false', 'auto-smb-sharing': 'false', 'auto-smb-user': 'guest',
    'default-mount-point-template': '[slot]',
  },
  'certificate/settings': { 'builtin-trust-store': 'default', 'crl-download': 'false', 'crl-store': 'ram', 'crl-use': 'false' },
  'tool/graphing': { 'page-refresh': '300', 'store-every': '5min' },
  'mpls/settings': { 'allow-fast-path': 'true', 'dynamic-label-range': '16-1048575', 'propagate-ttl': 'true' },
  'ipv6/nd/prefix/default': { autonomous: 'true', 'dhcp6-pd-preferred': 'false', 'preferred-lifetime': '1w', 'valid-lifetime': '4w2d' },
  'system/leds/settings': { 'all-leds-off': 'never' },
  'system/routerboard/mode-button': { enabled: 'false', 'hold-time': '0s..1m', 'on-event': '' },
  'system/routerboard/reset-button': { enabled: 'false', 'hold-time': '0s..1m', 'on-event': '' },
  'interface/bridge/settings': {
    'allow-fast-path': 'true', 'use-ip-firewall': 'false', 'use-ip-firewall-for-pppoe': 'false', 'use-ip-firewall-for-vlan': 'false',
  },
  'interface/detect-internet': {
    'detect-interface-list': 'none', 'internet-interface-list': 'none', 'lan-interface-list': 'none', 'request-interval': '2m',
    'wan-interface-list': 'none',
  },
  // l2tpv3-ether-interface-list is printed unset (`!l2tpv3-ether-interface-list`): left out.
  'interface/l2tp-server/server': {
    'accept-proto-version': 'all', 'accept-pseudowire-type': 'all', 'allow-fast-path': 'false',
    authentication: 'pap,chap,mschap1,mschap2', 'caller-id-type': 'ip-address', 'default-profile': 'default-encryption',
    enabled: 'false', 'keepalive-timeout': '30', 'l2tpv3-circuit-id': '', 'l2tpv3-cookie-length': '0', 'l2tpv3-digest-hash': 'md5',
    'max-mru': '1450', 'max-mtu': '1450', 'max-sessions': 'unlimited', mrru: 'disabled', 'one-session-per-host': 'false',
    'use-ipsec': 'no',
  },
  'ip/dhcp-server/config': { accounting: 'true', 'interim-update': '0s', 'radius-password': 'empty', 'store-leases-disk': '5m' },
  'ip/tftp/settings': { 'max-block-size': '4096' },
  // X (7.13.3, wireless package; V and W have none) and T's `Default:` values for the manager.
  'caps-man/manager': {
    'ca-certificate': 'none', certificate: 'none', enabled: 'false', 'package-path': '', 'require-peer-certificate': 'false',
    'upgrade-policy': 'none',
  },
  'interface/wireless/cap': {
    bridge: 'none', 'caps-man-addresses': '', 'caps-man-certificate-common-names': '', 'caps-man-names': '', certificate: 'none',
    'discovery-interfaces': '', enabled: 'false', interfaces: '', 'lock-to-caps-man': 'false', 'static-virtual': 'false',
  },
  // A PPP profile added by name: V's added profile shows these where its owner set nothing
  // (change-tcp-mss `default`, where the own `default` and `default-encryption` have yes).
  // use-encryption (yes on V's added profile, likely set) is left out.
  'ppp/profile': {
    'address-list': '', 'bridge-learning': 'default', 'change-tcp-mss': 'default', 'on-down': '', 'on-up': '', 'only-one': 'default',
    'use-compression': 'default', 'use-ipv6': 'yes', 'use-mpls': 'default', 'use-upnp': 'default',
  },
  // Issue 23: the settings menus V (7.24.4 `export verbose`, docs/routeros-facts.md section 18)
  // prints that were still shown empty or thin, as V writes them (yes/no as true/false where the
  // argument is a boolean). Where V and the collection's data disagree V wins: it is 7.24.
  'console/settings': { 'log-script-errors': 'true', 'sanitize-names': 'false', 'tab-width': '4' },
  'ip/nat-pmp': { enabled: 'false' },
  'routing/igmp-proxy': { 'query-interval': '2m5s', 'query-response-interval': '10s', 'quick-leave': 'false' },
  'routing/settings': {
    'check-gateway-ping-count': '2', 'check-gateway-ping-interval': '10s', 'check-gateway-ping-timeout': '1s',
    'policy-rules': 'mangle,vrf-lookup,vrf-unreach,local,user,main', 'single-process': 'false',
  },
  'user/settings': { 'minimum-categories': '0', 'minimum-password-length': '0' },
  'interface/lte/settings': { 'esim-channel': 'auto', 'firmware-path': 'firmware', 'link-recovery-timer': '120', mode: 'auto' },
  'interface/wifi/cap': { enabled: 'false' },
  'interface/wifi/capsman': { enabled: 'false' },
  'ip/media/settings': { thumbnails: '' },
  'ipv6/nd/settings': { 'router-advertisement-ignored-options': '', 'router-advertisement-route-distance': '1' },
  'system/package/local-update/mirror': { 'check-interval': '1d', enabled: 'false', 'primary-server': '::', 'secondary-server': '::', user: '' },
  'system/resource/hardware/usb-settings': { authorization: 'false' },
  'user/aaa': { accounting: 'true', 'default-group': 'read', 'exclude-groups': '', 'interim-update': '0s', 'use-radius': 'false' },
  'ppp/aaa': {
    accounting: 'true', 'enable-ipv6-accounting': 'false', 'interim-update': '0s', 'use-circuit-id-in-nas-port-id': 'false', 'use-radius': 'false',
  },
  'radius/incoming': { accept: 'false', port: '3799', vrf: 'main' },
  'ip/ipsec/settings': { accounting: 'true', 'ddos-cookie-threshold': '20', 'interim-update': '0s', 'xauth-use-radius': 'false' },
  'ip/cloud/advanced': { 'use-local-address': 'false' },
  'system/clock/manual': { 'dst-delta': '+00:00', 'dst-end': '1970-01-01 00:00:00', 'dst-start': '1970-01-01 00:00:00', 'time-zone': '+00:00' },
  'tool/sms': {
    'allowed-number': '', channel: '0', polling: 'false', port: 'none', 'receive-enabled': 'false', 'remove-sent-sms-after-send': 'false',
    'sms-storage': 'sim',
  },
  'tool/traffic-generator': { 'latency-distribution-max': '100us', 'measure-out-of-order': 'false', 'stats-samples-to-keep': '100', 'test-id': '0' },
  'interface/pptp-server/server': {
    authentication: 'mschap1,mschap2', 'default-profile': 'default-encryption', enabled: 'false', 'keepalive-timeout': '30',
    'max-mru': '1450', 'max-mtu': '1450', mrru: 'disabled',
  },
  'interface/sstp-server/server': {
    authentication: 'pap,chap,mschap1,mschap2', certificate: 'none', ciphers: 'aes256-sha,aes256-gcm-sha384', 'default-profile': 'default',
    enabled: 'false', 'keepalive-timeout': '60', 'max-mru': '1500', 'max-mtu': '1500', mrru: 'disabled', pfs: 'no', port: '443',
    'tls-version': 'any', 'verify-client-certificate': 'false',
  },
  // Issue 23, the settings menus of the extra packages (docs/routeros-facts.md section 23, "Settings
  // of every package"): a 7.17.2 `export verbose` (console screen), the manual's App page (app
  // settings; disk, paths, bridge and router-ip are detected from the board: left out), T's REST
  // prints (wps-button, user-manager; passwords and the PayPal signature left out), C (wireless
  // align and sniffer, which the collection's 7.24 filter drops as the base tree lacks them).
  'system/console/screen': { 'blank-interval': '10min', 'line-count': '25' },
  // A RouterOS 7 `export verbose` (its clock manual writes 7.10's `1970-01-01 00:00:00`); the two
  // passwords are not printed: left out.
  'tr069-client': {
    'acs-url': '', 'check-certificate': 'true', 'client-certificate': 'none', 'connection-request-port': '7547',
    'connection-request-username': '', enabled: 'false', 'periodic-inform-enabled': 'true', 'periodic-inform-interval': '1d',
    'provisioning-code': '', username: '',
  },
  // The only print of an untouched Dude: a 6.45.9 `export verbose` (the package's arguments are the same in 7.24).
  dude: { 'data-directory': 'dude', enabled: 'false' },
  // Manual "GPS" (Configuration Properties). Its coordinate-format default reads `no`, not one of
  // dd|dms|ddmm, and init-channel, init-string and port show none: left out.
  'system/gps': { channel: '0', enabled: 'false', 'set-system-time': 'false' },
  'app/settings': { 'app-store-urls': '', 'auto-update': 'false', 'registry-mirrors': '', 'show-in-webfig': 'true' },
  'system/routerboard/wps-button': { enabled: 'false', 'hold-time': '0s..1m', 'on-event': '' },
  'user-manager': {
    'accounting-port': '1813', 'authentication-port': '1812', certificate: 'none', enabled: 'false', 'use-profiles': 'false',
  },
  // Where the database lives: `/flash/user-manager5` on a board with a `flash` directory (the
  // Terraform provider's print), in the root elsewhere; no vrouter board has one (section 23.6).
  'user-manager/database': { 'db-path': 'user-manager5' },
  'user-manager/advanced': {
    'paypal-allow': 'false', 'paypal-currency': 'USD', 'paypal-use-sandbox': 'false', 'paypal-user': '', 'web-private-username': '',
  },
  'interface/wireless/align': {
    'active-mode': 'true', 'audio-max': '-20', 'audio-min': '-100', 'audio-monitor': '00:00:00:00:00:00',
    'filter-mac': '00:00:00:00:00:00', 'frame-size': '300', 'frames-per-second': '25', 'receive-all': 'false', 'ssid-all': 'false',
  },
  // Issue 23 stop 29 (docs/routeros-facts.md section 23.5). A real `/container/config/print` on an
  // ax3: `layer-dir:` empty (an unset text prints empty), `memory-high: unlimited`; the password is
  // sensitive and not printed. memory-max: `unlimited` when not set (the Terraform provider's
  // container memory_max: "the device reports `unlimited` when it is not set"); swap-max: no source.
  'container/config': {
    'layer-dir': '', 'memory-high': 'unlimited', 'memory-max': 'unlimited', 'registry-url': '', tmpdir: '', username: '',
  },
  // Manual "Wiliot" and its `/iot wiliot configuration print` of a gateway not yet enabled:
  // advertiser and scanner bt1, spoof-gps no, lat and long empty, server `Wiliot US East`,
  // wi-fi none, features gateway; token-refresh-handicap 3600 (in 7.24 under options).
  'iot/wiliot': {
    advertiser: 'bt1', features: 'gateway', lat: '', long: '', scanner: 'bt1', server: 'Wiliot US East', 'spoof-gps': 'false', 'wi-fi': 'none',
  },
  'iot/wiliot/options': { 'token-refresh-handicap': '3600' },
  // Manual "LoRa", Traffic: crc-errors "Set to no to discard packets that have crc error status",
  // and its traffic print lists such packets: yes until set. pckt-limit (10...1024): no default given.
  'iot/lora/traffic/options': { 'crc-errors': 'true' },
  // The manual's CLI reference, /file/rsync-daemon: enabled "Default: no".
  'file/rsync-daemon': { enabled: 'false' },
  // An unset text prints empty (section 23.5): no directory is set on a new router.
  'tool/netinstall/settings': { 'cache-directory': '' },
  'interface/wireless/sniffer': {
    'channel-time': '200ms', 'file-limit': '10', 'file-name': '', 'memory-limit': '10', 'multiple-channels': 'false',
    'only-headers': 'false', 'receive-errors': 'false', 'streaming-enabled': 'false', 'streaming-max-rate': '0', 'streaming-server': '0.0.0.0',
  },
};

/**
 * What a settings menu with no argument to set shows on a new router (docs/routeros-facts.md
 * section 23.5): `/safe-mode print` writes `enabled` and `current`, and `user` and `owner` only
 * while safe mode is held, which vrouter never does. Each menu's fields in the order the router
 * prints them: the console writes them so (`enabled` first).
 */
export const SHOWN_STATUS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'safe-mode': { enabled: 'false', current: 'false' },
};

/**
 * The defaults community.routeros records for each path (its `_api_data.py`, written from
 * real `/export verbose` outputs), as scripts/defaults.mjs keeps them: only where the 7.24
 * tree has the argument and the value reads back as itself. The manual and the prints above
 * win where both give one (the collection's data is partly of older releases).
 */
export const COLLECTION_FILE = new URL('tree/defaults/community-routeros.json', ROOT);
interface CollectionFile {
  defaults: Record<string, Record<string, string>>;
  /** The fields `add` cannot go without, by path. */
  required: Record<string, string[]>;
}
let collection: CollectionFile | undefined;
const collectionFile = () => (collection ??= JSON.parse(fs.readFileSync(COLLECTION_FILE, 'utf8')) as CollectionFile);
export function collectionDefaults(): Readonly<Record<string, Readonly<Record<string, string>>>> {
  return collectionFile().defaults;
}
export function collectionRequired(): Readonly<Record<string, readonly string[]>> {
  return collectionFile().required;
}

/**
 * The `Default:` values of the Terraform provider's resource schemas (terraform-routeros/
 * terraform-provider-routeros, whose CRUD sends each one), as scripts/terraform-defaults.mjs keeps
 * them: only where the 7.24 tree has the argument and the value reads back as itself. Below the
 * collection: both come from real prints, the collection's per path from `export verbose`
 * (docs/routeros-facts.md section 23.3 lists where they disagree).
 */
export const TERRAFORM_FILE = new URL('tree/defaults/terraform-routeros.json', ROOT);
let terraform: Record<string, Record<string, string>> | undefined;
export function terraformDefaults(): Readonly<Record<string, Readonly<Record<string, string>>>> {
  return (terraform ??= (JSON.parse(fs.readFileSync(TERRAFORM_FILE, 'utf8')) as { defaults: Record<string, Record<string, string>> }).defaults);
}

/**
 * The default a generated field shows: the manual's and the real prints' above, then the
 * collection's, then the Terraform provider's. A menu declared by hand (`handDeclared`) takes only
 * the table above: its declaration was written against real prints, which the clients' older data
 * should not overrule.
 */
/**
 * Fields a real print leaves out until they are set, though another source gives them a
 * default: the Terraform provider sends `netmask=0` with every DHCP network it makes, but a
 * real 7.24.4 `export verbose` prints no netmask and community.routeros knows it as a value
 * that can be absent, set to 0 to remove it (routeros-facts.md 50.4).
 */
const ABSENT_UNTIL_SET: Readonly<Record<string, ReadonlySet<string>>> = {
  'ip/dhcp-server/network': new Set(['netmask']),
};

export function documentedDefault(path: string, name: string, handDeclared = false): string | undefined {
  if (ABSENT_UNTIL_SET[path]?.has(name)) return undefined;
  return DOCUMENTED_DEFAULTS[path]?.[name]
    ?? (handDeclared ? undefined : collectionDefaults()[path]?.[name] ?? terraformDefaults()[path]?.[name]);
}
