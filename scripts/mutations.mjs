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
  // Releases.
  {
    name: 'wireless-package-names-unchanged',
    area: 'releases',
    why: 'before 7.13 a board\'s wifi-qcom package keeps its 7.13 name instead of wifiwave2 (and its menus their 7.13 names)',
    edits: [{ file: 'src/device/packages.ts', find: "const rename = (name: string) => (before(release, '7.13') && name in BEFORE_7_13 ? BEFORE_7_13[name] : name);", replace: 'const rename = (name: string) => name;' }],
    tests: ['test/tree/releases.test.ts'],
  },
  {
    name: 'dns-type-a-in-every-export',
    area: 'releases',
    why: 'every release\'s export writes type=A on a plain DNS record, which only 7.16 and later do',
    edits: [{ file: 'src/device/version.ts', find: "'export-dns-type-a': '7.16',", replace: "'export-dns-type-a': '7.9'," }],
    tests: ['test/tree/every-release.test.ts'],
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
  // Issue 38's: a default the product gets wrong, a settings menu that stops answering, an :execute that starts nothing.
  {
    name: 'default-arp-timeout-1m',
    area: 'defaults',
    why: '/ip/settings arp-timeout defaults to 1m instead of the manual\'s 30s',
    edits: [{ file: 'src/menus/defaults.ts', find: "'arp-timeout': '30s', 'icmp-errors-use-inbound-interface-address'", replace: "'arp-timeout': '1m', 'icmp-errors-use-inbound-interface-address'" }],
    tests: ['test/tree/defaults.test.ts'],
  },
  {
    name: 'default-dhcp-lease-time-10m',
    area: 'defaults',
    why: 'a DHCP server added without lease-time shows 10m instead of the manual\'s 30m',
    edits: [{ file: 'src/menus/defaults.ts', find: "'insert-queue-before': 'first', 'lease-time': '30m',", replace: "'insert-queue-before': 'first', 'lease-time': '10m'," }],
    tests: ['test/tree/defaults.test.ts', 'test/tree/breadth.test.ts'],
  },
  {
    name: 'collection-defaults-lost',
    area: 'defaults',
    why: 'the community.routeros defaults are no longer read: generated menus print only what the manual gives',
    edits: [{ file: 'src/menus/defaults.ts', find: 'return collectionFile().defaults;', replace: 'return {};' }],
    tests: ['test/tree/collection-defaults.test.ts', 'test/tree/settings.test.ts'],
  },
  {
    name: 'upnp-a-package-menu',
    area: 'defaults',
    why: '/ip/upnp (routeros\'s own) is taken for the calea package\'s: a router without calea answers no such command for it',
    edits: [{ file: 'tree/routeros-7.24.json', find: '"packages":{"calea":["tool/calea"', replace: '"packages":{"calea":["ip/upnp","tool/calea"' }],
    tests: ['test/tree/settings.test.ts', 'test/api/ansible.test.ts'],
  },
  {
    name: 'execute-starts-nothing',
    area: 'console',
    why: ':execute answers a job id but starts no job',
    edits: [{ file: 'src/console/interpreter.ts', find: 'const jobId = this.host.background(source, {', replace: "const jobId: string = '*1'; if (jobId === '') this.host.background(source, {" }],
    tests: ['test/console/jobs.test.ts'],
  },
  {
    name: 'script-loop-never-yields',
    area: 'console',
    why: 'a script\'s time slice ends without letting others be answered: a loop freezes the router',
    edits: [{ file: 'src/console/interpreter.ts', find: 'await new Promise((r) => setImmediate(r));\n    this.sliceEnd', replace: 'this.sliceEnd' }],
    tests: ['test/console/jobs.test.ts'],
  },
  {
    name: 'export-wraps-at-90',
    area: 'console',
    why: 'exports are wrapped at 90 columns, not the router\'s',
    edits: [{ file: 'src/console/export.ts', find: 'const WIDTH = 77;', replace: 'const WIDTH = 90;' }],
    tests: ['test/console/export.test.ts'],
  },
  // REST.
  {
    name: 'rest-proplist-ignored',
    area: 'REST',
    why: 'a GET\'s .proplist is ignored: every field comes back',
    edits: [{ file: 'src/services/rest/handler.ts', find: "const proplist = params.find(([k]) => k === '.proplist')?.[1].split(',').filter(Boolean);", replace: 'const proplist: string[] | undefined = undefined;' }],
    tests: ['test/rest/query.test.ts', 'test/device/defconf-families.test.ts'],
  },
  {
    name: 'rest-unknown-parameter-words',
    area: 'REST',
    why: 'an argument the release lacks is refused as "unknown argument", not the router\'s "unknown parameter"',
    edits: [{ file: 'src/core/errors.ts', find: '`unknown parameter ${name}`', replace: '`unknown argument ${name}`' }],
    tests: ['test/tree/every-release.test.ts'],
  },
  {
    name: 'radius-menu-gone',
    area: 'REST',
    why: '/radius (a Terraform resource) is no longer in the tree: GET answers no such command',
    edits: [{ file: 'tree/routeros-7.24.json', find: '"radius":{"d"', replace: '"radius-x":{"d"' }],
    tests: ['test/tree/terraform-defaults.test.ts'],
  },
  // The API.
  {
    name: 'api-tag-dropped',
    area: 'API',
    why: 'the API forgets a sentence\'s .tag: tagged replies come back untagged',
    edits: [{ file: 'src/services/api/session.ts', find: 'out.tag = word.slice(5);', replace: "out.tag = word.slice(5) && undefined;" }],
    tests: ['test/api/protocol.test.ts'],
  },
  {
    name: 'api-empty-from-7.17',
    area: 'API',
    why: '!empty before !done from 7.17 instead of 7.18',
    edits: [{ file: 'src/device/version.ts', find: "'api-empty': '7.18',", replace: "'api-empty': '7.17'," }],
    tests: ['test/api/protocol.test.ts'],
  },
  // SSH.
  {
    name: 'ssh-bad-password-drops-connection',
    area: 'SSH',
    why: 'a wrong password ends the connection instead of refusing the login (ssh exits 255 either way)',
    edits: [{ file: 'src/services/ssh/server.ts', find: 'if (got) auth.accept(); else auth.reject(methods);', replace: 'if (got) auth.accept(); else client.end();' }],
    tests: ['test/services/ssh.test.ts'],
  },
  // The lab.
  {
    name: 'bgp-older-path-stays',
    area: 'lab',
    why: 'BGP keeps the path it had on a tie instead of taking the lower router id, then peer address',
    edits: [{ file: 'src/lab/routing/bgp.ts', find: "  return equalCost(a, b)\n    || ipToInt(a.from?.remoteId ?? '0.0.0.0') - ipToInt(b.from?.remoteId ?? '0.0.0.0')\n    || ipToInt(a.from?.remoteAddr ?? '0.0.0.0') - ipToInt(b.from?.remoteAddr ?? '0.0.0.0');", replace: '  return equalCost(a, b);' }],
    tests: ['test/lab/bgp.test.ts', 'test/lab/redist.test.ts'],
  },
  {
    name: 'vrrp-lower-priority-wins',
    area: 'lab',
    why: 'the VRRP member of lower priority becomes master',
    edits: [{ file: 'src/lab/routing/vrrp.ts', find: 'a.priority > b.priority || (a.priority === b.priority', replace: 'a.priority < b.priority || (a.priority === b.priority' }],
    tests: ['test/lab/vrrp.test.ts'],
  },
  {
    name: 'ospf-default-cost-10',
    area: 'lab',
    why: 'an OSPF interface template without cost costs 10 instead of 1',
    edits: [{ file: 'src/lab/routing/ospf-model.ts', find: 'cost: Number(t.values.cost ?? 1)', replace: 'cost: Number(t.values.cost ?? 10)' }],
    tests: ['test/lab/ospf.test.ts', 'test/lab/ospf-areas.test.ts'],
  },
  {
    name: 'firewall-accepts-everything',
    area: 'lab',
    why: 'the lab\'s firewall takes every packet whatever the rule\'s action',
    edits: [{ file: 'src/lab/firewall.ts', find: 'return { action, rule: row };', replace: "return { action: 'accept', rule: row };" }],
    tests: ['test/lab/firewall.test.ts', 'test/lab/chain.test.ts'],
  },
];

