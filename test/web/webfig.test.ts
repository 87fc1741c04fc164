// WebFig in a real browser: headless Chromium (Debian's, driven by playwright-core) against
// a real router on a free loopback port. Each test does what a person does (types into
// labelled fields, presses buttons, reloads) and checks both the screen and, over REST,
// the router. The screenshots in docs/webfig/ are taken here.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startRouter, client, call, type TestRouter } from '../helpers/router.js';

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
// `VROUTER_SCREENSHOTS=1 npm test` writes them into docs/webfig/; an ordinary run takes them
// into a temporary folder, so that running the tests leaves the work tree as it was.
const SHOTS = process.env.VROUTER_SCREENSHOTS ? path.resolve('docs', 'webfig') : fs.mkdtempSync(path.join(os.tmpdir(), 'webfig-shots-'));

let r: TestRouter;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let base: string;
let rest: ReturnType<typeof client>;
/** What the browser complained about (CSP refusals, script errors): must stay empty. */
const problems: string[] = [];

async function newPage(width = 1280, height = 800): Promise<Page> {
  const p = await context.newPage();
  p.setDefaultTimeout(5000);
  await p.setViewportSize({ width, height });
  // Refusals from /rest are part of the tests; anything else failing is not.
  p.on('console', (m) => { if (m.type() === 'error' && !/^Failed to load resource/.test(m.text())) problems.push(m.text()); });
  p.on('pageerror', (e) => problems.push(String(e)));
  p.on('response', (res) => { if (res.status() >= 400 && !new URL(res.url()).pathname.startsWith('/rest/')) problems.push(`${res.status()} ${res.url()}`); });
  return p;
}

async function login(p: Page, user = 'admin', password = '') {
  await p.getByRole('textbox', { name: 'Login', exact: true }).fill(user);
  await p.getByLabel('Password', { exact: true }).fill(password);
  await p.getByRole('button', { name: 'Connect' }).click();
}

const shot = (p: Page, name: string) => p.screenshot({ path: path.join(SHOTS, `${name}.png`) });
const rows = (p: Page) => p.locator('table.records tbody tr');

before(async () => {
  r = await startRouter();
  base = `http://127.0.0.1:${r.port}`;
  rest = client(r.port);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  context = await browser.newContext();
  page = await newPage();
  fs.mkdirSync(SHOTS, { recursive: true });
});

after(async () => {
  await browser?.close();
  await r?.stop();
});

test('the page is static files with ETags and a policy that allows no inline script', async () => {
  const first = await call(r.port, 'GET', '/webfig/', undefined, { noAuth: true });
  assert.equal(first.status, 200);
  assert.match(first.headers['content-type']!, /^text\/html/);
  const csp = String(first.headers['content-security-policy']);
  assert.match(csp, /script-src 'self';/);
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|https?:/);
  assert.doesNotMatch(first.text, /<script>|<script(?![^>]*\bsrc=)[^>]*>|\bon\w+=|https?:\/\//, 'no inline script, nothing from elsewhere');
  const etag = String(first.headers.etag);
  assert.match(etag, /^"[\w-]+"$/);
  assert.equal(first.headers['cache-control'], 'no-cache');
  const again = await call(r.port, 'GET', '/webfig/', undefined, { noAuth: true, headers: { 'If-None-Match': etag } });
  assert.deepEqual([again.status, again.text], [304, '']);
  // The chart library is served from here (vendored by the build), small when gzipped.
  const chart = await call(r.port, 'GET', '/graphs/uPlot.iife.min.js', undefined, { noAuth: true, headers: { 'Accept-Encoding': 'gzip' } });
  assert.equal(chart.status, 200);
  assert.equal(chart.headers['content-encoding'], 'gzip');
  assert.ok(Number(chart.headers['content-length']) < 30_000, `gzipped uPlot is ${chart.headers['content-length']} bytes`);
  assert.equal((await call(r.port, 'GET', '/webfig/nothing.js', undefined, { noAuth: true })).status, 404);
  const head = await call(r.port, 'HEAD', '/webfig/webfig.js', undefined, { noAuth: true });
  assert.deepEqual([head.status, head.headers['content-type'], head.headers.etag !== undefined, head.text], [200, 'text/javascript; charset=utf-8', true, '']);
  const bare = await call(r.port, 'GET', '/graphs', undefined, { noAuth: true });
  assert.deepEqual([bare.status, bare.headers.location], [301, '/graphs/']);
  assert.equal((await call(r.port, 'GET', '/webfig/..%2fpackage.json', undefined, { noAuth: true })).status, 404);
});

