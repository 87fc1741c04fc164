// The real exports of ../shared/corpus/real-exports (published by their owners), loaded on
// a fresh router of the matching board, as the corpus test and the refusal list use them.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Router } from '../../src/router.js';
import { POLICIES, type Session } from '../../src/core/schema.js';
import { CommandError } from '../../src/core/errors.js';
import type { FileAccess } from '../../src/console/host.js';
import { packagesNamed, readLike } from '../../src/device/like.js';
import { RELEASES, releaseFor } from '../../src/tree/tree.js';
import type { ServicePorts } from '../helpers/ports.js';

export const CORPUS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'shared', 'corpus', 'real-exports');

export interface Export { file: string; model: string | null; ros: string }

export function manifest(): Export[] {
  if (!fs.existsSync(CORPUS)) throw new Error(`the corpus is not at ${CORPUS} (../shared beside the project)`);
  return JSON.parse(fs.readFileSync(path.join(CORPUS, 'manifest.json'), 'utf8')).exports;
}


export { freePorts, type ServicePorts } from '../helpers/ports.js';

const ADMIN: Session = { user: 'admin', policies: new Set(POLICIES), via: 'test' };

/** The logical lines of an export: continuations (`\` at a line's end) joined, comments and blanks left out. */
export function logicalLines(text: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (const raw of text.split(/\r?\n/)) {
    if (cur === '' && (raw.startsWith('#') || raw.trim() === '')) continue;
    const part = cur ? raw.replace(/^\s+/, '') : raw;
    if (part.endsWith('\\')) { cur += part.slice(0, -1); continue; }
    out.push(cur + part);
    cur = '';
  }
  if (cur) out.push(cur);
  return out;
}

/**
 * The release an export runs on: the one its header names (`by RouterOS 7.16.2`), or the
 * oldest vrouter holds (7.9) for an older export.
 */
export function releaseOf(e: Export): string {
  return releaseFor(e.ros) ? e.ros : RELEASES[0];
}

/**
 * A router like the export's (`vrouter --like FILE.rsc`: its model, serial number, and a CHR
 * with as many ports, drives and serial ports as the export names) on the export's release with
 * the packages its menus configure, with a blank configuration (`reset-configuration no-defaults=yes`).
 */
export async function blankRouter(e: Export, text: string, ports: ServicePorts = { www: 0, 'www-ssl': 0, api: 0, 'api-ssl': 0, ssh: 0, telnet: 0 }): Promise<Router> {
  const like = readLike(text);
  const rosVersion = releaseOf(e);
  const router = await Router.start({
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'vrouter-corpus-')), listen: '127.0.0.1',
    ports, loginKeepMs: 600_000, requestLimitMs: 600_000,
    board: like.board, ...(like.hardware ? { hardware: like.hardware } : {}),
    ...(like.serialNumber ? { serialNumber: like.serialNumber } : {}),
    rosVersion, packages: packagesNamed(releaseFor(rosVersion)!, text),
  });
  await run(router, '/system reset-configuration no-defaults=yes');
  return router;
}

/** Runs console text as admin; returns its output, or throws the router's failure. */
export async function run(router: Router, script: string): Promise<string> {
  const out = await router.engine.run({ path: [], command: 'execute', args: { script, 'as-string': '' } }, ADMIN);
  const ret = out.done?.ret ?? '';
  return ret;
}

/** `/import` of a text as a whole file; throws the router's `Script Error` when a line fails. */
export async function importText(router: Router, text: string, name = 'corpus.rsc'): Promise<void> {
  (router.engine.services.files as FileAccess).write(name, text);
  await router.engine.run({ path: [], command: 'import', args: { 'file-name': name } }, ADMIN);
}

/** The configuration as `/export` (or `/export verbose`) writes it, without its dated first line. */
export async function exported(router: Router, verbose = false): Promise<string> {
  const out = await router.engine.run({ path: [], command: 'export', args: verbose ? { verbose: '' } : {} }, ADMIN);
  return (out.done?.ret ?? '').split('\n').slice(1).join('\n');
}

export async function stop(router: Router) {
  const dir = router.options.dataDir;
  await router.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}

/** The message of a failure, as the router words it. */
export const messageOf = (e: unknown) => (e instanceof CommandError || e instanceof Error ? e.message : String(e));

export interface Refusal {
  /** The export's logical line. */
  line: string;
  /** What the router answered. */
  error: string;
  /** Why: a real 7.24 router refuses it too, or what vrouter lacks (docs/routeros-facts.md section 14). */
  why?: string;
}

/**
 * Runs the export line by line, as a user pasting it into the console would, on a blank
 * router; returns the lines refused, in order, with the router's words.
 */
