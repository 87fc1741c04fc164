// A table menu (GET answers a list): one row per record (data-id = .id), its flags, the
// columns the router shows first, sort, filter and count; Add New and a row open the same
// form; Remove, Enable, Disable and Comment act on a record. Everything comes from the tree
// (which commands the menu has, which arguments `add`/`set` take) and from the records.

import { rest, restPath } from './rest.js';
import { describe, buildFields } from './fields.js';
import { args } from './tree.js';
import { h, alertBox, uid } from './dom.js';
import { label } from './names.js';

/** Flags the router prints before a record, from its yes/no properties. */
const FLAGS = [['disabled', 'X', 'disabled'], ['dynamic', 'D', 'dynamic'], ['invalid', 'I', 'invalid'], ['running', 'R', 'running']];
/** Properties that are not columns: what the flags and the comment column already show. */
const NOT_COLUMNS = new Set(['.id', '.nextid', 'disabled', 'dynamic', 'invalid', 'running', 'comment', 'copy-from', 'numbers', 'place-before']);
const MAX_COLUMNS = 7;
/** Rows drawn at once; a longer table asks the reader to filter (the count says how many). */
const MAX_ROWS = 1000;

/** The print layout of a menu: its column properties and flag letters. */
async function printLayout(path, id) {
  try {
    const { ret } = await rest('POST', 'execute', { script: `/${path.join(' ')} print from=${id}`, 'as-string': '' });
    const line = (name) => (String(ret).split('\n').find((l) => l.startsWith(name + ': ')) ?? '').slice(name.length + 2);
    const columns = line('Columns').split(',').map((c) => c.trim().toLowerCase()).filter(Boolean);
    const flags = line('Flags').split(';').map((f) => f.trim().split(' - ')).filter((f) => f.length === 2)
      .map(([letter, name]) => [name.toLowerCase(), letter, name.toLowerCase()]);
    return { columns, flags };
  } catch {
    return { columns: [], flags: [] };
  }
}

const compare = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' }).compare;

