// `vrouter lab TOPOLOGY.yml [--data-dir DIR] [--listen ADDR] [--reconfigure]`: reads the
// topology, starts every node (telling how many have booted), prints a table of the nodes and
// their ports and writes lab.json. A bad flag or topology ends with one line on stderr and exit
// status 2, as `vrouter` does; SIGINT or SIGTERM during the start stops it with one line and
// the shell's status for that signal (130, 143), leaving each node either booted or to be
// booted afresh by the next start.

import net from 'node:net';
import path from 'node:path';
import { execCommand } from './control.js';
import { faces, Lab, LabStopped } from './lab.js';
import { readTopology, TopologyError } from './topology.js';

export const LAB_HELP = `Usage: vrouter lab TOPOLOGY.yml [--data-dir DIR] [--listen ADDR] [--reconfigure]
       vrouter lab exec [-t TOPOLOGY.yml] NODE -- COMMAND [ARG...]

Runs every node of a containerlab topology (kind mikrotik_ros) as a router in this process,
joined by the topology's links, and its Linux hosts (kind linux) as their exec: lines make
them; \`vrouter lab exec HOST -- ping -c 3 ADDRESS\` runs a command on a host. Each node keeps its data in DIR/NODE (default: clab-NAME
next to the topology file) and listens on free ports, listed on start and in DIR/lab.json,
and on the same ports at every start. A node's startup-config runs at its first boot only.

  --reconfigure, -c   every node boots afresh: its data and certificate made anew and its
                      startup-config applied again (containerlab's deploy --reconfigure)
`;

/** How long a stop waits for nodes under way before the process just ends. */
const STOP_DEADLINE_MS = 3000;
/** Exit status of a start stopped by a signal: the shell's 128 + the signal's number. */
const SIGNAL_STATUS: Record<string, number> = { SIGINT: 130, SIGTERM: 143 };

