// The deliberate breaks `npm run mutate` applies (scripts/mutate.mjs), one at a time: each a
// search-and-replace edit of the product (the text to find must occur exactly once), the
// tests that should notice, and what a user would meet. The first ones are those issue 38
// found passing every test.

const RELEASES = ['test/tree/every-release.test.ts', 'test/tree/releases.test.ts'];

export const MUTATIONS = [
  // Issue 38's breaks.
  {
    name: 'tree-7.24-for-7.15-7.22-7.23',
    area: 'releases',
    why: '7.15, 7.22 and 7.23 run the 7.24 tree while /system/resource says their version',
    edits: [{ file: 'src/device/release.ts', find: 'const release = releaseFor(version);', replace: "const release = /^7\\.(15|22|23)(\\.|$)/.test(version) ? '7.24' : releaseFor(version);" }],
    tests: RELEASES,
  },
  {
    name: 'tree-7.24-for-7.15-unchecked',
    area: 'releases',
    why: 'the same for 7.15, with the boot-time check that the tree is the release\'s taken out: the release facts alone must notice',
    edits: [
      { file: 'src/device/release.ts', find: 'const release = releaseFor(version);', replace: "const release = /^7\\.15(\\.|$)/.test(version) ? '7.24' : releaseFor(version);" },
      { file: 'src/device/release.ts', find: 'if (minorOf(tree.version) !== minorOf(version)) throw', replace: 'if (false) throw' },
    ],
    tests: RELEASES,
  },
  {
    name: 'switch-defconf-without-address',
    area: 'boards',
    why: 'a CRS switch\'s default configuration drops 192.168.88.1/24 on its bridge',
    edits: [{ file: 'src/device/defconf.ts', find: "'interface/bridge/port': bridgePorts(board.ports),\n        'ip/address': LAN_ADDRESS('bridge'),", replace: "'interface/bridge/port': bridgePorts(board.ports)," }],
    tests: ['test/device/defconf-families.test.ts'],
  },
  // Boards.
  ...[
    ['router-bridge-mac-of-ether1', 'a home router\'s bridge takes the WAN port\'s MAC (and its radios\' SSID from it)', "'interface/bridge': bridge(mac(board.ports.length > 1 ? 2 : 1)),", "'interface/bridge': bridge(mac(1)),"],
    ['lte-wan-is-ether1', 'a board with a modem puts ether1, not lte1, in WAN', "const wan = board.lte ? 'lte1' : 'ether1';", "const wan = 'ether1';"],
    ['ccr-address-on-bridge', 'a CCR\'s 192.168.88.1/24 goes on a bridge it does not have', "return { 'ip/address': LAN_ADDRESS('ether1') };", "return { 'ip/address': LAN_ADDRESS('bridge') };"],
    ['chr-without-dhcp-client', 'a CHR boots with no DHCP client', "return { 'ip/dhcp-client': [{ interface: 'ether1' }] };", 'return {};'],
    ['bad-ipv6-comment-trimmed', 'the bad_ipv6 list\'s "discard only " loses the router\'s trailing space', "['100::/64', 'discard only ']", "['100::/64', 'discard only']"],
    ['wlan-5ghz-band', 'a 5 GHz wireless radio\'s defconf band becomes 5ghz-onlyac', "band: five ? '5ghz-a/n/ac' : '2ghz-b/g/n'", "band: five ? '5ghz-onlyac' : '2ghz-b/g/n'"],
  ].map(([name, why, find, replace]) => ({
    name, area: 'boards', why, edits: [{ file: 'src/device/defconf.ts', find, replace }],
    tests: ['test/device/defconf-families.test.ts', 'test/console/export.test.ts'],
  })),
  {
    name: 'cap-ac-access-point',
    area: 'boards',
    why: 'the cAP ac gets the access-point defconf (everything bridged, a DHCP client on the bridge) instead of its RouterMode',
    edits: [{ file: 'src/device/boards/wireless.ts', find: "bands: ['2ghz', '5ghz'] }, firmwareType: 'ipq4000L', factoryFirmware: '6.41', defconf: 'router'", replace: "bands: ['2ghz', '5ghz'] }, firmwareType: 'ipq4000L', factoryFirmware: '6.41', defconf: 'ap'" }],
    tests: ['test/device/defconf-families.test.ts'],
  },
];

export const NOTES = [];
