// A dual-stack lab of N routers: a square grid of CHRs (each joined to its right and lower
// neighbours by point-to-point links with an IPv4 /30 and an IPv6 /64, each with a loopback
// of both families), OSPFv2 and OSPFv3 in the backbone. Reported: the start (routers up, both
// OSPFs converged), one run of the routing stages, the routes of each family on a corner
// router, and a ping of each family from one corner to the other (REST, end to end: the
// corner's echo crosses the grid hop by hop and back), with the resident set.
//
//   node dist/bench/dualstack.js [--routers 100]

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { grid, ip, startGrid } from './grid.js';
import { textTable, type Section } from './lib.js';

const SELF = fileURLToPath(import.meta.url);

const loopback4 = (i: number) => `10.255.${(i >> 8) & 255}.${i & 255}`;
const loopback6 = (i: number) => `2001:db8:ffff::${(i + 1).toString(16)}`;

/** The grid (./grid.ts), each link an IPv4 /30 and an IPv6 /64, OSPFv2 and OSPFv3 in the backbone. */
const dualStackGrid = (side: number, dir: string) => grid(side, dir, {
  name: 'dualstack',
  node: { certificate: { issue: false } },
  router: (i) => [
    `/ip address add address=${loopback4(i)}/32 interface=lo`,
    `/ipv6 address add address=${loopback6(i)}/128 interface=lo advertise=no`,
    `/routing ospf instance add name=v2 router-id=${loopback4(i)}`,
    `/routing ospf instance add name=v3 version=3 router-id=${loopback4(i)}`,
    '/routing ospf area add name=backbone instance=v2',
    '/routing ospf area add name=backbone-v3 instance=v3',
    '/routing ospf interface-template add area=backbone interfaces=ether2,ether3,ether4,ether5 type=ptp cost=10',
    '/routing ospf interface-template add area=backbone interfaces=lo passive',
    '/routing ospf interface-template add area=backbone-v3 interfaces=ether2,ether3,ether4,ether5 type=ptp cost=10',
    '/routing ospf interface-template add area=backbone-v3 interfaces=lo passive',
  ],
  link: (n, pa, pb) => {
    const base = (10 << 24) + n * 4;
    const net6 = `2001:db8:${(n >> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
    return [
      [`/ip address add address=${ip(base + 1)}/30 interface=${pa}`, `/ipv6 address add address=${net6}::1/64 interface=${pa} advertise=no`],
      [`/ip address add address=${ip(base + 2)}/30 interface=${pb}`, `/ipv6 address add address=${net6}::2/64 interface=${pb} advertise=no`],
    ];
  },
});

const auth = { Authorization: `Basic ${Buffer.from('admin:').toString('base64')}` };

async function rest(port: number, url: string, body?: object) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, body ? { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) } : { headers: auth });
  return res.json() as Promise<Record<string, string>[]>;
}

export async function dualStackBench(routers: number): Promise<Section> {
  const side = Math.max(2, Math.floor(Math.sqrt(routers)));
  const n = side * side;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vrouter-dualstack-bench-'));
  try {
    const topo = dualStackGrid(side, dir);
    global.gc?.();
    const base = process.memoryUsage().rss / 1048576;
    // Started, then one run of every stage with nothing changed: every router's SPF, every diff.
    const { lab, started, stage } = await startGrid(topo, dir);
    try {
      const corner = lab.nodes[0].router.bound.www as number;
      const v4 = new Set((await rest(corner, '/rest/ip/route?ospf=true&.proplist=dst-address')).map((r) => r['dst-address'])).size;
      const v6 = new Set((await rest(corner, '/rest/ipv6/route?ospf=true&.proplist=dst-address')).map((r) => r['dst-address'])).size;
      // Every other router's loopback and every link network the corner is not on.
      const want = n - 1 + 2 * side * (side - 1) - 2;
      const hops = 2 * (side - 1);
      // The routers on the way each take one off: the echo arrives with 64 less those between.
      const ttl = 64 - (hops - 1);
      const ping = async (address: string) => {
        const t = performance.now();
        const res = await rest(corner, '/rest/ping', { address, count: '1' });
        return { ms: performance.now() - t, ttl: Number(res[0]?.ttl), ok: res[0]?.received === '1' };
      };
      // The first echo of each family makes the routers on the way work out their forwarding
      // tables (once per change of their routes); the second is what an echo costs after.
      const p4 = await ping(loopback4(n - 1));
      const p6 = await ping(loopback6(n - 1));
      const again4 = await ping(loopback4(n - 1));
      const again6 = await ping(loopback6(n - 1));
      global.gc?.();
      const rss = process.memoryUsage().rss / 1048576;
      return {
        title: `A dual-stack lab (${n} routers in a ${side}x${side} grid, OSPFv2 and OSPFv3)`,
        rows: [
          { what: 'lab start (routers up, both OSPFs converged)', value: `${(started / 1000).toFixed(1)} s`, target: '< 10 s', met: started < 10_000 },
          { what: 'one run of the routing stages (both families, SLAAC and DHCPv6 included)', value: `${stage.toFixed(0)} ms`, target: '< 1000 ms', met: stage < 1000 },
          { what: 'OSPFv2 routes on a corner router', value: String(v4), target: String(want), met: v4 === want },
          { what: 'OSPFv3 routes on a corner router', value: String(v6), target: String(want), met: v6 === want },
          { what: `ping corner to corner, IPv4 (${hops} hops; REST, end to end)`, value: p4.ok ? `${p4.ms.toFixed(0)} ms, ttl ${p4.ttl}` : 'no answer', target: `ttl ${ttl}`, met: p4.ok && p4.ttl === ttl },
          { what: `ping corner to corner, IPv6 (${hops} hops; REST, end to end)`, value: p6.ok ? `${p6.ms.toFixed(0)} ms, hop limit ${p6.ttl}` : 'no answer', target: `hop limit ${ttl}`, met: p6.ok && p6.ttl === ttl },
          { what: 'the same pings again (forwarding tables worked out)', value: `IPv4 ${again4.ms.toFixed(0)} ms, IPv6 ${again6.ms.toFixed(0)} ms`, met: again4.ok && again6.ok },
          { what: 'resident set after start (less the process before it)', value: `${Math.round(rss - base)} MB, ${((rss - base) / n).toFixed(1)} MB per router` },
        ],
        notes: ['Each router: up to 4 point-to-point links of cost 10 with an IPv4 /30 and an IPv6 /64, and a loopback of each family; no certificates.'],
      };
    } finally {
      await lab.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === SELF) {
  const arg = process.argv.indexOf('--routers');
  process.stdout.write(textTable(await dualStackBench(arg > 0 ? Number(process.argv[arg + 1]) : 100)));
}
