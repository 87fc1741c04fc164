// What the auth tests share: making groups and users through the admin's REST calls, and
// reading the account log and /user/active as the admin sees them.

import assert from 'node:assert/strict';
import http from 'node:http';
import { client } from '../helpers/router.js';

export type Client = ReturnType<typeof client>;

/** A group with exactly these policies, and a user in it with this password. */
export async function makeUser(admin: Client, name: string, policy: string, password = 'pw-' + name, more: Record<string, string> = {}) {
  const group = await admin.put('/rest/user/group', { name: `g-${name}`, policy });
  assert.equal(group.status, 201, group.text);
  const user = await admin.put('/rest/user', { name, group: `g-${name}`, password, ...more });
  assert.equal(user.status, 201, user.text);
  return { user: name, password };
}

/** A user of the router's own `read` group and one of its `write` group (see addReaderAndWriter). */
export const READER = { user: 'reader', password: 'pw-r' };
export const WRITER = { user: 'writer', password: 'pw-w' };

/** Adds READER and WRITER to the router. */
export async function addReaderAndWriter(admin: Client) {
  for (const [who, group] of [[READER, 'read'], [WRITER, 'write']] as const) {
    const put = await admin.put('/rest/user', { name: who.user, group, password: who.password });
    assert.equal(put.status, 201, put.text);
  }
}

/** The account log's lines about one user, in order. */
export async function logOf(admin: Client, user: string): Promise<string[]> {
  const res = await admin.get('/rest/log');
  assert.equal(res.status, 200, res.text);
  return res.json
    .filter((l: { message: string }) => new RegExp(`user ${user} `).test(l.message))
    .map((l: { message: string }) => l.message);
}

/** The /user/active lines of one user, without their ids. */
export async function activeOf(admin: Client, user: string): Promise<Record<string, string>[]> {
  const res = await admin.get(`/rest/user/active?name=${encodeURIComponent(user)}`);
  assert.equal(res.status, 200, res.text);
  return res.json.map((row: Record<string, string>) => { const { '.id': _, ...rest } = row; return rest; });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `when` of /user/active, `time` of /log: the router's date and time. */
export const DATE_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

/**
 * A request whose client gives up: the connection is closed `afterMs` after sending, before
 * any reply. Resolves when the socket is gone.
 */
export function abandon(port: number, path: string, body: unknown, user: string, password: string, afterMs: number): Promise<void> {
  return new Promise((resolve) => {
    const payload = JSON.stringify(body);
    const req = http.request({
      host: '127.0.0.1', port, method: 'POST', path, agent: false,
      headers: {
        Authorization: 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64'),
        'Content-Type': 'application/json',
      },
    });
    req.on('error', () => {});
    req.on('close', () => resolve());
    req.end(payload);
    setTimeout(() => req.destroy(), afterMs);
  });
}
