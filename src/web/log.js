// The router's log (GET /rest/log): newest last, following new entries as they come unless
// the reader has scrolled up.

import { rest } from './rest.js';
import { h, uid } from './dom.js';

export async function logView() {
  const tbody = h('tbody');
  const wrap = h('div', { class: 'table-wrap log-wrap' });
  const count = h('span', { class: 'count' });
  let filter = '';
  let records = await rest('GET', 'log');
  let lastText = JSON.stringify(records);

  function render() {
    const atEnd = wrap.scrollTop + wrap.clientHeight >= wrap.scrollHeight - 4;
    const f = filter.toLowerCase();
    const shown = f ? records.filter((r) => `${r.time} ${r.topics} ${r.message}`.toLowerCase().includes(f)) : records;
    tbody.replaceChildren(...shown.map((r) => h('tr', { 'data-id': r['.id'] },
      h('td', { class: 'time' }, r.time ?? ''), h('td', {}, (r.topics ?? '').split(',').join(', ')), h('td', {}, r.message ?? ''))));
    count.textContent = `${shown.length} item${shown.length === 1 ? '' : 's'}`;
    if (atEnd) wrap.scrollTop = wrap.scrollHeight;
  }

  async function refresh() {
    const fresh = await rest('GET', 'log');
    const text = JSON.stringify(fresh);
    if (text === lastText) return;
    lastText = text;
    records = fresh;
    render();
  }

  const filterId = uid('filter');
  wrap.append(h('table', { class: 'records log', 'aria-label': 'Log' },
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Time'), h('th', { scope: 'col' }, 'Topics'), h('th', { scope: 'col' }, 'Message'))), tbody));
  const el = h('div', { class: 'log-view' },
    h('div', { class: 'toolbar' }, h('label', { for: filterId, class: 'sr-only' }, 'Filter'),
      h('input', { type: 'search', id: filterId, placeholder: 'Filter', oninput: (e) => { filter = e.target.value; render(); } }), count),
    wrap);
  render();
  requestAnimationFrame(() => { wrap.scrollTop = wrap.scrollHeight; });
  return { el, refresh };
}
