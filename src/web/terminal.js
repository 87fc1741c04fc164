// The terminal: the console language over REST (POST /rest/execute with as-string), with
// the router's prompt ([user@identity] /ip address>), history on the arrow keys, and the
// console's way of entering a menu by typing its path alone.

import { rest, currentUser } from './rest.js';
import { isDir, children } from './tree.js';
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

/**
 * Tab completion as the console does it, from the tree: menu, command and argument names
 * that start with the last word typed. Returns the completed line and, when several names
 * fit, the names to show.
 */
async function complete(line, cwd) {
  const match = /^(.*?)([^\s/]*)$/.exec(line);
  const before = match[1];
  const partial = match[2];
  if (partial.includes('=')) return { line, names: [] };
  const words = before.trim().split(/[\s/]+/).filter(Boolean);
  let node = before.trimStart().startsWith('/') ? [] : [...cwd];
  let inCommand = false;
  for (const w of words) {
    if (w.includes('=') || inCommand) continue;
    if (w === '..') { node.pop(); continue; }
    const kid = (await children(node)).find((c) => c.name === w);
    if (!kid) return { line, names: [] };
    node = [...node, w];
    if (kid.kind === 'cmd') inCommand = true;
  }
  const names = (await children(node)).filter((c) => c.name.startsWith(partial) && (inCommand ? c.kind === 'arg' : c.kind !== 'arg'));
  if (!names.length) return { line, names: [] };
  if (names.length === 1) {
    const [only] = names;
    return { line: before + only.name + (only.kind === 'arg' ? '=' : ' '), names: [] };
  }
  let common = names[0].name;
  for (const n of names) while (!n.name.startsWith(common)) common = common.slice(0, -1);
  return { line: before + (common.length > partial.length ? common : partial), names: names.map((n) => n.name) };
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
      // The router separates the lines it prints with CR LF; the page shows plain lines.
      const text = reply && typeof reply.ret === 'string' ? reply.ret.replace(/\r\n/g, '\n') : '';
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
    if (e.key === 'Tab' && !e.shiftKey && input.value.trim()) {
      // Tab completes while there is something to complete; on an empty line it moves focus as usual.
      e.preventDefault();
      complete(input.value, cwd).then(({ line, names }) => {
        if (names.length) write(prompt() + input.value + '\n' + names.join('  ') + '\n');
        input.value = line;
      }, () => {});
      return;
    }
    if (e.key === 'ArrowUp' && at > 0) { at--; input.value = history[at]; e.preventDefault(); }
    else if (e.key === 'ArrowDown') { at = Math.min(history.length, at + 1); input.value = history[at] ?? ''; e.preventDefault(); }
  });
  const el = h('div', { class: 'terminal', onclick: () => { if (!getSelection()?.toString()) input.focus(); } }, output, form);
  return { el, refresh: async () => {}, focus: () => input.focus() };
}
