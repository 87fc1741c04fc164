// The square grid of CHRs the lab benchmarks run (bench/ospf.ts, bench/dualstack.ts): r_i's
// ether3 joined to its right neighbour's ether2, ether5 to the lower one's ether4, each link a
// point-to-point network numbered in the order the links are made. What each router and each
// link's two ends are configured with is the benchmark's.

import fs from 'node:fs';
import path from 'node:path';
import { Lab } from '../src/lab/lab.js';
import { checkTopology } from '../src/lab/topology.js';

export const ip = (n: number) => `${(n >>> 24) & 255}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;

export interface GridOptions {
  name: string;
  /** The lines of router i before its links' own. */
  router: (i: number) => string[];
  /** The lines of link number `link`'s two ends, port `pa` of one and `pb` of the other. */
  link: (link: number, pa: string, pb: string) => [string[], string[]];
  /** What each node's topology entry adds (certificates, ...). */
  node?: object;
}

export function grid(side: number, dir: string, o: GridOptions) {
  const nodes: Record<string, object> = {};
  const links: { endpoints: string[] }[] = [];
  const config = new Map<number, string[]>();
  for (let i = 0; i < side * side; i++) config.set(i, o.router(i));
  const join = (a: number, pa: string, b: number, pb: string) => {
    const [la, lb] = o.link(links.length, pa, pb);
    links.push({ endpoints: [`r${a}:${pa}`, `r${b}:${pb}`] });
    config.get(a)!.push(...la);
    config.get(b)!.push(...lb);
  };
  for (let i = 0; i < side * side; i++) {
    const row = Math.floor(i / side), col = i % side;
    if (col + 1 < side) join(i, 'ether3', i + 1, 'ether2');
    if (row + 1 < side) join(i, 'ether5', i + side, 'ether4');
  }
  for (let i = 0; i < side * side; i++) {
    const file = path.join(dir, `r${i}.rsc`);
    fs.writeFileSync(file, config.get(i)!.join('\n') + '\n');
    nodes[`r${i}`] = { kind: 'mikrotik_ros', 'startup-config': file, ...o.node };
  }
  return checkTopology({ name: `${o.name}${side * side}`, topology: { nodes, links } }, dir);
}

/** Starts the lab of a grid and times it, then times one run of the routing stages with nothing changed (the best of three). */
export async function startGrid(topo: ReturnType<typeof grid>, dir: string): Promise<{ lab: Lab; started: number; stage: number }> {
  const t0 = performance.now();
  const lab = await Lab.start(topo, { dataDir: path.join(dir, 'lab'), listen: '127.0.0.1', parallel: 16 });
  const started = performance.now() - t0;
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    lab.routing.converge();
    runs.push(performance.now() - t);
  }
  return { lab, started, stage: Math.min(...runs) };
}
