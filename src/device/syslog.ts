// The router's remote syslog on the wire: one UDP datagram per log line, to the action's
// `remote`:`remote-port` (RouterOS manual "Log", Actions; routeros-facts.md 53.1).
//
// What a datagram holds:
// - `<PRI>` first, always: facility * 8 + severity (RFC 3164 4.1.1). `syslog-facility`
//   names the facility (default daemon), `syslog-severity` the severity; `auto` takes it
//   from the line's topics (critical, error, warning, info, debug), info when none says.
// - `remote-log-format=default` (before 7.18: `bsd-syslog=no`) sends the line as it is
//   after that: `<30>system,info,account user admin logged in from 10.0.0.2 via ssh`.
// - `syslog` (before 7.18: `bsd-syslog=yes`) sends the BSD-syslog header first: the time
//   (`syslog-time-format=bsd-syslog`: `Dec  2 06:40:12`, the day padded with a space;
//   `iso8601`: `2026-12-02T06:40:12.345+00:00`) and the router's identity.
//
// A datagram goes out of one socket per local address: `src-address` when it is an address
// of this host of the server's family, else the host's choice.

import dgram from 'node:dgram';
import net from 'node:net';

export const FACILITIES: Readonly<Record<string, number>> = {
  kern: 0, user: 1, mail: 2, daemon: 3, auth: 4, syslog: 5, lpr: 6, news: 7, uucp: 8, cron: 9,
  authpriv: 10, ftp: 11, ntp: 12, local0: 16, local1: 17, local2: 18, local3: 19, local4: 20,
  local5: 21, local6: 22, local7: 23,
};

export const SEVERITIES: Readonly<Record<string, number>> = {
  emergency: 0, alert: 1, critical: 2, error: 3, warning: 4, notice: 5, info: 6, debug: 7,
};

/** The topics that say a line's severity, the gravest first. */
const SEVERITY_TOPICS = ['critical', 'error', 'warning', 'info', 'debug'] as const;

/** The severity `auto` gives a line of these topics. */
export function autoSeverity(topics: readonly string[]): number {
  for (const t of SEVERITY_TOPICS) if (topics.includes(t)) return SEVERITIES[t];
  return SEVERITIES.info;
}

/** A moment on the router's clock as its syslog header writes it. */
export interface Wall { year: number; month: number; day: number; hour: number; minute: number; second: number; ms: number; offsetMinutes: number }

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** `Dec  2 06:40:12` (RFC 3164 4.1.2: the day of the month padded with a space). */
export function bsdTime(w: Wall): string {
  return `${MONTHS[w.month - 1]} ${String(w.day).padStart(2, ' ')} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

/** `2026-12-02T06:40:12.345+00:00`: milliseconds since 7.18 (manual, Log). */
export function isoTime(w: Wall): string {
  const sign = w.offsetMinutes < 0 ? '-' : '+';
  const off = Math.abs(w.offsetMinutes);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}.${pad(w.ms, 3)}${sign}${pad(Math.floor(off / 60))}:${pad(off % 60)}`;
}

export interface SyslogSettings {
  /** `default` (the line as it is) or `syslog` (BSD-syslog header first). */
  format: 'default' | 'syslog';
  facility: string;
  severity: string;
  timeFormat: 'bsd-syslog' | 'iso8601';
}

/** The bytes of one line's datagram. */
export function syslogDatagram(s: SyslogSettings, line: { topics: string; message: string; wall: Wall; identity: string }): Buffer {
  const topics = line.topics.split(',');
  const severity = s.severity === 'auto' ? autoSeverity(topics) : (SEVERITIES[s.severity] ?? SEVERITIES.info);
  const pri = (FACILITIES[s.facility] ?? FACILITIES.daemon) * 8 + severity;
  const header = s.format === 'syslog' ? `${s.timeFormat === 'iso8601' ? isoTime(line.wall) : bsdTime(line.wall)} ${line.identity} ` : '';
  return Buffer.from(`<${pri}>${header}${line.topics} ${line.message}`, 'utf8');
}

/** The most one datagram carries; a longer line is cut (UDP's own limit is 65507). */
export const MAX_DATAGRAM = 8192;

/** Sockets the router's syslog lines leave by, one per local address and family. */
export class SyslogSockets {
  private readonly sockets = new Map<string, dgram.Socket>();
  /** Local addresses the host would not bind: lines asked to leave from them leave from its choice. */
  private readonly unbindable = new Set<string>();

  /** Sends one datagram; a failure (no route, a bad address) loses the line, as UDP does. */
  send(to: { host: string; port: number }, bytes: Buffer, localAddress?: string) {
    const family = net.isIPv6(to.host) ? 6 : 4;
    const local = localAddress && net.isIP(localAddress) === family && !this.unbindable.has(localAddress) ? localAddress : '';
    const key = `${family}/${local}`;
    let socket = this.sockets.get(key);
    if (!socket) {
      socket = dgram.createSocket(family === 6 ? 'udp6' : 'udp4');
      socket.unref();
      // A src-address the host does not have fails the bind: the lines after go without it.
      socket.on('error', () => {
        if (local) { if (this.unbindable.size > 100) this.unbindable.clear(); this.unbindable.add(local); }
        try { socket!.close(); } catch { /* closed already */ }
        this.sockets.delete(key);
      });
      if (local) socket.bind(0, local);
      this.sockets.set(key, socket);
    }
    const data = bytes.length > MAX_DATAGRAM ? bytes.subarray(0, MAX_DATAGRAM) : bytes;
    try {
      socket.send(data, to.port, to.host, () => {});
    } catch {
      // A closed socket or a port out of range: the line is lost.
    }
  }

  close() {
    for (const s of this.sockets.values()) { try { s.close(); } catch { /* closed already */ } }
    this.sockets.clear();
  }
}