test('a wrong password shows the router\'s refusal and stays on the login form', async () => {
  await page.goto(`${base}/webfig/`);
  await shot(page, 'login');
  await login(page, 'admin', 'wrong');
  await assert.doesNotReject(page.getByRole('alert').filter({ hasText: 'Login failed: Unauthorized' }).waitFor());
  assert.equal(await page.getByRole('button', { name: 'Connect' }).isVisible(), true);
  assert.equal(await page.getByRole('textbox', { name: 'Login', exact: true }).inputValue(), 'admin');
});

test('login shows the menu of the tree; the password is kept only in memory', async () => {
  await login(page);
  const menu = page.getByRole('navigation', { name: 'Menu', exact: true });
  await menu.getByRole('link', { name: 'Terminal', exact: true }).waitFor();
  const top = await menu.locator(':scope > ul > li > a').allInnerTexts();
  const expected = ['Interfaces', 'IP', 'System', 'Files', 'Log', 'Tools'];
  assert.deepEqual(top.filter((t) => expected.includes(t)), expected, `in the real WebFig's order: ${top.join(', ')}`);
  const stored = await page.evaluate(() => [localStorage.length, sessionStorage.length, document.cookie]);
  assert.deepEqual(stored, [0, 0, '']);
  // Opening a directory lists its sub-directories, learnt from the tree.
  await menu.getByRole('button', { name: 'Open IP', exact: true }).click();
  await menu.getByRole('link', { name: 'Address', exact: true }).waitFor();
});

test('#/ip/address is a table of the records, one row per .id, with flags, sort, filter and count', async () => {
  await rest.put('/rest/ip/address', { address: '10.9.9.1/24', interface: 'ether3', disabled: 'yes', comment: 'spare' });
  await page.goto(`${base}/webfig/#/ip/address`);
  const records = (await rest.get('/rest/ip/address')).json as Record<string, string>[];
  await page.locator(`tr[data-id="${records[records.length - 1]['.id']}"]`).waitFor();
  assert.deepEqual(await rows(page).evaluateAll((trs) => trs.map((t) => (t as HTMLElement).dataset.id)), records.map((x) => x['.id']));
  const headers = await page.locator('table.records thead th').allInnerTexts();
  assert.deepEqual(headers.slice(1, 4), ['Address', 'Network', 'Interface']);
  const spare = page.locator(`tr[data-id="${records[1]['.id']}"]`);
  assert.equal(await spare.locator('td.flags').innerText(), 'X');
  assert.match(await spare.innerText(), /10\.9\.9\.1\/24\s+10\.9\.9\.0\s+ether3\s+;;; spare/);
  assert.equal(await page.locator('.count').innerText(), '2 items');
  const sort = page.getByRole('button', { name: 'Address', exact: true });
  await sort.click();
  assert.deepEqual(await rows(page).locator('td:nth-child(2)').allInnerTexts(), ['10.9.9.1/24', '192.168.88.1/24']);
  await sort.click();
  assert.equal(await page.locator('th', { has: sort }).getAttribute('aria-sort'), 'descending');
  assert.deepEqual(await rows(page).locator('td:nth-child(2)').allInnerTexts(), ['192.168.88.1/24', '10.9.9.1/24']);
  await page.getByRole('searchbox', { name: 'Filter' }).fill('ether3');
  assert.equal(await page.locator('.count').innerText(), '1 of 2 items');
  await page.getByRole('searchbox', { name: 'Filter' }).fill('');
  await shot(page, 'ip-address');
});

