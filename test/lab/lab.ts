// Starts a lab from a topology file of test/lab in a temporary data directory, with a REST
// client per node, as a user reaches the nodes from lab.json.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Lab } from '../../src/lab/lab.js';
import { readTopology } from '../../src/lab/topology.js';
import { client, tempDir } from '../helpers/router.js';

/** The topology files live beside the test sources (not compiled). */
export const TOPOLOGIES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/lab');

export interface TestLab {
  lab: Lab;
  dir: string;
  /** The REST client of a node, by the port lab.json gives. */
  rest(node: string): ReturnType<typeof client>;
  port(node: string, service: string): number;
  stop(): Promise<void>;
}

export async function startLab(file: string, o: { requestLimitMs?: number } = {}): Promise<TestLab> {
  const dir = tempDir();
  const lab = await Lab.start(readTopology(path.join(TOPOLOGIES, file)), { dataDir: dir, listen: '127.0.0.1', requestLimitMs: o.requestLimitMs });
  const json = JSON.parse(fs.readFileSync(path.join(dir, 'lab.json'), 'utf8'));
  return {
    lab, dir,
    rest: (node) => client(json.nodes[node].www),
    port: (node, service) => json.nodes[node][service],
    async stop() { await lab.stop(); fs.rmSync(dir, { recursive: true, force: true }); },
  };
}

/** Waits until `check` holds (DHCP settles once a change is done), or fails after `ms`. */
export async function until<T>(what: () => Promise<T>, check: (v: T) => boolean, ms = 3000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (check(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
}
