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
];

export const NOTES = [];
