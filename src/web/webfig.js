// WebFig: login, the menu of every directory of the router's tree, and one view per hash
// route (#/ip/address, #/system/identity, #/terminal, #/log, #/graphs), so a page can be
// linked and reloaded. A menu's view is chosen by what the router answers: GET of a table
// is a list, of settings an object; a directory without either lists its sub-menus.

import { rest, restPath, onLoginLost } from './rest.js';
import { dirs, cmds, isDir } from './tree.js';
import { loginForm, logout } from './login.js';
import { tableView } from './table.js';
import { settingsView } from './settings.js';
import { commandBar } from './commands.js';
import { terminalView } from './terminal.js';
import { logView } from './log.js';
import { graphsView } from './graphs.js';
import { h } from './dom.js';
import { label, pathText, topOrder } from './names.js';

const REFRESH_MS = 2000;
/** Views of their own; every other route is a menu of the tree. */
const PAGES = {
  terminal: { title: 'Terminal', make: (s) => terminalView(s) },
  graphs: { title: 'Graphs', make: () => graphsView() },
  log: { title: 'Log', make: () => logView() },
};

const main = document.getElementById('main');
const nav = document.getElementById('menu');
const logoutButton = document.getElementById('logout');
const menuToggle = document.getElementById('menu-toggle');
const whoami = document.getElementById('whoami');

let session = null;
let view = null;
let routeToken = 0;
let timer = null;

