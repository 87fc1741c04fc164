// /tool/e-mail: the router's mail client (manual "E-mail"; routeros-facts.md 53.4).
// The settings give the SMTP server (`server`, `address` before 7.12), `port`, `tls`
// (no, yes: TLS from the first byte, starttls), `from`, `user`, `password` and `vrf`;
// `send to= cc= subject= body= file=` delivers one message, each setting given there
// overriding the stored one for that message.
//
// `send` returns at once and the message goes in the background, as on the router (scripts
// wait, then read `last-status`: "email works in background, delay needed", a real
// export's script). `last-status` shows `in-progress`, then `succeeded` or `failed`; a
// failure is logged under `system,e-mail,error` (topics of a real router's log) as
// `Error sending e-mail <subject>: <reason>`. A server given by name is looked up through
// the router's resolver. A `vrf` other than main has no way to the host's network here
// (src/device/upstream.ts): its messages fail to connect.

import net from 'node:net';
import { failure, invalidValue } from '../../core/errors.js';
import type { CommandContext, Environment, MenuDecl } from '../../core/schema.js';
import { int, str, choice } from '../../core/values.js';
import { sendMail, SmtpError, type SmtpOptions } from '../../device/smtp.js';
import { noSuchFile } from '../../device/files.js';
import { filesOf } from '../file.js';
import { logWanted, writeLog } from '../log.js';
import { routerNow } from '../system/clock.js';
import { trustedCertificates } from './fetch.js';
import { flag, text } from './common.js';

const SETTINGS = 'tool/e-mail';
/** Messages on their way at once at most; one more fails at once. */
const MAX_IN_FLIGHT = 16;
/** The longest wait for one answer of the server, unless the router is given its own. */
const DEFAULT_TIMEOUT_MS = 30_000;
/** Attachments of one message together at most (the router's files are small). */
const MAX_ATTACHMENTS = 16 * 1024 * 1024;

interface State { status?: 'in-progress' | 'succeeded' | 'failed'; inFlight: number }
const states = new WeakMap<object, State>();
const stateOf = (env: Environment): State => {
  let s = states.get(env.store);
  if (!s) states.set(env.store, (s = { inFlight: 0 }));
  return s;
};

/** `tls` as stored (`yes`/`no` may be kept as booleans) in the client's words. */
function tlsMode(value: string | undefined): SmtpOptions['tls'] {
  if (value === 'starttls') return 'starttls';
  return value === 'yes' || value === 'true' ? 'yes' : 'no';
}

/** The addresses of a `to`/`cc` list: `a@b.c,Name <d@e.f>`. */
export function addresses(list: string | undefined): string[] {
  return (list ?? '').split(',').map((a) => a.trim()).filter(Boolean).map((a) => /<([^>]*)>/.exec(a)?.[1] ?? a);
}