test('Add New: inputs named after the arguments; a refused value shows the router\'s text and keeps the form; OK creates', async () => {
  await page.getByRole('button', { name: 'Add New' }).click();
  const form = page.locator('form.record-form');
  await form.locator('[name="address"]').fill('300.1.1.1/24');
  assert.equal(await form.locator('[name="interface"]').evaluate((e) => e.tagName), 'SELECT');
  assert.equal(await form.locator('[name="disabled"]').getAttribute('type'), 'checkbox');
  await form.locator('[name="interface"]').selectOption('ether2');
  await form.getByRole('button', { name: 'OK' }).click();
  await form.getByRole('alert').filter({ hasText: 'invalid value for argument address' }).waitFor();
  assert.equal(await form.locator('[name="address"]').inputValue(), '300.1.1.1/24', 'nothing lost from the form');
  assert.equal(await form.locator('[name="interface"]').inputValue(), 'ether2');
  await shot(page, 'ip-address-refused');
  await form.locator('[name="address"]').fill('10.7.7.1/24');
  await form.getByRole('button', { name: 'OK' }).click();
  await form.waitFor({ state: 'detached' });
  const added = ((await rest.get('/rest/ip/address?address=10.7.7.1/24')).json as Record<string, string>[]);
  assert.equal(added.length, 1);
  assert.deepEqual([added[0].interface, added[0].disabled, added[0].network], ['ether2', 'false', '10.7.7.0']);
  await page.locator(`tr[data-id="${added[0]['.id']}"]`).waitFor();
  // Cancel applies nothing.
  await page.getByRole('button', { name: 'Add New' }).click();
  await form.locator('[name="address"]').fill('10.8.8.1/24');
  await form.getByRole('button', { name: 'Cancel' }).click();
  assert.deepEqual((await rest.get('/rest/ip/address?address=10.8.8.1/24')).json, []);
});

test('a row opens the same form to edit; Disable, Comment and Remove act on the record', async () => {
  const [rec] = (await rest.get('/rest/ip/address?address=10.7.7.1/24')).json as Record<string, string>[];
  const id = rec['.id'];
  await page.locator(`tr[data-id="${id}"]`).click();
  const form = page.locator('form.record-form');
  await form.getByRole('heading', { name: `Address <${id}>` }).waitFor();
  assert.equal(await form.locator('[name="address"]').inputValue(), '10.7.7.1/24');
  await form.locator('[name="address"]').fill('10.7.7.2/24');
  await form.getByRole('button', { name: 'Apply' }).click();
  await page.waitForFunction(() => document.querySelector('.record-form [name="address"]') !== null);
  await waitFor(async () => ((await rest.get(`/rest/ip/address/${id}`)).json as Record<string, string>).address === '10.7.7.2/24');
  assert.equal(await page.locator(`tr[data-id="${id}"]`).getAttribute('aria-current'), 'true');
  await form.getByRole('button', { name: 'Disable' }).click();
  await waitFor(async () => ((await rest.get(`/rest/ip/address/${id}`)).json as Record<string, string>).disabled === 'true');
  await form.getByRole('button', { name: 'Enable' }).waitFor();
  await form.getByRole('button', { name: 'Comment', exact: true }).click();
  await form.getByLabel('Comment text').fill('lab');
  await form.getByRole('button', { name: 'Save comment' }).click();
  await waitFor(async () => ((await rest.get(`/rest/ip/address/${id}`)).json as Record<string, string>).comment === 'lab');
  await shot(page, 'ip-address-edit');
  // Copy opens a new record's form filled from this one.
  await form.getByRole('button', { name: 'Copy' }).click();
  await form.getByRole('heading', { name: 'Copy of Address' }).waitFor();
  assert.deepEqual([await form.locator('[name="address"]').inputValue(), await form.locator('[name="interface"]').inputValue()], ['10.7.7.2/24', 'ether2']);
  await form.getByRole('button', { name: 'Cancel' }).click();
  await page.locator(`tr[data-id="${id}"]`).click();
  await form.getByRole('heading', { name: `Address <${id}>` }).waitFor();
  await form.getByRole('button', { name: 'Remove' }).click();
  await form.waitFor({ state: 'detached' });
  assert.equal((await rest.get(`/rest/ip/address/${id}`)).status, 404);
  await page.locator(`tr[data-id="${id}"]`).waitFor({ state: 'detached' });
});

