#!/usr/bin/env node
// The image's HEALTHCHECK and Kubernetes' exec probes: healthy while the REST face answers.
// It asks without credentials (the admin password is the user's), so the router's 401 is an
// answer looked for: any HTTP answer under 500 means the REST service runs. Exit 0 healthy, 1 not.
//
//   health.js              the router of this container, its www on VROUTER_HEALTH_PORT (80)
//   health.js LAB.json     every node of a `vrouter lab` (its lab.json: each node's www port)

import fs from 'node:fs';

async function answers(port: number): Promise<string | undefined> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/rest/system/identity`, { signal: AbortSignal.timeout(2000) });
    return res.status < 500 ? undefined : `REST on port ${port} answers ${res.status}`;
  } catch (e) {
    return `REST on port ${port} does not answer: ${(e as Error).message}`;
  }
}

/** The www port of each node a lab.json names. */
function labPorts(file: string): number[] {
  const lab = JSON.parse(fs.readFileSync(file, 'utf8')) as { nodes: Record<string, { www?: number }> };
  return Object.values(lab.nodes).map((n) => n.www).filter((p): p is number => p !== undefined);
}

let ports: number[];
try {
  ports = process.argv[2] ? labPorts(process.argv[2]) : [Number(process.env.VROUTER_HEALTH_PORT ?? 80)];
} catch (e) {
  process.stderr.write(`vrouter health: ${(e as Error).message}\n`);
  process.exit(1);
}
const failed = (await Promise.all(ports.map(answers))).filter(Boolean);
for (const f of failed) process.stderr.write(`vrouter health: ${f}\n`);
process.exit(failed.length || !ports.length ? 1 : 0);
