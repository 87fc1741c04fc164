// `vrouter lab` as a user runs it: a topology and its files in a directory of their own, the
// command spawned as a process, its output read as it comes, lab.json read once it has started.

import { after } from 'node:test';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from '../helpers/router.js';
import { VROUTER } from '../helpers/vrouter.js';

export const CLI = VROUTER;

const running = new Set<ChildProcess>();
after(() => { for (const p of running) p.kill('SIGKILL'); });

/** A directory holding `lab.clab.yml` and the files it names; the lab's data goes to DIR/clab-NAME. */
export function labDir(yaml: string, files: Record<string, string> = {}): string {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, 'lab.clab.yml'), yaml);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

export interface Ended { status: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }

export interface Running {
  proc: ChildProcess;
  /** Everything written so far. */
  readonly stdout: string;
  readonly stderr: string;
  /** Resolves when `check` holds for what has been written (or rejects when the process ends first). */
  until(check: (out: { stdout: string; stderr: string }) => boolean): Promise<void>;
  /** Resolves when the process has ended. */
  ended: Promise<Ended>;
  /** Sends a signal and waits for the end. */
  stop(signal?: NodeJS.Signals): Promise<Ended>;
}

/** Spawns `vrouter lab lab.clab.yml ARGS` in `dir`; `wrap` runs it inside another command (a terminal's). */
export function spawnLab(dir: string, args: string[] = [], wrap = (argv: string[]) => argv): Running {
  const [command, ...rest] = wrap([process.execPath, CLI, 'lab', 'lab.clab.yml', ...args]);
  const proc = spawn(command, rest, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(proc);
  let stdout = '', stderr = '';
  const waiting = new Set<() => void>();
  const changed = () => { for (const w of [...waiting]) w(); };
  proc.stdout!.on('data', (d) => { stdout += d; changed(); });
  proc.stderr!.on('data', (d) => { stderr += d; changed(); });
  let over = false;
  const ended = new Promise<Ended>((resolve) => proc.on('close', (status, signal) => {
    over = true;
    running.delete(proc);
    resolve({ status, signal, stdout, stderr });
    changed();
  }));
  return {
    proc,
    get stdout() { return stdout; },
    get stderr() { return stderr; },
    until(check) {
      return new Promise((resolve, reject) => {
        const look = () => {
          if (check({ stdout, stderr })) { waiting.delete(look); resolve(); } else if (over) { waiting.delete(look); reject(new Error(`vrouter lab ended: ${stderr}${stdout}`)); }
        };
        waiting.add(look);
        look();
      });
    },
    ended,
    stop(signal = 'SIGTERM') { proc.kill(signal); return ended; },
  };
}

/** Starts the lab and waits until it has printed its table of nodes (one line per node). */
export async function startLab(dir: string, nodes: number, args: string[] = []): Promise<Running & { json: LabJson }> {
  const lab = spawnLab(dir, args);
  await lab.until(({ stdout }) => stdout.split('\n').length >= nodes + 3);
  const json = readLabJson(dir, lab.stdout);
  return Object.assign(lab, { json });
}

export interface LabJson { name: string; ca?: string; nodes: Record<string, Record<string, number>> }

/** lab.json of the lab whose table `stdout` holds (its first line names the data directory). */
export function readLabJson(dir: string, stdout: string): LabJson {
  const data = /data in (.+)$/m.exec(stdout)?.[1] ?? path.join(dir, 'clab');
  return JSON.parse(fs.readFileSync(path.join(data, 'lab.json'), 'utf8'));
}

/** Runs `vrouter lab` to its end (a start that fails, a refused topology). */
export function runLab(dir: string, args: string[] = []): Promise<Ended> {
  return spawnLab(dir, args).ended;
}

/** Waits until a file exists (the node's data directory being made). */
export async function fileAppears(file: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  const dir = path.dirname(file);
  while (!fs.existsSync(file)) {
    if (Date.now() > end) throw new Error(`${file} did not appear`);
    await new Promise<void>((resolve) => {
      // A watcher where the directory exists; a short poll while it does not yet.
      let watcher: fs.FSWatcher | undefined;
      const done = () => { watcher?.close(); clearTimeout(timer); resolve(); };
      const timer = setTimeout(done, 50);
      try { watcher = fs.watch(dir, done); } catch { /* not there yet */ }
    });
  }
}