export async function refusals(router: Router, text: string): Promise<Refusal[]> {
  const out: Refusal[] = [];
  let menu = '';
  for (const line of logicalLines(text)) {
    // `/ip address` alone moves to that menu; the lines after it run there.
    if (/^\/[a-z0-9 /-]+$/i.test(line.trim())) { menu = line.trim(); continue; }
    const command = line.startsWith('/') || line.startsWith(':') ? line : `${menu} ${line}`;
    try {
      const ret = await run(router, command);
      if (/^(failure|expected|bad command|input does not|invalid value|no such|syntax error|missing|unknown|value of)/.test(ret)) out.push({ line: command, error: ret });
    } catch (e) {
      out.push({ line: command, error: messageOf(e) });
    }
  }
  return out;
}

/** The export with the given lines left out, each command on its own line under its menu. */
export function without(text: string, lines: ReadonlySet<string>): string {
  const out: string[] = [];
  let menu = '';
  for (const line of logicalLines(text)) {
    if (/^\/[a-z0-9 /-]+$/i.test(line.trim())) { menu = line.trim(); continue; }
    const command = line.startsWith('/') || line.startsWith(':') ? line : `${menu} ${line}`;
    if (!lines.has(command)) out.push(command);
  }
  return out.join('\n') + '\n';
}

/** Packages and hardware whose menus the release's tree lacks (captured on a CHR). */
const PACKAGE_MENUS = /^bad command name (caps-man|wireless|iot|container|routerboard|veth|zerotier|app|switch|mlag|lora|graphing) /;

/**
 * Why a line is refused: what a real 7.24 router would say too (a value the owner blanked
 * out, a record the export does not make, an argument or value the 7.24 tree lacks), or
 * what vrouter lacks. `ros` is the version the export was taken from.
 */
export function why(r: Refusal, earlier: readonly Refusal[], ros: string, release = ros): string {
  const e = r.error;
  if (PACKAGE_MENUS.test(e)) return `vrouter lacks this menu: its package or hardware is not in the ${release} tree (captured on a CHR)`;
  if (/="?REMOVED\b/.test(r.line)) return 'a real router refuses it too: the owner replaced a value with REMOVED before publishing';
  const col = /expected end of command \(line 1 column (\d+)\)/.exec(e);
  if (col) {
    const arg = /^[!.]?[a-z0-9.-]+/.exec(r.line.slice(Number(col[1]) - 1))?.[0] ?? '?';
    return release === ros ? `a real ${release} router refuses it too: its command tree has no argument ${arg} here`
      : `a real ${release} router refuses it too: its command tree has no argument ${arg} here (the export is from ${ros}, older than any release vrouter holds)`;
  }
  if (/^bad command name -+\d+-+/.test(e)) return 'a real router refuses it too: not a command (a stray line in the published file)';
  if (/value of [a-z.-]*certificate\b/.test(e)) return 'a real router refuses it too: names a certificate the export does not carry';
  if (/=!?\*[0-9A-F]+\b/.test(r.line) && /input does not match/.test(e)) return 'a real router refuses it too: it names a record by an id (*2C) of the router the export came from';
  if (/value of (in-|out-)?interfaces?(-list)?\b/.test(e)) {
    return earlier.length ? 'follows from an earlier refused line: the interface or list it names was not made' : 'a real router refuses it too: the interface it names is not made by the export';
  }
  if (/^no such item \(\/disk\//.test(e)) return 'a real router refuses it too, unless it has that drive: a disk the export\'s router had plugged in (USB, SATA)';
  if (/^failure: already have such name \(\/ip\/smb\//.test(e)) return 'a real router refuses it too: RouterOS has the share pub and the user guest by itself';
  if (/value of advertise/.test(e) && Number(release.split('.')[1]) < 12) {
    return `vrouter refuses what a real ${release} router takes: 7.12 renamed the advertise values (manual "Ethernet"), and the words `
      + `vrouter offers are those 7.22.3 completes (the only capture with completion values), for every release (docs/routeros-facts.md 14)`;
  }
  if (/value of advertise/.test(e)) {
    return `a real ${release} router refuses it too: 7.12 renamed the advertise values (manual "Ethernet": 10M-baseT-half ... 1G-baseT-full; `
      + `${ros} wrote 1000M-full ...), and ${release} offers only the new names (7.22.3 completion; a 7.24.4 export verbose prints them); `
      + `no source says the old ones are still taken (docs/routeros-facts.md 14)`;
  }
  if (/^missing value\(s\) of argument\(s\) numbers \(\/interface\/ovpn-server\/server\//.test(e)) {
    return `a real ${release} router refuses it too: since 7.17 OpenVPN servers are a list with no built-in entry (upgraded routers export `
      + `their old settings as \`add ... name=ovpn-server1\`, corpus 7.17/7.18), so \`set\` without a server has nothing to set (${ros} had one server)`;
  }
  if (/^no such item \(\/app\//.test(e)) return 'vrouter lacks this app of the catalogue /app has on a real 7.21+ router (it lists only the apps sources name)';
  return 'vrouter refuses what the router takes: a gap (issue 11)';
}
