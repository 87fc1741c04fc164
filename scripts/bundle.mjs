// The `vrouter` program as it runs: the modules tsc wrote to dist/src, bundled by esbuild into
// dist/vrouter/. Node loads the 190 modules of a start one by one (each resolved, read, compiled
// and linked as its own ES module), about a fifth of the time from spawn to the first answer;
// one bundle takes most of that out, and V8's code cache of it most of the compiling that is
// left (src/code-cache.ts, bench/PROFILE.md, start-up).
// - `vrouter-HASH.cjs`: the whole program (src/cli.ts and all it imports, the lab, ssh2's
//   server and the console among them) as one CommonJS file, which V8 can compile from a cache
//   (ES modules it cannot, on Node 20). Named by its content: its cache (`.cache`, written by
//   scripts/code-cache.mjs) is named after it, and never outlives it.
//   It is told the names of the older releases' trees the build made whole (scripts/trees.mjs).
// - `cli.js` (package.json "bin") and `entry.js` (the container's, Containerfile): the launcher
//   (src/launch.ts), each told the bundle's name; CommonJS too, as `package.json` beside them says.
// The packages in node_modules stay outside, required from there, but for better-sqlite3's
// JavaScript (its native part is named to it: src/core/store.ts) and ipaddr.js.
// Tests that import the modules use dist/src itself; what starts `vrouter` runs this.

import { build } from 'esbuild';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'dist', 'vrouter');
// The packages stay in node_modules, required from there, but for the two every start
// loads (better-sqlite3's JavaScript, ipaddr.js): in the bundle they are compiled from its cache.
const { dependencies } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const BUNDLED = ['better-sqlite3', 'ipaddr.js'];
const external = Object.keys(dependencies).filter((name) => !BUNDLED.includes(name));
const common = { absWorkingDir: root, outdir: 'dist/vrouter', bundle: true, platform: 'node', target: 'node20', external, write: false, logLevel: 'warning' };

// esbuild's `__toESM` makes each module that imports a CommonJS one (every `import fs from
// 'node:fs'`) its own namespace object, a getter for each of that module's exports: 68 of them
// at a start, some thousands of getters, a few milliseconds and their garbage (bench/PROFILE.md,
// start-up). A module's namespace is made once here instead and shared by its importers, as
// Node's own ES modules share one. The helper's line is replaced as it is (the source map's
// lines stay); a build whose esbuild writes it otherwise stops here rather than go without.
const HELPER = /^var __toESM = \(mod, isNodeMode, (\w+)\) => \(/m;
/** The helper's line, `name` its third parameter's name as esbuild wrote it. */
const shared = (name) => 'var __namespaces = new WeakMap(); var __toESM = (mod, isNodeMode) => { '
  + 'if (mod === null || (typeof mod !== "object" && typeof mod !== "function")) return __toESMeach(mod, isNodeMode); '
  + 'let made = __namespaces.get(mod); if (!made) __namespaces.set(mod, (made = [])); '
  + 'return (made[isNodeMode ? 1 : 0] ??= __toESMeach(mod, isNodeMode)); }; '
  + `var __toESMeach = (mod, isNodeMode, ${name}) => (`;
const program = await build({
  ...common,
  entryPoints: { vrouter: 'dist/src/cli.js' },
  entryNames: '[name]-[hash]',
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  // The modules' own place (src/paths.ts, createRequire) is the bundle's file.
  // The older releases' trees the build made whole (scripts/trees.mjs, run before this).
  define: { 'import.meta.url': '__vrouter_url', VROUTER_TREES: fs.readFileSync(path.join(root, 'dist', 'trees', 'index.json'), 'utf8') },
  // The second line names the shared __toESM (above): the bundle's name, its content's hash as
  // esbuild wrote it, then tells a bundle with it from one without, or with another.
  banner: { js: `const __vrouter_url = require("node:url").pathToFileURL(__filename).href;\n// __toESM: ${crypto.createHash('sha256').update(shared('target')).digest('hex').slice(0, 16)}` },
  // A package loaded later (ssh2) is required then: a script compiled by node:vm has no import().
  supported: { 'dynamic-import': false },
  // A source map beside it, to read its stack traces back to the TypeScript sources.
  sourcemap: 'linked',
});
const bundle = program.outputFiles.find((f) => f.path.endsWith('.cjs'));
/** An output file with the shared helper in place of esbuild's. */
const sharing = (file) => {
  const helper = file.text.match(HELPER);
  if (!helper) throw new Error(`scripts/bundle.mjs: esbuild's __toESM is not written as ${HELPER} in ${file.path}`);
  return { path: file.path, contents: Buffer.from(file.text.replace(HELPER, shared(helper[1]))) };
};
const programFiles = program.outputFiles.map((f) => (f === bundle ? sharing(f) : f));

// The launchers are CommonJS, as dist/vrouter/package.json says: an ES module as the program
// would start Node's ES module loader first (some milliseconds of every start).
const launchers = await build({
  ...common,
  entryPoints: { cli: 'dist/src/launch.js', entry: 'dist/src/container/entry.js' },
  format: 'cjs',
  define: { VROUTER_BUNDLE: JSON.stringify(path.basename(bundle.path)), 'import.meta.url': '__launcher_url' },
  banner: { js: 'const __launcher_url = require("node:url").pathToFileURL(__filename).href;' },
});
const scope = { path: path.join(dir, 'package.json'), contents: Buffer.from(`${JSON.stringify({ type: 'commonjs' })}\n`) };

// A router may be running from this directory while it is built again (`npm start` beside
// `npm test`, whose pretest builds). So a file that did not change is not touched, a new or
// changed one appears whole (written beside, then renamed over), the bundle before the
// launchers that name it, and the files of the last KEPT builds stay.
const KEPT = 3;
fs.mkdirSync(dir, { recursive: true });
for (const file of [...programFiles, scope, ...launchers.outputFiles.map(sharing)]) {
  let same = false;
  try { same = fs.readFileSync(file.path).equals(file.contents); } catch { /* a new file */ }
  if (same) continue;
  const beside = `${file.path}.${process.pid}`;
  // An entry with a shebang is a program (package.json "bin"): executable from its first moment.
  fs.writeFileSync(beside, file.contents, { mode: file.contents[0] === 0x23 && file.contents[1] === 0x21 ? 0o755 : 0o644 });
  fs.renameSync(beside, file.path);
}

const BUILDS = path.join(dir, 'builds.json');
const names = program.outputFiles.map((f) => path.basename(f.path)).sort();
let builds = [];
try { builds = JSON.parse(fs.readFileSync(BUILDS, 'utf8')); } catch { /* the first build here */ }
if (JSON.stringify(builds[builds.length - 1]) !== JSON.stringify(names)) builds = [...builds, names].slice(-KEPT);
fs.writeFileSync(BUILDS, `${JSON.stringify(builds)}\n`);
const kept = new Set(['builds.json', ...launchers.outputFiles.map((f) => path.basename(f.path)), ...builds.flat(), ...builds.flat().map((n) => `${n}.cache`)]);
// Only the bundle's own files: one another build is writing (`name.PID`) is left to it.
for (const name of fs.readdirSync(dir)) if (/\.(c?js|map|cache)$/.test(name) && !kept.has(name)) fs.rmSync(path.join(dir, name), { force: true });