/** A header's text: ASCII as it is, anything else as an RFC 2047 word. */
function headerText(s: string): string {
  const clean = s.replace(/[\r\n]+/g, ' ');
  return /^[\x20-\x7e]*$/.test(clean) ? clean : `=?UTF-8?B?${Buffer.from(clean, 'utf8').toString('base64')}?=`;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');
/** RFC 5322's date, in UTC. */
function mailDate(ms: number): string {
  const d = new Date(ms);
  return `${DAYS[d.getUTCDay()]}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`;
}

const crlf = (s: string) => s.replace(/\r?\n/g, '\r\n');
const base64Lines = (b: Buffer) => b.toString('base64').replace(/.{76}/g, '$&\r\n');

/** The message as it goes after DATA: headers, then the body, or the body and the files. */
export function composeMail(m: { from: string; to: string; cc: string; subject: string; body: string; files: { name: string; data: Buffer }[]; date: number }): string {
  const headers = [`From: ${headerText(m.from)}`, `To: ${headerText(m.to)}`];
  if (m.cc) headers.push(`Cc: ${headerText(m.cc)}`);
  headers.push(`Subject: ${headerText(m.subject)}`, `Date: ${mailDate(m.date)}`, 'MIME-Version: 1.0');
  if (!m.files.length) {
    headers.push('Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit');
    return `${headers.join('\r\n')}\r\n\r\n${crlf(m.body)}`;
  }
  const boundary = `----=_vrouter_${m.date.toString(16)}`;
  headers.push(`Content-Type: multipart/mixed; boundary="${boundary}"`);
  const parts = [
    `--${boundary}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${crlf(m.body)}`,
    ...m.files.map((f) => {
      const base = headerText(f.name.slice(f.name.lastIndexOf('/') + 1));
      return `--${boundary}\r\nContent-Type: application/octet-stream; name="${base}"\r\nContent-Transfer-Encoding: base64\r\nContent-Disposition: attachment; filename="${base}"\r\n\r\n${base64Lines(f.data)}`;
    }),
  ];
  return `${headers.join('\r\n')}\r\n\r\n${parts.join('\r\n')}\r\n--${boundary}--`;
}

type Resolve = (name: string, family?: 4 | 6 | 'any') => Promise<string>;

function debug(env: Environment, message: string) {
  if (logWanted(env, 'e-mail,debug')) writeLog(env, 'e-mail,debug', message);
}

async function deliver(env: Environment, o: Omit<SmtpOptions, 'host'> & { server: string; vrf: string }, mail: { from: string; to: string[]; cc: string[]; data: string }, subject: string) {
  const s = stateOf(env);
  try {
    if (o.vrf !== 'main') throw new SmtpError('failed to connect to server');
    let host = o.server;
    if (!net.isIP(host)) {
      const resolve = env.services.resolve as Resolve | undefined;
      try { host = resolve ? await resolve(host) : host; } catch { throw new SmtpError('failed to resolve server name'); }
    }
    if (host === '0.0.0.0' || host === '::') throw new SmtpError('no server given');
    debug(env, `connecting to ${host}:${o.port}`);
    await sendMail({ ...o, host }, mail);
    debug(env, `sent e-mail to ${[...mail.to, ...mail.cc].join(',')}`);
    s.status = 'succeeded';
  } catch (e) {
    s.status = 'failed';
    // A router stopped meanwhile has no log to write to: the failure is only its status then.
    try {
      writeLog(env, 'system,e-mail,error', `Error sending e-mail <${subject}>: ${e instanceof SmtpError ? e.message : (e as Error).message}`);
    } catch { /* stopped */ }
  } finally {
    s.inFlight--;
  }
}

async function send(ctx: CommandContext): Promise<void> {
  const { env, args } = ctx;
  const v = env.store.table(SETTINGS).rows[0]?.values ?? {};
  const to = addresses(args.to);
  const cc = addresses(args.cc);
  if (!to.length && !cc.length) throw failure('no recipient given');
  // An address goes into an SMTP command as it is: a line end or bracket in it would be another command.
  for (const [name, list] of [['to', to], ['cc', cc]] as const) if (list.some((a) => /[\r\n<>]/.test(a))) throw invalidValue(name);
  const files: { name: string; data: Buffer }[] = [];
  let size = 0;
  for (const name of (args.file ?? '').split(',').map((f) => f.trim()).filter(Boolean)) {
    let data: Buffer;
    try { data = filesOf(env).read(name); } catch { throw noSuchFile(); }
    size += data.length;
    if (size > MAX_ATTACHMENTS) throw failure('file too big');
    files.push({ name, data });
  }
  const s = stateOf(env);
  if (s.inFlight >= MAX_IN_FLIGHT) throw failure('too many e-mails in progress');
  const from = args.from ?? v.from ?? '<>';
  const sender = /<([^>]*)>/.exec(from)?.[1] ?? from;
  if (/[\r\n<>]/.test(sender)) throw invalidValue('from');
  const subject = args.subject ?? '';
  const data = composeMail({ from, to: args.to ?? '', cc: args.cc ?? '', subject, body: args.body ?? '', files, date: routerNow(env) });
  const identity = env.store.table('system/identity').rows[0]?.values.name ?? 'MikroTik';
  const certificateCheck = (args['certificate-verification'] ?? v['certificate-verification'] ?? 'no') !== 'no';
  const vrfStored = v.vrf ?? 'main';
  const vrf = vrfStored.startsWith('*') ? env.nameOf('ip/vrf', Number.parseInt(vrfStored.slice(1), 16)) ?? vrfStored : vrfStored;
  s.inFlight++;
  s.status = 'in-progress';
  deliver(env, {
    server: args.server ?? v.server ?? v.address ?? '0.0.0.0',
    port: Number(args.port ?? v.port ?? 25) || 25,
    tls: tlsMode(args.tls ?? v.tls),
    user: args.user ?? v.user,
    password: args.password ?? v.password,
    helo: /^[A-Za-z0-9.-]+$/.test(identity) ? identity : 'MikroTik',
    timeoutMs: Number(env.services.mailTimeoutMs ?? DEFAULT_TIMEOUT_MS),
    ca: certificateCheck ? trustedCertificates(env) : undefined,
    vrf,
  }, { from: sender, to, cc, data }, subject).catch(() => {});
}

export const toolEmail: MenuDecl = {
  path: SETTINGS,
  kind: 'settings',
  fields: {
    'last-status': { type: str(), readOnly: true, derive: (_row, env) => stateOf(env).status },
  },
  commands: {
    send: {
      // Sending talks to the network, as /tool fetch does.
      policy: ['read', 'test'],
      args: {
        to: text, cc: text, subject: text, body: text, file: text, from: text, server: text,
        port: { type: int({ min: 0, max: 65535 }) },
        tls: { type: choice(['no', 'yes', 'starttls']) },
        user: text, password: text,
        'certificate-verification': { type: choice(['no', 'yes', 'yes-without-crl']) },
        'as-value': flag,
      },
      run: send,
    },
  },
};