test('the table follows changes made elsewhere without losing the open form or the selection', async () => {
  const [first] = (await rest.get('/rest/ip/address')).json as Record<string, string>[];
  await page.locator(`tr[data-id="${first['.id']}"]`).click();
  const form = page.locator('form.record-form');
  await form.getByRole('heading', { name: `Address <${first['.id']}>` }).waitFor();
  await form.locator('[name="comment"]').fill('typing');
  const added = (await rest.put('/rest/ip/address', { address: '10.6.6.1/24', interface: 'ether4' })).json as Record<string, string>;
  await page.locator(`tr[data-id="${added['.id']}"]`).waitFor({ timeout: 5000 });
  assert.equal(await form.locator('[name="comment"]').inputValue(), 'typing');
  assert.equal(await page.locator(`tr[data-id="${first['.id']}"]`).getAttribute('aria-current'), 'true');
  await form.getByRole('button', { name: 'Cancel' }).click();
  assert.equal(((await rest.get(`/rest/ip/address/${first['.id']}`)).json as Record<string, string>).comment, 'defconf');
  // By keyboard: a row takes focus and Enter opens it; Escape closes the form.
  await page.locator(`tr[data-id="${added['.id']}"]`).focus();
  await page.keyboard.press('Enter');
  await form.getByRole('heading', { name: `Address <${added['.id']}>` }).waitFor();
  assert.equal(await page.evaluate(() => (document.activeElement as HTMLInputElement).name), 'address');
  await page.keyboard.press('Escape');
  await form.waitFor({ state: 'detached' });
});

test('every directory of the tree has its page: a table for a list, a form for an object, sub-menus otherwise', async () => {
  // Walk the tree as the page does, through REST, and check each page against REST's own answer.
  const inspect = async (path: string[]) => ((await rest.post('/rest/console/inspect', { request: 'child', path: path.join(',') })).json as Record<string, string>[])
    .filter((row) => row.type === 'child');
  const dirs: string[][] = [];
  const walk = async (path: string[]) => {
    for (const row of await inspect(path)) if (row['node-type'] === 'dir') { dirs.push([...path, row.name]); await walk([...path, row.name]); }
  };
  await walk([]);
  assert.ok(dirs.length >= 30, `${dirs.length} directories`);
  const skip = new Set(['terminal', 'graphs', 'log']); // pages of their own
  for (const dir of dirs.filter((d) => !skip.has(d.join('/')))) {
    const kids = await inspect(dir);
    const answer = kids.some((k) => k.name === 'print' && k['node-type'] === 'cmd') ? await rest.get(`/rest/${dir.join('/')}`) : undefined;
    await page.goto(`${base}/webfig/#/${dir.join('/')}`);
    const what = dir.join('/');
    const view = page.locator(`main .menu-view[data-path="${what}"]`);
    await view.waitFor();
    if (answer?.status === 200 && Array.isArray(answer.json)) {
      const n = answer.json.length;
      await view.locator('.count').filter({ hasText: new RegExp(`^${n} items?`) }).waitFor();
      assert.equal(await view.locator('table.records tbody tr').count(), Math.min(n, 1000), what);
    } else if (answer?.status === 200) {
      await view.locator('form.settings-form').waitFor();
      const shown = await view.locator('form.settings-form :is(input, select), dl.readonly dd').count();
      assert.ok(shown >= Object.keys(answer.json).length, `${what}: ${shown} fields for ${Object.keys(answer.json).length} properties`);
    } else {
      const subs = kids.filter((k) => k['node-type'] === 'dir').map((k) => k.name);
      if (answer) await view.getByRole('alert').filter({ hasText: answer.json.detail ?? answer.json.message }).waitFor();
      assert.deepEqual(await view.locator('nav.tabs a').evaluateAll((as) => as.map((a) => a.getAttribute('href'))), subs.map((n) => `#/${what}/${n}`), what);
    }
  }
});