/** The end of bench/MUTATION.md: what was tried before settling on hand-written breaks. */
export const NOTES = [
  'Stryker (StrykerJS) was tried on this project (issue 38), on a scratch copy:',
  '',
  '- StrykerJS 10 needs Node ^22.18 or >=24.11; the project runs on Node 20, where 9.6.1 is the newest that installs.',
  '- There is no runner for Node\'s own test runner. The TAP runner (`@stryker-mutator/tap-runner`) works instead: it runs',
  '  the compiled tests (`dist/test/...test.js`) with node, which print TAP. The build command (`npx tsc -b`) compiles the',
  '  instrumented sources in Stryker\'s sandbox. For that sandbox the tests also need `../shared` beside it, and `typescript`',
  '  has to be where Stryker can load it.',
  '- Measured with `mutate: src/device/defconf.ts:85-135` against `dist/test/device/defconf-families.test.js`: 107 mutants',
  '  in 8 min 44 s (one test file, about 5 s a mutant). 92 were killed and 6 survived; the other 9 are the `ap` branch, which',
  '  no board runs since the cAP ac went to RouterMode. Survivors:',
  '  - the `ports.length > 1` choice of the bridge\'s MAC (no one-port home router is tested);',
  '  - the interface lists\' ids `*2000010` and `*2000011`;',
  '  - the `ap` case label.',
  '- Verdict: it fits as an occasional sweep of one file\'s operators. It does not fit as the check of `npm run mutate`.',
  '  The breaks issue 38 names are facts of data: a release\'s tree, a board\'s defconf address, a default, a quirk\'s',
  '  release, a job that never starts. None of them is a generic operator. A whole-suite run would also take days: about',
  '  3,000 mutants in src/, each running minutes of tests. So the check is the list above: search-and-replace edits of the',
  '  product in a scratch copy, each with the tests that must notice. Stryker is not a dependency: about 190 packages',
  '  for an optional sweep.',
];
