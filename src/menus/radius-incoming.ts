// /radius/incoming's answers (RFC 5176): a Disconnect-Request or CoA-Request from a RADIUS
// server of /radius (its address, its secret) about a session RADIUS let in. Disconnect ends
// the matching /user/active sessions (a kept login as at logout, a connection by closing it)
// and is acknowledged; CoA of a matching session is acknowledged (a login session has
// nothing a CoA changes). A request matching no session is refused with Error-Cause 503
// (Session Context Not Found), one that names no session with 402 (Missing Attribute), one
// for another NAS-Identifier with 403 (NAS Identification Mismatch). A request from an
// address no /radius entry has, or with a wrong authenticator or Message-Authenticator, or
// malformed, is dropped unanswered and counted as a bad request (routeros-facts.md 57.5).

import type { Environment } from '../core/schema.js';
import type { Entry, Logins } from '../auth/logins.js';
import {
  ATTR, CODE, attribute, checkMessageAuthenticator, checkRequest, decode, int32, reply, type Attribute,
} from '../device/radius-packet.js';
import { logWanted, writeLog } from './log.js';
import { incomingCounters, markReset, sessionIdOf } from './radius.js';

/** RFC 5176 3.5's Error-Cause values the router sends. */
const ERROR_CAUSE = { 'Missing Attribute': 402, 'NAS Identification Mismatch': 403, 'Session Context Not Found': 503 } as const;

function debug(env: Environment, message: string) {
  if (logWanted(env, 'radius,debug')) writeLog(env, 'radius,debug', message);
}

const sameAddress = (a: string, b: string) => a.replace(/^::ffff:/, '') === b.replace(/^::ffff:/, '');

/** The reply to one datagram that came to /radius/incoming's port, or undefined for none. */
export function answerIncoming(env: Environment, logins: Logins, bytes: Buffer, from: string): Buffer | undefined {
  const counters = incomingCounters(env);
  counters.requests++;
  const bad = (why: string) => { counters['bad-requests']++; debug(env, `bad incoming request from ${from}: ${why}`); return undefined; };
  const p = decode(bytes);
  if (!p) return bad('malformed');
  if (p.code !== CODE['Disconnect-Request'] && p.code !== CODE['CoA-Request']) return bad(`code ${p.code}`);
  const server = env.store.table('radius').rows.find((r) => r.values.disabled !== 'true' && sameAddress((r.values.address ?? '').split('@')[0], from));
  if (!server) return bad('unknown server');
  const secret = server.values.secret ?? '';
  if (!checkRequest(bytes, secret)) return bad('wrong authenticator');
  const ma = checkMessageAuthenticator(bytes, secret, Buffer.alloc(16));
  if (ma === false) return bad('wrong Message-Authenticator');
  const disconnect = p.code === CODE['Disconnect-Request'];
  const name = disconnect ? 'Disconnect-Request' : 'CoA-Request';
  debug(env, `received ${name} with id ${p.id} from ${from}`);

  const answer = (ok: boolean, cause?: keyof typeof ERROR_CAUSE) => {
    if (ok) counters.acks++; else counters.naks++;
    const code = disconnect ? (ok ? CODE['Disconnect-ACK'] : CODE['Disconnect-NAK']) : (ok ? CODE['CoA-ACK'] : CODE['CoA-NAK']);
    const attributes: Attribute[] = cause ? [{ type: ATTR['Error-Cause'], value: int32(ERROR_CAUSE[cause]) }] : [];
    debug(env, `sending ${Object.entries(CODE).find(([, v]) => v === code)![0]} with id ${p.id} to ${from}`);
    return reply(code, p, secret, attributes, ma === true);
  };

  const nas = attribute(p, ATTR['NAS-Identifier'])?.toString('utf8');
  const identity = env.store.table('system/identity').rows[0]?.values.name ?? 'MikroTik';
  if (nas !== undefined && nas !== identity) return answer(false, 'NAS Identification Mismatch');
  const user = attribute(p, ATTR['User-Name'])?.toString('utf8');
  const session = attribute(p, ATTR['Acct-Session-Id'])?.toString('utf8');
  if (user === undefined && session === undefined) return answer(false, 'Missing Attribute');
  const match = (e: Entry) => !!e.radius && (user === undefined || e.user === user) && (session === undefined || sessionIdOf(env, e) === session);
  if (disconnect) {
    const ended = logins.disconnect(match, markReset);
    return ended ? answer(true) : answer(false, 'Session Context Not Found');
  }
  return logins.has(match) ? answer(true) : answer(false, 'Session Context Not Found');
}