test('a menu\'s own commands are buttons with a form of their arguments: Tools › Ping, Interfaces › Monitor Traffic', async () => {
  await page.goto(`${base}/webfig/#/tool`);
  await page.getByRole('group', { name: 'Commands' }).getByRole('button', { name: 'Ping', exact: true }).click();
  const form = page.locator('form.command-form');
  await form.locator('[name="address"]').fill('127.0.0.1');
  assert.equal(await form.locator('[name="count"]').inputValue(), '4', 'a count, so that ping ends');
  await form.locator('[name="count"]').fill('2');
  await form.getByRole('button', { name: 'Run' }).click();
  const result = form.getByRole('table', { name: 'Result' });
  await result.waitFor();
  assert.equal(await result.locator('tbody tr').count(), 2);
  for (const row of await result.locator('tbody tr').allInnerTexts()) assert.match(row, /\t127\.0\.0\.1\t/);
  assert.match(await result.locator('thead').innerText(), /Host/);
  await page.locator('section.panel').screenshot({ path: path.join(SHOTS, 'tool-ping.png') });
  await form.locator('[name="address"]').fill('not-an-address');
  await form.getByRole('button', { name: 'Run' }).click();
  const refusal = (await rest.post('/rest/tool/ping', { address: 'not-an-address', count: '2' })).json.detail as string;
  await form.getByRole('alert').filter({ hasText: refusal }).waitFor();
  await page.goto(`${base}/webfig/#/interface`);
  await page.getByRole('group', { name: 'Commands' }).getByRole('button', { name: 'Monitor Traffic' }).click();
  await form.locator('[name="interface"]').selectOption('ether1');
  await form.getByRole('button', { name: 'Run' }).click();
  await result.locator('td', { hasText: 'ether1' }).waitFor();
});

test('a dynamic record (a connected route) shows its D flag and opens read-only', async () => {
  const [route] = (await rest.get('/rest/ip/route?dynamic=true')).json as Record<string, string>[];
  await page.goto(`${base}/webfig/#/ip/route`);
  const row = page.locator(`tr[data-id="${route['.id']}"]`);
  await row.waitFor();
  assert.match(await row.locator('td.flags').innerText(), /^D/);
  assert.equal(await row.locator('td.actions button').count(), 0);
  await row.click();
  const form = page.locator('form.record-form');
  await form.getByText('A dynamic item').waitFor();
  assert.equal(await form.locator('[name="dst-address"]').isDisabled(), true);
  assert.deepEqual(await form.getByRole('button').allInnerTexts(), ['Close']);
  await form.getByRole('button', { name: 'Close' }).click();
});

test('a settings menu is one form: #/system/identity and #/ip/dns', async () => {
  await page.goto(`${base}/webfig/#/system/identity`);
  const name = page.locator('form.settings-form [name="name"]');
  await name.waitFor();
  assert.equal(await name.inputValue(), 'MikroTik');
  await name.fill('edge-1');
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('status').filter({ hasText: 'Applied.' }).waitFor();
  assert.deepEqual((await rest.get('/rest/system/identity')).json, { name: 'edge-1' });
  await page.goto(`${base}/webfig/#/ip/dns`);
  const remote = page.locator('form.settings-form [name="allow-remote-requests"]');
  await remote.waitFor();
  assert.equal(await remote.getAttribute('type'), 'checkbox');
  const size = page.locator('form.settings-form [name="cache-size"]');
  await size.fill('-5');
  await page.getByRole('button', { name: 'Apply' }).click();
  const refusal = (await rest.post('/rest/ip/dns/set', { 'cache-size': '-5' })).json.detail as string;
  await page.getByRole('alert').filter({ hasText: refusal }).waitFor();
  await size.fill('4096');
  await page.getByRole('button', { name: 'OK' }).click();
  // OK applies and goes back to the parent menu.
  await page.locator('h1', { hasText: /^IP$/ }).waitFor();
  assert.equal(((await rest.get('/rest/ip/dns')).json as Record<string, string>)['cache-size'], '4096');
  await page.goto(`${base}/webfig/#/ip/dns`);
  await size.waitFor();
  await shot(page, 'ip-dns');
});