/** Runs the lab until SIGINT or SIGTERM; resolves with the process's exit status on a start failure. */
export async function labCommand(argv: readonly string[]): Promise<number | undefined> {
  if (argv[0] === 'exec') return execCommand(argv.slice(1));
  let file: string | undefined, dataDir: string | undefined, listen = '127.0.0.1', reconfigure = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const value = () => (eq > 0 ? arg.slice(eq + 1) : argv[++i]);
    if (flag === '--help' || flag === '-h') { process.stdout.write(LAB_HELP); return 0; }
    if (flag === '--data-dir') {
      const v = value();
      if (!v) return usage('--data-dir needs a directory');
      dataDir = v;
    } else if (flag === '--listen') {
      const v = value();
      if (!v || !net.isIP(v)) return usage(`--listen: "${v ?? ''}" is not an IP address`);
      listen = v;
    } else if ((flag === '--reconfigure' || flag === '-c') && eq < 0) {
      reconfigure = true;
    } else if (arg.startsWith('-')) {
      return usage(`unknown flag ${arg} (see vrouter lab --help)`);
    } else if (file === undefined) {
      file = arg;
    } else {
      return usage(`one topology file only (${file}, ${arg})`);
    }
  }
  if (!file) return usage('lab needs a topology file (vrouter lab TOPOLOGY.yml)');
  // A signal during the start stops it; once started, it stops the lab.
  const starting = new AbortController();
  let lab: Lab | undefined;
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    if (!lab) {
      starting.abort(signal);
      // Nodes under way left as they are are booted afresh by the next start: nothing is lost.
      setTimeout(() => {
        progress.end();
        process.stderr.write(stoppedLine(signal, progress.count, progress.total));
        process.exit(SIGNAL_STATUS[signal]);
      }, STOP_DEADLINE_MS).unref();
      return;
    }
    setTimeout(() => process.exit(0), STOP_DEADLINE_MS).unref();
    lab.stop().then(() => {
      process.stdout.write(`vrouter lab: stopped (${signal})\n`);
      process.exit(0);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  const progress = new Progress();
  try {
    const topology = readTopology(file);
    dataDir ??= path.join(path.dirname(path.resolve(file)), `clab-${topology.name}`);
    progress.begin(topology.name, topology.nodes.length);
    lab = await Lab.start(topology, {
      dataDir, listen, reconfigure, signal: starting.signal,
      booted: (n) => progress.booted(n),
      portTaken: (node, service, wanted, bound) => progress.note(`node ${node}: ${service} port ${wanted} is taken by another program; it listens on ${bound}`),
    });
  } catch (e) {
    progress.end();
    if (e instanceof LabStopped) {
      const signal = String(starting.signal.reason);
      process.stderr.write(stoppedLine(signal, e.booted, e.total));
      return SIGNAL_STATUS[signal];
    }
    const message = e instanceof TopologyError ? e.message : (e as Error).message;
    return usage(message.split('\n')[0]);
  }
  progress.end(true);
  process.stdout.write(table(lab, path.resolve(dataDir)));
  return undefined;
}

/** The one line of a start stopped by a signal. */
function stoppedLine(signal: string, booted: number, total: number): string {
  const rest = total - booted;
  return `vrouter lab: stopped (${signal}) while starting, ${booted} of ${total} nodes booted${rest ? `; the next start boots the other ${rest}` : ''}\n`;
}

/**
 * How many nodes have booted, on stderr: on a terminal, a line rewritten every second while
 * the start lasts; elsewhere (a file, a pipe), once at the end.
 */
class Progress {
  private name = '';
  total = 0;
  count = 0;
  private since = Date.now();
  private timer?: NodeJS.Timeout;
  private shown = false;
  private readonly tty = !!process.stderr.isTTY;

  begin(name: string, total: number) {
    this.name = name;
    this.total = total;
    this.since = Date.now();
    if (this.tty) this.timer = setInterval(() => this.show(), 1000);
  }

  booted(count: number) { this.count = count; }

  /** A line of its own, above the progress. */
  note(line: string) {
    this.clear();
    process.stderr.write(`vrouter lab: ${line}\n`);
  }

  /** The start is over: the last count stays, when it has `ok`; else the progress line goes. */
  end(ok = false) {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.clear();
    if (ok) process.stderr.write(`${this.line()} in ${((Date.now() - this.since) / 1000).toFixed(1)} s\n`);
  }

  private line() { return `vrouter lab ${this.name}: ${this.count} of ${this.total} nodes booted`; }

  private show() {
    process.stderr.write(`\r${this.line()}\x1b[K`);
    this.shown = true;
  }

  private clear() {
    if (this.shown) process.stderr.write('\r\x1b[K');
    this.shown = false;
  }
}

function usage(message: string): number {
  process.stderr.write(`vrouter lab: ${message}\n`);
  return 2;
}

/** The nodes and their ports, one line each, in topology order. */
export function table(lab: Lab, dataDir: string): string {
  const services = [...new Set(lab.nodes.flatMap((n) => faces(n.router)))];
  const rows = [['NODE', 'BOARD', 'VERSION', ...services.map((s) => s.toUpperCase())]];
  for (const n of lab.nodes) rows.push([n.name, n.board.name, n.router.rosVersion, ...services.map((s) => String((n.router.bound as Record<string, number>)[s] ?? '-'))]);
  // A host has no ports of its own: `vrouter lab exec` reaches it.
  for (const h of lab.hosts) rows.push([h.name, 'linux', '-', ...services.map(() => '-')]);
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const lines = rows.map((r) => r.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd());
  const hosts = lab.hosts.length ? `, ${plural(lab.hosts.length, 'host')}` : '';
  return `vrouter lab ${lab.topology.name}: ${plural(lab.nodes.length, 'router')}${hosts}, ${plural(lab.topology.links.length, 'link')}, data in ${dataDir}\n${lines.join('\n')}\n`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
