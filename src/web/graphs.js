// Live traffic of each interface, sampled once a second from /interface/monitor-traffic
// (with `once`, since REST does not stream) and drawn with uPlot, vendored by the build.

import { rest } from './rest.js';
import { h } from './dom.js';

const POINTS = 60;
const SAMPLE_MS = 1000;

/** Bits per second as the router writes them: 1.2Mbps. */
export function bps(v) {
  if (v === null || v === undefined) return '';
  const units = ['bps', 'kbps', 'Mbps', 'Gbps', 'Tbps'];
  let i = 0;
  let n = Math.abs(v);
  while (n >= 1000 && i < units.length - 1) { n /= 1000; i++; }
  return `${(Math.sign(v) * n).toFixed(n >= 100 || i === 0 ? 0 : 1)}${units[i]}`;
}

export async function graphsView() {
  const names = (await rest('GET', 'interface?.proplist=name,disabled')).filter((r) => r.disabled !== 'true').map((r) => r.name);
  const charts = new Map();
  const grid = h('div', { class: 'graphs' });
  const el = h('div', { class: 'graphs-view' }, grid);
  const width = (slot) => Math.max(240, slot.clientWidth || 300);
  for (const name of names) {
    const slot = h('div', { class: 'chart' });
    // The window is filled from the start, so the time axis shows the whole span at once.
    const now = Date.now() / 1000;
    const data = [Array.from({ length: POINTS }, (_, i) => now - (POINTS - i) * SAMPLE_MS / 1000), new Array(POINTS).fill(null), new Array(POINTS).fill(null)];
    const figure = h('figure', { 'data-interface': name }, h('figcaption', {}, name), slot,
      h('p', { class: 'rate', 'aria-live': 'off' }));
    grid.append(figure);
    charts.set(name, { slot, data, figure, plot: null });
  }

  function draw() {
    for (const c of charts.values()) {
      if (!c.plot && typeof uPlot === 'function' && c.slot.isConnected) {
        // eslint-disable-next-line no-undef
        c.plot = new uPlot({
          width: width(c.slot), height: 170, legend: { live: false },
          scales: { x: { time: true }, y: { range: (u, min, max) => [0, Math.max(1000, max * 1.1)] } },
          series: [{}, { label: 'Rx', stroke: '#1f7a3a', width: 1.5, value: (u, v) => bps(v) }, { label: 'Tx', stroke: '#2453a6', width: 1.5, value: (u, v) => bps(v) }],
          axes: [{}, { size: 70, values: (u, vals) => vals.map(bps) }],
        }, c.data, c.slot);
      } else if (c.plot) c.plot.setData(c.data);
    }
  }

  async function sample() {
    if (!names.length) return;
    const rows = await rest('POST', 'interface/monitor-traffic', { interface: names.join(','), once: '' });
    const t = Date.now() / 1000;
    for (const row of rows) {
      const c = charts.get(row.name);
      if (!c) continue;
      const rx = Number(row['rx-bits-per-second']);
      const tx = Number(row['tx-bits-per-second']);
      c.data[0].push(t); c.data[1].push(rx); c.data[2].push(tx);
      for (const s of c.data) s.shift();
      c.figure.querySelector('.rate').textContent = `Rx ${bps(rx)}, Tx ${bps(tx)}`;
    }
    draw();
  }

  const onResize = () => { for (const c of charts.values()) c.plot?.setSize({ width: width(c.slot), height: 170 }); };
  window.addEventListener('resize', onResize);
  if (!names.length) grid.append(h('p', {}, 'No running interfaces.'));
  const timer = setInterval(() => { sample().catch(() => {}); }, SAMPLE_MS);
  queueMicrotask(() => { sample().catch(() => {}); });
  return {
    el,
    refresh: async () => {},
    dispose() { clearInterval(timer); window.removeEventListener('resize', onResize); for (const c of charts.values()) c.plot?.destroy(); },
  };
}