test('the terminal runs console commands with the router\'s prompt and history', async () => {
  await page.goto(`${base}/webfig/#/terminal`);
  const input = page.getByRole('textbox', { name: 'Command' });
  await input.waitFor();
  await input.fill('/system identity print');
  await input.press('Enter');
  const output = page.getByRole('log', { name: 'Terminal output' });
  await output.filter({ hasText: 'name: edge-1' }).waitFor();
  assert.match(await output.innerText(), /\[admin@edge-1\] > \/system identity print\n\s*name: edge-1/);
  await input.fill('/ip address');
  await input.press('Enter');
  await input.fill('print count-only');
  await input.press('Enter');
  const count = ((await rest.post('/rest/ip/address/print', { 'count-only': '' })).json as { ret: string }).ret;
  await output.filter({ hasText: `[admin@edge-1] /ip address> print count-only\n${count}\n` }).waitFor();
  await page.waitForFunction(() => !(document.querySelector('.term-input') as HTMLInputElement).disabled);
  await input.press('ArrowUp');
  assert.equal(await input.inputValue(), 'print count-only');
  // Tab completes names from the tree, and lists them when several fit.
  await input.fill('/sys');
  await input.press('Tab');
  await page.waitForFunction(() => (document.querySelector('.term-input') as HTMLInputElement).value === '/system ');
  await input.fill('/system identity se');
  await input.press('Tab');
  await page.waitForFunction(() => (document.querySelector('.term-input') as HTMLInputElement).value === '/system identity set ');
  await input.fill('/system identity set na');
  await input.press('Tab');
  await page.waitForFunction(() => (document.querySelector('.term-input') as HTMLInputElement).value === '/system identity set name=');
  // Several names: the tree (asked over REST) says which; the line grows by what they share.
  const names = ((await rest.post('/rest/console/inspect', { request: 'child', path: 'system' })).json as Record<string, string>[])
    .filter((c) => c.type === 'child' && c['node-type'] !== 'arg' && c.name.startsWith('s')).map((c) => c.name);
  assert.ok(names.length > 1, names.join(' '));
  let common = names[0];
  for (const n of names) while (!n.startsWith(common)) common = common.slice(0, -1);
  await input.fill('/system s');
  await input.press('Tab');
  await output.filter({ hasText: `> /system s\n${names.join('  ')}\n` }).waitFor();
  assert.equal(await input.inputValue(), `/system ${common}`);
  await input.fill('');
  await shot(page, 'terminal');
});