export async function tableView(path, session, records, commands) {
  const menu = restPath(path);
  const can = (c) => commands.includes(c) && !session.readOnly;
  // Only the argument names are needed to draw the table; their notes and values (two
  // questions per argument) are asked when a form first opens.
  const [addNames, setNames] = await Promise.all(['add', 'set'].map((c) => (commands.includes(c) ? args([...path, c]) : Promise.resolve([]))));
  const known = [...addNames, ...setNames];
  const described = new Map();
  const fieldsOf = (command) => {
    if (!described.has(command)) described.set(command, describe(path, command, records).catch((e) => { described.delete(command); throw e; }));
    return described.get(command);
  };

  // The columns and flags the router's own `print` shows (its "Flags:" and "Columns:"
  // lines, asked for one record through REST's execute); else the arguments `add`/`set`
  // take that records carry; else what they carry.
  const keys = new Set(records.flatMap((r) => Object.keys(r)));
  const layout = records.length ? await printLayout(path, records[0]['.id']) : { columns: [], flags: [] };
  let columns = layout.columns.filter((c) => keys.has(c) && !NOT_COLUMNS.has(c));
  if (!columns.length) columns = [...new Set(known)].filter((n) => (keys.has(n) || !records.length) && !NOT_COLUMNS.has(n));
  if (!columns.length) columns = [...keys].filter((k) => !NOT_COLUMNS.has(k));
  columns = columns.slice(0, MAX_COLUMNS);
  const hasComment = keys.has('comment') || commands.includes('comment');
  const flagsShown = [...FLAGS.filter(([p]) => keys.has(p)),
    ...layout.flags.filter(([p, l]) => keys.has(p) && !FLAGS.some(([q, m]) => q === p || m === l))];

  let sortBy = null;
  let ascending = true;
  let filter = '';
  let selected = null;
  let panel = null;
  let lastText = JSON.stringify(records);

  const tableAlert = alertBox();
  const count = h('span', { class: 'count', 'aria-live': 'polite' });
  const tbody = h('tbody');
  const filterId = uid('filter');
  const headRow = h('tr');
  const panelSlot = h('div', { class: 'panel-slot' });

  function renderHead() {
    headRow.replaceChildren(...[
      flagsShown.length ? h('th', { scope: 'col', class: 'flags' }, h('span', { class: 'sr-only' }, 'Flags')) : null,
      [...columns, ...(hasComment ? ['comment'] : [])].map((c) => h('th', { scope: 'col', 'aria-sort': sortBy === c ? (ascending ? 'ascending' : 'descending') : 'none' },
        h('button', { type: 'button', class: 'sort', onclick: () => { ascending = sortBy === c ? !ascending : true; sortBy = c; renderHead(); renderRows(); } },
          label(c), sortBy === c ? h('span', { 'aria-hidden': 'true' }, ascending ? ' ▲' : ' ▼') : null))),
      can('remove') || can('enable') || can('disable') ? h('th', { scope: 'col' }, h('span', { class: 'sr-only' }, 'Actions')) : null,
    ].flat().filter(Boolean));
  }

  async function act(button, command, record, alert) {
    alert.clear();
    button.disabled = true;
    try {
      if (command === 'remove') await rest('DELETE', `${menu}/${encodeURIComponent(record['.id'])}`);
      else await rest('POST', `${menu}/${command}`, { '.id': record['.id'] });
      await refresh(true);
      return true;
    } catch (e) {
      alert.show(`${label(command)} ${record['.id']}: ${e.message}`);
      return false;
    } finally {
      button.disabled = false;
    }
  }

  function rowFor(r) {
    const id = r['.id'];
    const flags = flagsShown.filter(([p]) => r[p] === 'true');
    const tr = h('tr', {
      'data-id': id, tabindex: '0', class: [r.disabled === 'true' ? 'disabled' : '', id === selected ? 'selected' : ''].join(' ').trim(),
      'aria-current': id === selected ? 'true' : undefined,
      onclick: (e) => { if (!e.target.closest('button')) openForm(r); },
      onkeydown: (e) => { if (e.key === 'Enter' && e.target === tr) openForm(r); },
    },
    flagsShown.length ? h('td', { class: 'flags', title: flags.map(([, , t]) => t).join(', ') }, flags.map(([, l]) => l).join('')) : null,
    columns.map((c) => h('td', {}, r[c] ?? '')),
    hasComment ? h('td', { class: 'comment' }, r.comment ? `;;; ${r.comment}` : '') : null);
    if (can('remove') || can('enable') || can('disable')) {
      const cell = h('td', { class: 'actions' });
      const on = r.disabled === 'true' ? 'enable' : 'disable';
      if (can(on) && r.dynamic !== 'true') {
        const b = h('button', { type: 'button', 'data-action': on, 'aria-label': `${label(on)} ${id}`, onclick: () => act(b, on, r, tableAlert) }, on === 'enable' ? 'E' : 'D');
        cell.append(b);
      }
      if (can('remove') && r.dynamic !== 'true') {
        const b = h('button', { type: 'button', 'data-action': 'remove', 'aria-label': `Remove ${id}`, onclick: () => act(b, 'remove', r, tableAlert) }, '−');
        cell.append(b);
      }
      tr.append(cell);
    }
    return tr;
  }

  function renderRows() {
    // Keep the keyboard where it was across a redraw.
    const focused = document.activeElement;
    const focusRow = focused && tbody.contains(focused) ? focused.closest('tr')?.dataset.id : undefined;
    const focusAction = focused?.dataset?.action;
    let shown = records;
    if (filter) {
      const f = filter.toLowerCase();
      shown = shown.filter((r) => Object.values(r).some((v) => String(v).toLowerCase().includes(f)));
    }
    if (sortBy) {
      shown = [...shown].sort((a, b) => compare(a[sortBy] ?? '', b[sortBy] ?? '') * (ascending ? 1 : -1));
    }
    tbody.replaceChildren(...shown.slice(0, MAX_ROWS).map(rowFor));
    count.textContent = (shown.length === records.length ? `${records.length} item${records.length === 1 ? '' : 's'}`
      : `${shown.length} of ${records.length} items`) + (shown.length > MAX_ROWS ? ` (first ${MAX_ROWS} shown; filter to see others)` : '');
    if (focusRow !== undefined) {
      const tr = [...tbody.rows].find((row) => row.dataset.id === focusRow);
      const target = focusAction ? tr?.querySelector(`[data-action="${focusAction}"]`) ?? tr : tr;
      target?.focus();
    }
  }

  let lastAsked = Date.now();
  async function refresh(force = false) {
    // A long table is asked for less often: about a millisecond per record between polls.
    if (!force && Date.now() - lastAsked < records.length) return;
    lastAsked = Date.now();
    const fresh = await rest('GET', menu);
    const text = JSON.stringify(fresh);
    if (!force && text === lastText) return;
    lastText = text;
    records = fresh;
    renderRows();
    if (panel) panel.update(records);
  }

  function closeForm() {
    panel = null;
    selected = null;
    panelSlot.replaceChildren();
    renderRows();
  }

  /** The form of a record, or of a new one (`copy`: filled from an existing record, as Copy does). */
  async function openForm(record, copy) {
    const isAdd = !record;
    if (!isAdd) {
      selected = record['.id'];
      renderRows();
    }
    let fields;
    try {
      fields = isAdd || !commands.includes('set') ? await fieldsOf('add') : await fieldsOf('set');
    } catch (e) {
      tableAlert.show(e.message);
      return;
    }
    // Dynamic records belong to the router (connected routes, active logins): look, don't touch.
    const readOnly = session.readOnly || (isAdd ? !can('add') : !can('set') || record.dynamic === 'true');
    const built = await buildFields(fields, record ?? copy, { readOnly });
    const alert = alertBox();
    const title = isAdd ? `${copy ? 'Copy of' : 'New'} ${label(path[path.length - 1])}` : `${label(path[path.length - 1])} <${record['.id']}>`;
    const titleId = uid('title');
    let current = record;
    const gone = h('p', { class: 'note', hidden: true }, 'This item has been removed elsewhere.');
    const dynamic = !isAdd && record.dynamic === 'true' && !session.readOnly
      ? h('p', { class: 'note' }, 'A dynamic item: the router made it, and it cannot be changed here.') : null;
    const commentId = uid('comment');

    async function apply(close) {
      alert.clear();
      const body = built.values(isAdd);
      try {
        if (isAdd) await rest('PUT', menu, body);
        else if (Object.keys(body).length) await rest('PATCH', `${menu}/${encodeURIComponent(current['.id'])}`, body);
        built.settle();
        if (close) closeForm();
        await refresh(true);
      } catch (e) {
        alert.show(e.message);
      }
    }

    const buttons = h('div', { class: 'buttons' });
    if (!readOnly) buttons.append(h('button', { type: 'submit', class: 'primary' }, 'OK'));
    buttons.append(h('button', { type: 'button', onclick: closeForm }, readOnly ? 'Close' : 'Cancel'));
    if (!readOnly && !isAdd) buttons.append(h('button', { type: 'button', onclick: () => apply(false) }, 'Apply'));
    if (!isAdd) {
      const on = () => (current.disabled === 'true' ? 'enable' : 'disable');
      if (can('enable') && can('disable') && current.dynamic !== 'true') {
        const b = h('button', { type: 'button', onclick: async () => { await act(b, on(), current, alert); b.textContent = label(on()); } }, label(on()));
        buttons.append(b);
      }
      if (can('comment') && current.dynamic !== 'true') {
        const commentBox = h('div', { class: 'comment-box', hidden: true },
          h('label', { for: commentId }, 'Comment text'),
          h('input', { type: 'text', id: commentId, value: current.comment ?? '' }),
          h('button', { type: 'button', onclick: async () => {
            alert.clear();
            try {
              await rest('POST', `${menu}/comment`, { '.id': current['.id'], comment: document.getElementById(commentId).value });
              commentBox.hidden = true;
              await refresh(true);
            } catch (e) { alert.show(e.message); }
          } }, 'Save comment'));
        buttons.append(h('button', { type: 'button', 'aria-expanded': 'false', onclick: (e) => {
          commentBox.hidden = !commentBox.hidden;
          e.currentTarget.setAttribute('aria-expanded', String(!commentBox.hidden));
          if (!commentBox.hidden) document.getElementById(commentId).focus();
        } }, 'Comment'), commentBox);
      }
      if (can('add') && current.dynamic !== 'true') {
        buttons.append(h('button', { type: 'button', onclick: () => openForm(null, current) }, 'Copy'));
      }
      if (can('remove') && current.dynamic !== 'true') {
        const b = h('button', { type: 'button', class: 'danger', onclick: async () => { if (await act(b, 'remove', current, alert)) closeForm(); } }, 'Remove');
        buttons.append(b);
      }
    }
    const form = h('form', {
      class: 'record-form', 'aria-labelledby': titleId, novalidate: true,
      onsubmit: (e) => { e.preventDefault(); apply(true); },
      onkeydown: (e) => { if (e.key === 'Escape') { e.preventDefault(); closeForm(); } },
    }, h('h2', { id: titleId }, title), gone, dynamic, h('div', { class: 'fields' }, built.rows), alert.el, buttons);
    const section = h('section', { class: 'panel', role: 'region', 'aria-labelledby': titleId }, form);
    panelSlot.replaceChildren(section);
    panel = {
      update(list) {
        if (isAdd) return;
        const fresh = list.find((r) => r['.id'] === current['.id']);
        gone.hidden = !!fresh;
        if (fresh) { current = fresh; built.refresh(fresh); }
      },
    };
    (built.inputs.find((i) => !i.input.disabled)?.input ?? section.querySelector('button'))?.focus();
  }

  const toolbar = h('div', { class: 'toolbar' },
    can('add') ? h('button', { type: 'button', class: 'primary', onclick: () => openForm(null) }, 'Add New') : null,
    h('label', { for: filterId, class: 'sr-only' }, 'Filter'),
    h('input', { type: 'search', id: filterId, placeholder: 'Filter', 'aria-label': 'Filter', oninput: (e) => { filter = e.target.value; renderRows(); } }),
    count);
  renderHead();
  renderRows();
  const el = h('div', { class: 'table-view' }, toolbar, tableAlert.el, panelSlot,
    h('div', { class: 'table-wrap' }, h('table', { class: 'records', 'aria-label': label(path[path.length - 1]) }, h('thead', {}, headRow), tbody)));
  return { el, refresh: () => refresh(false) };
}
