// Debian's Net-SNMP command-line clients (package `snmp`) as a monitoring user runs them,
// with numeric OIDs (Debian ships no MIB files: snmp-mibs-downloader is non-free), and a
// router with its SNMP agent enabled.

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { call, startRouter, tempDir, type TestRouter } from '../helpers/router.js';

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The clients' persistent directory, this process's own and made whole beforehand: in the
 * system's (/var/lib/snmp) the first run on a machine prints `Created directory:
 * /var/lib/snmp/cert_indexes` among its answers.
 */
let persistent: string | undefined;
function persistentDir(): string {
  if (!persistent) {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'cert_indexes'));
    process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    persistent = dir;
  }
  return persistent;
}

/** Runs one Net-SNMP tool (never blocking: the router answers in this very process). */
export function netSnmp(tool: string, args: string[], timeoutMs = 20_000): Promise<Run> {
  return new Promise((resolve) => {
    // -m '': no MIB modules (none are installed); -On: numeric OIDs in the output.
    execFile(tool, ['-m', '', '-On', ...args], { timeout: timeoutMs, env: { ...process.env, MIBS: '', SNMP_PERSISTENT_DIR: persistentDir() } }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as NodeJS.ErrnoException & { code?: unknown }).code === 'number' ? Number((err as { code: number }).code) : 1) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}

/** `snmpget` etc. with v2c and a community: the output lines. */
export async function v2c(tool: string, port: number, community: string, ...args: string[]): Promise<string[]> {
  const r = await netSnmp(tool, ['-v2c', '-c', community, '-t', '2', '-r', '1', `127.0.0.1:${port}`, ...args]);
  return lines(r.stdout + r.stderr);
}

export const lines = (text: string) => text.split('\n').map((l) => l.trimEnd()).filter(Boolean);

/** The value part of a `.OID = TYPE: value` line, by OID. */
export function values(out: string[]): Map<string, string> {
  const m = new Map<string, string>();
  for (const l of out) {
    const i = l.indexOf(' = ');
    if (i > 0) m.set(l.slice(0, i), l.slice(i + 3));
  }
  return m;
}

export interface SnmpRouter extends TestRouter {
  snmp: number;
}

/** A router whose agent is on (`/snmp set enabled=yes` over REST), on a free port. */
export async function startSnmpRouter(options: Parameters<typeof startRouter>[0] = {}): Promise<SnmpRouter> {
  const t = await startRouter(options);
  const r = await call(t.port, 'POST', '/rest/snmp/set', { enabled: 'yes' });
  if (r.status !== 200) throw new Error(`enabling SNMP: ${r.status} ${r.text}`);
  await t.router.services!.settled();
  const snmp = t.router.bound.snmp;
  if (!snmp) throw new Error('the agent did not bind');
  return { ...t, snmp };
}