test('the log shows the router\'s log, newest last; graphs draw each interface with uPlot', async () => {
  await page.goto(`${base}/webfig/#/log`);
  const last = page.locator('table.log tbody tr').last();
  await last.waitFor();
  const log = (await rest.get('/rest/log')).json as Record<string, string>[];
  assert.ok(log.length > 0);
  await waitFor(async () => (await page.locator('table.log tbody tr').count()) >= log.length);
  assert.equal(await page.locator('table.log tbody tr').nth(log.length - 1).getAttribute('data-id'), log[log.length - 1]['.id']);
  // A new entry (a failed login) appears at the end while the page is open.
  assert.equal((await call(r.port, 'GET', '/rest/system/identity', undefined, { user: 'nobody', password: 'x' })).status, 401);
  await page.locator('table.log tbody tr').last().filter({ hasText: 'login failure for user nobody' }).waitFor();
  await shot(page, 'log');
  await page.goto(`${base}/webfig/#/graphs`);
  await page.locator('figure[data-interface="ether1"] .uplot canvas').waitFor();
  await page.locator('figure[data-interface="ether1"] .rate').filter({ hasText: /Rx \d/ }).waitFor();
  const figure = await page.locator('figure[data-interface="ether1"]').boundingBox();
  const canvas = await page.locator('figure[data-interface="ether1"] canvas').boundingBox();
  assert.ok(canvas!.x + canvas!.width <= figure!.x + figure!.width, 'the chart fits its box');
  await page.waitForTimeout(2500); // a few samples, for the picture
  await shot(page, 'graphs');
});

test('/graphs/ is its own page behind the same login', async () => {
  const p = await newPage();
  await p.goto(`${base}/graphs/`);
  await login(p);
  await p.locator('figure[data-interface="ether1"] .uplot canvas').waitFor();
  await p.close();
});

test('reloading on a hash route asks for the login again and returns to the same page', async () => {
  await page.goto(`${base}/webfig/#/system/identity`);
  await page.reload();
  await page.getByRole('button', { name: 'Connect' }).waitFor();
  await login(page);
  await page.locator('form.settings-form [name="name"]').waitFor();
  assert.equal(await page.locator('h1').innerText(), 'System › Identity');
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Connect' }).waitFor();
  // Forgotten: another route asks for the login again instead of showing the router.
  await page.goto(`${base}/webfig/#/ip/address`);
  await page.getByRole('button', { name: 'Connect' }).waitFor();
  assert.equal(await page.locator('table.records').count(), 0);
});

test('a read-only user sees no way to change, and the router\'s refusal where they try', async () => {
  await rest.put('/rest/user', { name: 'viewer', group: 'read', password: 'look' });
  const p = await newPage();
  await p.goto(`${base}/webfig/#/ip/address`);
  await login(p, 'viewer', 'look');
  await rows(p).first().waitFor();
  assert.equal(await p.getByRole('button', { name: 'Add New' }).count(), 0);
  assert.equal(await p.locator('td.actions').count(), 0);
  await rows(p).first().click();
  const form = p.locator('form.record-form');
  assert.equal(await form.locator('[name="address"]').isDisabled(), true);
  assert.deepEqual(await form.getByRole('button').allInnerTexts(), ['Close']);
  await p.goto(`${base}/webfig/#/system/identity`);
  await p.locator('form.settings-form [name="name"]').waitFor();
  assert.equal(await p.locator('form.settings-form [name="name"]').isDisabled(), true);
  assert.equal(await p.locator('form.settings-form button').count(), 0);
  await p.goto(`${base}/webfig/#/terminal`);
  const input = p.getByRole('textbox', { name: 'Command' });
  await input.fill('/system identity set name=x');
  await input.press('Enter');
  await p.getByRole('log').filter({ hasText: 'not enough permissions' }).waitFor();
  assert.deepEqual((await rest.get('/rest/system/identity')).json, { name: 'edge-1' });
  await p.close();
});

test('on a phone the menu folds behind a button', async () => {
  const p = await newPage(390, 780);
  await p.goto(`${base}/webfig/#/ip/address`);
  await login(p);
  await rows(p).first().waitFor();
  assert.equal(await p.getByRole('navigation', { name: 'Menu', exact: true }).isVisible(), false);
  await p.getByRole('button', { name: 'Menu' }).click();
  await p.getByRole('navigation', { name: 'Menu', exact: true }).getByRole('link', { name: 'IP', exact: true }).waitFor();
  await shot(p, 'phone-menu');
  await p.close();
  assert.deepEqual(problems, [], 'the browser reported no errors (no script or policy violations)');
});

async function waitFor(check: () => Promise<boolean>, ms = 5000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((ok) => setTimeout(ok, 50));
  }
}
