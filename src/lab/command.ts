// `vrouter lab TOPOLOGY.yml [--data-dir DIR] [--listen ADDR]`: reads the topology, starts
// every node, prints a table of the nodes and their ports and writes lab.json. A bad flag or
// topology ends with one line on stderr and exit status 2, as `vrouter` does.

import net from 'node:net';
import path from 'node:path';
import { Lab } from './lab.js';
import { readTopology, TopologyError } from './topology.js';

export const LAB_HELP = `Usage: vrouter lab TOPOLOGY.yml [--data-dir DIR] [--listen ADDR]

Runs every node of a containerlab topology (kind mikrotik_ros) as a router in this process,
joined by the topology's links. Each node keeps its data in DIR/NODE (default: clab-NAME
next to the topology file) and listens on free ports, listed on start and in DIR/lab.json.
`;

/** Runs the lab until SIGINT or SIGTERM; resolves with the process's exit status on a start failure. */
export async function labCommand(argv: readonly string[]): Promise<number | undefined> {
  let file: string | undefined, dataDir: string | undefined, listen = '127.0.0.1';
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
    } else if (arg.startsWith('-')) {
      return usage(`unknown flag ${arg} (see vrouter lab --help)`);
    } else if (file === undefined) {
      file = arg;
    } else {
      return usage(`one topology file only (${file}, ${arg})`);
    }
  }
  if (!file) return usage('lab needs a topology file (vrouter lab TOPOLOGY.yml)');
  let lab: Lab;
  try {
    const topology = readTopology(file);
    dataDir ??= path.join(path.dirname(path.resolve(file)), `clab-${topology.name}`);
    lab = await Lab.start(topology, { dataDir, listen });
  } catch (e) {
    const message = e instanceof TopologyError ? e.message : (e as Error).message;
    return usage(message.split('\n')[0]);
  }
  process.stdout.write(table(lab, path.resolve(dataDir)));
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(0), 3000).unref();
    lab.stop().then(() => {
      process.stdout.write(`vrouter lab: stopped (${signal})\n`);
      process.exit(0);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  return undefined;
}

function usage(message: string): number {
  process.stderr.write(`vrouter lab: ${message}\n`);
  return 2;
}

/** The nodes and their ports, one line each, in topology order. */
export function table(lab: Lab, dataDir: string): string {
  const services = [...new Set(lab.nodes.flatMap((n) => Object.keys(n.router.bound)))];
  const rows = [['NODE', 'BOARD', 'VERSION', ...services.map((s) => s.toUpperCase())]];
  for (const n of lab.nodes) rows.push([n.name, n.board.name, n.router.rosVersion, ...services.map((s) => String((n.router.bound as Record<string, number>)[s] ?? '-'))]);
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const lines = rows.map((r) => r.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd());
  return `vrouter lab ${lab.topology.name}: ${plural(lab.nodes.length, 'router')}, ${plural(lab.topology.links.length, 'link')}, data in ${dataDir}\n${lines.join('\n')}\n`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
