// BGP routes redistributed into OSPF (test/lab/redist.clab.yml): b learns e's networks over
// eBGP and originates them into OSPF (redistribute=bgp); o, b's OSPF neighbour, has them as
// type 2 externals as soon as the lab has converged, with no further change needed (the
// protocols run to a fixed point: routeros-facts.md 26.4).

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startLab, until, type TestLab } from './lab.js';

let t: TestLab;
before(async () => { t = await startLab('redist.clab.yml', { requestLimitMs: 5000 }); });
after(() => t.stop());

type Rec = Record<string, string>;
const strip = (l: Rec[]) => l.map(({ '.id': _, ...r }) => r);
const ospfRoutes = async (node: string): Promise<Rec[]> =>
  strip((await t.rest(node).get('/rest/routing/route?ospf=true&.proplist=dst-address,gateway,ospf.metric,ospf.type')).json);

describe('BGP into OSPF', () => {
  test("o gets the BGP routes b redistributes as OSPF type 2 externals", async () => {
    const routes = await until(() => ospfRoutes('o'), (l) => l.length >= 2);
    assert.deepEqual(routes, [
      { 'dst-address': '192.168.10.0/24', gateway: '10.0.2.1%ether2', 'ospf.metric': '1', 'ospf.type': 'ext-type-2' },
      { 'dst-address': '192.168.20.0/24', gateway: '10.0.2.1%ether2', 'ospf.metric': '1', 'ospf.type': 'ext-type-2' },
    ]);
  });
});
