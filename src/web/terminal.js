// The terminal: the console language over REST (POST /rest/execute with as-string), with
// the router's prompt ([user@identity] /ip address>), history on the arrow keys, and the
// console's way of entering a menu by typing its path alone.

import { rest, currentUser } from './rest.js';
import { isDir } from './tree.js';
import { h, uid } from './dom.js';

const history = [];

/** Path words of a line that only names a menu ('/ip address', '..', '/'), or null. */
async function menuOnly(line, cwd) {
  const words = line.trim().split(/\s+/);
  if (!words[0]) return null;
  let path = words[0].startsWith('/') ? [] : [...cwd];
  for (let w of words) {
    if (w.startsWith('/')) w = w.slice(1);
    for (const part of w.split('/').filter(Boolean)) {
      if (part === '..') { path.pop(); continue; }
      path.push(part);
    }
  }
  if (line.trim() === '/') return [];
  if (!words.every((w) => /^[\w./-]+$/.test(w))) return null;
  return (await isDir(path)) ? path : null;
}

export function terminalView(session) {
  let cwd = [];
  let at = history.length;
  const output = h('pre', { class: 'term-output', role: 'log', 'aria-live': 'polite', 'aria-label': 'Terminal output' });
  const inputId = uid('cmd');
  const promptEl = h('span', { class: 'prompt', 'aria-hidden': 'true' });
  const input = h('input', { id: inputId, type: 'text', class: 'term-input', autocomplete: 'off', spellcheck: false, autocapitalize: 'off' });
  const prompt = () => `[${currentUser()}@${session.identity}] ${cwd.length ? '/' + cwd.join(' ') : ''}> `;
  const showPrompt = () => { promptEl.textContent = prompt(); };
  const write = (text) => { output.append(text); output.scrollTop = output.scrollHeight; };
  showPrompt();
  rest('GET', 'system/identity').then((r) => { session.identity = r.name ?? session.identity; showPrompt(); }, () => {});

  async function run(line) {
    write(prompt() + line + '\n');
    if (line.trim()) { history.push(line); }
    at = history.length;
    if (!line.trim()) return;
    const menu = await menuOnly(line, cwd).catch(() => null);
    if (menu) { cwd = menu; showPrompt(); return; }
    const script = line.trim().startsWith('/') || !cwd.length ? line : `/${cwd.join(' ')} ${line}`;
    try {
      const reply = await rest('POST', 'execute', { script, 'as-string': '' });
      const text = reply && typeof reply.ret === 'string' ? reply.ret : '';
      if (text) write(text.endsWith('\n') ? text : text + '\n');
    } catch (e) {
      write(`${e.message}\n`);
    }
    try { session.identity = (await rest('GET', 'system/identity')).name ?? session.identity; } catch { /* keep the old one */ }
    showPrompt();
  }

  const form = h('form', {
    class: 'term-line', onsubmit: async (e) => {
      e.preventDefault();
      const line = input.value;
      input.value = '';
      input.disabled = true;
      try { await run(line); } finally { input.disabled = false; input.focus(); }
    },
  }, h('label', { for: inputId, class: 'sr-only' }, 'Command'), promptEl, input);
  input.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowUp' && at > 0) { at--; input.value = history[at]; e.preventDefault(); }
    else if (e.key === 'ArrowDown') { at = Math.min(history.length, at + 1); input.value = history[at] ?? ''; e.preventDefault(); }
  });
  const el = h('div', { class: 'terminal', onclick: () => { if (!getSelection()?.toString()) input.focus(); } }, output, form);
  return { el, refresh: async () => {}, focus: () => input.focus() };
}