function routePath() {
  const hash = decodeURIComponent(location.hash.replace(/^#\/?/, ''));
  return hash.split('/').filter(Boolean);
}

// ---- the menu ----

const items = new Map();

function menuItem(path) {
  const name = path[path.length - 1];
  const text = label(name, path.length === 1);
  const sub = h('ul', { hidden: true });
  const expander = h('button', { type: 'button', class: 'expander', 'aria-expanded': 'false', 'aria-label': `Open ${text}` }, '▸');
  const li = h('li', {}, h('a', { href: '#/' + path.join('/'), 'data-path': path.join('/') }, text), expander, sub);
  const item = { li, sub, expander, loaded: null };
  item.open = async (open = true) => {
    if (open && !item.loaded) {
      item.loaded = dirs(path).then((names) => {
        const kids = names.map((n) => menuItem([...path, n]));
        sub.replaceChildren(...kids.map((k) => k.li));
        if (!names.length) expander.hidden = true;
        for (const k of kids) k.probe();
      }).catch(() => { item.loaded = null; });
    }
    await item.loaded;
    sub.hidden = !open || !sub.children.length;
    expander.setAttribute('aria-expanded', String(!sub.hidden));
    expander.textContent = sub.hidden ? '▸' : '▾';
  };
  /** Hides the expander of a directory that has no sub-directories. */
  item.probe = () => dirs(path).then((names) => { if (!names.length) expander.hidden = true; }, () => {});
  expander.addEventListener('click', () => item.open(sub.hidden));
  items.set(path.join('/'), item);
  return item;
}

async function buildMenu() {
  items.clear();
  const top = topOrder(await dirs([]));
  const pages = Object.entries(PAGES).filter(([k]) => !top.includes(k))
    .map(([k, p]) => h('li', {}, h('a', { href: `#/${k}`, 'data-path': k }, p.title)));
  const tops = top.map((n) => menuItem([n]));
  nav.replaceChildren(h('ul', { class: 'tree' }, tops.map((t) => t.li), pages));
  for (const t of tops) t.probe();
}

async function showInMenu(path) {
  for (let i = 1; i < path.length; i++) await items.get(path.slice(0, i).join('/'))?.open(true);
  for (const a of nav.querySelectorAll('a[aria-current]')) a.removeAttribute('aria-current');
  nav.querySelector(`a[data-path="${CSS.escape(path.join('/'))}"]`)?.setAttribute('aria-current', 'page');
}

// ---- views ----

function heading(path) {
  return h('h1', { tabindex: '-1' }, path.length ? path.map((w, i) => label(w, i === 0)).join(' › ') : session.identity);
}

/** Sub-menus as tabs above a menu's own view (IP › Firewall: Filter, NAT, ...). */
function tabs(path, names) {
  if (!names.length) return null;
  return h('nav', { class: 'tabs', 'aria-label': 'Sub-menus' },
    h('ul', {}, names.map((n) => h('li', {}, h('a', { href: '#/' + [...path, n].join('/') }, label(n, path.length === 0))))));
}

async function menuView(path) {
  if (!(await isDir(path))) return { el: h('p', { class: 'alert', role: 'alert' }, `no such menu: ${pathText(path)}`), refresh: async () => {} };
  const [subs, commands] = await Promise.all([dirs(path), cmds(path)]);
  let answer;
  let refused = null;
  if (path.length && commands.includes('print')) {
    try { answer = await rest('GET', restPath(path)); } catch (e) { refused = e.message; }
  }
  const inner = Array.isArray(answer) ? await tableView(path, session, answer, commands)
    : answer && typeof answer === 'object' ? await settingsView(path, session, answer, commands)
      : null;
  const el = h('div', { class: 'menu-view', 'data-path': path.join('/') }, tabs(path, subs), path.length ? commandBar(path, commands) : null,
    refused ? h('p', { class: 'alert', role: 'alert' }, refused) : null,
    inner ? inner.el : (subs.length ? null : h('p', {}, 'Nothing to show here.')));
  return { el, refresh: inner ? inner.refresh : async () => {} };
}

async function route() {
  if (!session) return;
  const token = ++routeToken;
  const path = routePath();
  view?.dispose?.();
  view = null;
  const page = path.length === 1 ? PAGES[path[0]] : undefined;
  rest('GET', 'system/identity').then((r) => { if (session && r?.name) { session.identity = r.name; showWho(); } }, () => {});
  document.title = `${path.length ? (page ? page.title : path.map((w) => label(w)).join(' › ')) : 'WebFig'} - ${session.identity}`;
  showInMenu(path).catch(() => {});
  let next;
  try {
    next = page ? await page.make(session) : await menuView(path);
  } catch (e) {
    next = { el: h('p', { class: 'alert', role: 'alert' }, e.message), refresh: async () => {} };
  }
  if (token !== routeToken) { next.dispose?.(); return; }
  view = next;
  const title = page ? h('h1', { tabindex: '-1' }, page.title) : heading(path);
  main.replaceChildren(title, view.el);
  if (view.focus) view.focus(); else title.focus({ preventScroll: true });
}

function showWho() {
  whoami.textContent = session ? `${session.user}@${session.identity}${session.readOnly ? ' (read-only)' : ''}` : '';
}

async function poll() {
  if (!view || document.hidden) return;
  try { await view.refresh(); } catch { /* the next poll tries again; a lost login is handled by rest.js */ }
}

// ---- session ----

async function start() {
  session = null;
  view?.dispose?.();
  view = null;
  clearInterval(timer);
  nav.hidden = true;
  nav.replaceChildren();
  logoutButton.hidden = true;
  menuToggle.hidden = true;
  whoami.textContent = '';
  document.title = 'WebFig';
  const s = await loginForm(main, 'WebFig Login');
  session = s;
  showWho();
  logoutButton.hidden = false;
  menuToggle.hidden = false;
  nav.hidden = false;
  await buildMenu().catch((e) => nav.replaceChildren(h('p', { class: 'alert', role: 'alert' }, e.message)));
  timer = setInterval(poll, REFRESH_MS);
  await route();
}

window.addEventListener('hashchange', () => {
  document.body.classList.remove('menu-open');
  menuToggle.setAttribute('aria-expanded', 'false');
  route();
});
logoutButton.addEventListener('click', () => { logout(); start(); });
menuToggle.addEventListener('click', () => {
  const open = document.body.classList.toggle('menu-open');
  menuToggle.setAttribute('aria-expanded', String(open));
});
onLoginLost(() => { if (session) { logout(); start(); } });
start();
