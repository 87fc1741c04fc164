// /snmp community as the agent enforces it: who may ask (v1/v2c communities and the v3 USM
// users of the same names), from where, with which security and access.

import ipaddr from 'ipaddr.js';
import type { Engine } from '../../core/engine.js';
import type { Policy, Reply, Session } from '../../core/schema.js';
import { AuthProtocols, PrivProtocols, SecurityLevel, type UsmUser } from './library.js';

/** The session the agent reads its own settings with (passwords included). */
export const SNMP_SYSTEM: Session = { user: '*snmp*', via: 'snmp', policies: new Set<Policy>(['read', 'sensitive']) };

/** A menu's records as its print gives them to the agent; none if it cannot be printed. */
export async function printOf(engine: Engine, path: string[]): Promise<Reply[]> {
  try {
    return (await engine.execute({ path, command: 'print', args: {} }, SNMP_SYSTEM)).records;
  } catch {
    return [];
  }
}

/** What the agent reads of one community. */
export interface Access {
  name: string;
  read: boolean;
  write: boolean;
  /** none, authorized (authNoPriv) or private (authPriv). */
  security: string;
  allowed(address: string): boolean;
  user: UsmUser;
}

/** The communities of /snmp community as the agent enforces them. */
export async function accessList(engine: Engine): Promise<Access[]> {
  const rows = await printOf(engine, ['snmp', 'community']);
  return rows.filter((c) => c.disabled !== 'true' && c.name).map((c) => ({
    name: c.name, read: c['read-access'] !== 'false', write: c['write-access'] === 'true', security: c.security ?? 'none',
    allowed: networks(c.addresses ?? '::/0'), user: usmUser(c),
  }));
}

/** A community as the USM user of that name: its security level, protocols and passwords. */
export function usmUser(c: Reply): UsmUser {
  const security = c.security ?? 'none';
  return {
    name: c.name ?? '',
    level: security === 'private' ? SecurityLevel.authPriv : security === 'authorized' ? SecurityLevel.authNoPriv : SecurityLevel.noAuthNoPriv,
    authProtocol: c['authentication-protocol'] === 'SHA1' ? AuthProtocols.sha : AuthProtocols.md5,
    authKey: c['authentication-password'] ?? '',
    privProtocol: c['encryption-protocol'] === 'AES' ? PrivProtocols.aes : PrivProtocols.des,
    privKey: c['encryption-password'] ?? '',
  };
}

/** A community's `addresses`: `0.0.0.0/0` and `::/0` take every client of either family. */
function networks(list: string): (address: string) => boolean {
  const nets = list.split(',').filter(Boolean).flatMap((n) => {
    try {
      return [ipaddr.parseCIDR(n.includes('/') ? n : `${n}/${n.includes(':') ? 128 : 32}`)];
    } catch {
      return [];
    }
  });
  if (nets.some(([, len]) => len === 0)) return () => true;
  return (client) => {
    try {
      const a = ipaddr.process(client);
      return nets.some(([net, len]) => net.kind() === a.kind() && a.match(net, len));
    } catch {
      return false;
    }
  };
}

