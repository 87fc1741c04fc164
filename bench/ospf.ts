// OSPF convergence in a lab of N routers: a square grid of CHRs (each joined to its right
// and lower neighbours by point-to-point links, each with a loopback), all in the backbone.
// Reported: the time one run of the routing stages takes over the whole lab (nothing changed:
// no router's database changed, so no SPF runs, and every router's records are checked), the
// convergence after one link in the middle of the grid is disabled (every router's SPF over
// the changed database, and every router's changed routes and LSAs published), the time from
// that change until a router two hops from its far end has its new route (end to end over
// REST), the routes a corner router holds, and the memory of the process.
//
//   node dist/bench/ospf.js [--routers 100]      (or through run.js: --only ospf)
//   node dist/bench/ospf.js --sizes 100,400,961  (each size in a process of its own: how it grows)

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { grid, ip, startGrid } from './grid.js';
import { textTable, type Section } from './lib.js';

export interface OspfConfig {
  /** Routers in the grid (rounded down to a square). */
  routers: number;
}

const SELF = fileURLToPath(import.meta.url);

const loopback = (i: number) => `10.255.${(i >> 8) & 255}.${i & 255}`;

/** The grid (./grid.ts), OSPFv2 in the backbone over every link and the loopback. */
const ospfGrid = (side: number, dir: string) => grid(side, dir, {
  name: 'ospf',
  router: (i) => [
    `/ip address add address=${loopback(i)}/32 interface=lo`,
    `/routing ospf instance add name=v2 router-id=${loopback(i)}`,
    '/routing ospf area add name=backbone instance=v2',
    '/routing ospf interface-template add area=backbone interfaces=ether2,ether3,ether4,ether5 type=ptp cost=10',
    '/routing ospf interface-template add area=backbone interfaces=lo passive',
  ],
  link: (n, pa, pb) => {
    const base = (10 << 24) + n * 4;
    return [[`/ip address add address=${ip(base + 1)}/30 interface=${pa}`], [`/ip address add address=${ip(base + 2)}/30 interface=${pb}`]];
  },
});

const auth = { Authorization: `Basic ${Buffer.from('admin:').toString('base64')}` };

async function get(port: number, url: string) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, { headers: auth });
  return res.json() as Promise<Record<string, string>[]>;
}

export async function ospfBench(cfg: OspfConfig): Promise<Section> {
  const side = Math.max(2, Math.floor(Math.sqrt(cfg.routers)));
  const n = side * side;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vrouter-ospf-bench-'));
  try {
    const topo = ospfGrid(side, dir);
    // Started, then one run of every stage with nothing changed: every router's SPF, every diff.
    const { lab, started, stage } = await startGrid(topo, dir);
    try {
      const corner = lab.nodes[0].router.bound.www as number;
      const routes = new Set((await get(corner, '/rest/ip/route?ospf=true&.proplist=dst-address')).map((r) => r['dst-address'])).size;
      // A link in the middle fails (mid's ether3, to mid + 1): the router above mid loses one of its two equal paths to mid + 1.
      const mid = Math.floor(side / 2) * side + Math.floor(side / 2) - 1;
      const far = `${loopback(mid + 1)}/32`;
      const watcher = lab.nodes[mid - side].router.bound.www as number;
      const before = await get(watcher, `/rest/ip/route?dst-address=${far}&.proplist=gateway,ospf.metric`);
      // The lab converges on its own after the change; the time its runs take is the convergence.
      const converge = lab.routing.converge.bind(lab.routing);
      let converging = 0;
      lab.routing.converge = () => { const t = performance.now(); converge(); converging += performance.now() - t; };
      const t1 = performance.now();
      await fetch(`http://127.0.0.1:${lab.nodes[mid].router.bound.www}/rest/interface/ether3`, {
        method: 'PATCH', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ disabled: 'true' }),
      });
      let after = before;
      for (let tries = 0; tries < 500; tries++) {
        after = await get(watcher, `/rest/ip/route?dst-address=${far}&.proplist=gateway,ospf.metric`);
        if (JSON.stringify(after) !== JSON.stringify(before)) break;
        await new Promise((r) => setTimeout(r, 2));
      }
      const reroute = performance.now() - t1;
      lab.routing.converge = converge;
      const changed = JSON.stringify(after) !== JSON.stringify(before);
      global.gc?.();
      const mem = process.memoryUsage();
      return {
        title: `OSPF convergence (${n} routers in a ${side}x${side} grid, one area)`,
        rows: [
          { what: 'lab start (routers up, OSPF converged)', value: `${(started / 1000).toFixed(1)} s` },
          { what: 'one run of the routing stages', value: `${stage.toFixed(0)} ms`, target: '< 1000 ms', met: stage < 1000 },
          { what: `OSPF routes on a corner router`, value: String(routes), target: `${n - 1 + 2 * side * (side - 1) - 2}`, met: routes === n - 1 + 2 * side * (side - 1) - 2 },
          { what: 'a link fails: the convergence (every router\'s SPF and publish, in process)', value: `${converging.toFixed(0)} ms`, target: n >= 900 ? '< 2000 ms' : undefined, met: n >= 900 ? converging < 2000 : undefined },
          { what: 'a link fails: an ECMP route two hops away loses a path (REST, end to end)', value: changed ? `${reroute.toFixed(0)} ms` : 'no change', target: '< 1000 ms', met: changed && reroute < 1000 },
          { what: `memory: heap used${global.gc ? ' (after a full GC)' : ''} / resident set`, value: `${(mem.heapUsed / 2 ** 20).toFixed(0)} MB / ${(mem.rss / 2 ** 20).toFixed(0)} MB (${(mem.rss / 2 ** 20 / n).toFixed(2)} MB a router)` },
        ],
        notes: [`Each router: ${side > 2 ? 'up to 4' : '2'} point-to-point links of cost 10 and a loopback; routes counted are every other router's loopback and every link network not attached.`],
      };
    } finally {
      await lab.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === SELF) {
  const sizes = process.argv.indexOf('--sizes');
  if (sizes > 0) {
    // Each size in a fresh process, one after the other, with the load average as it started.
    for (const n of process.argv[sizes + 1].split(',')) {
      process.stdout.write(`-- ${n} routers, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
      process.stdout.write(execFileSync(process.execPath, ['--expose-gc', SELF, '--routers', n], { encoding: 'utf8' }));
    }
  } else {
    const arg = process.argv.indexOf('--routers');
    const section = await ospfBench({ routers: arg > 0 ? Number(process.argv[arg + 1]) : 100 });
    process.stdout.write(textTable(section));
  }
}
