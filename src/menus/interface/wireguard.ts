// /interface/wireguard and its peers: WireGuard keys are real Curve25519 (x25519) keys, as
// base64 of their 32 bytes. An interface added without a private key gets a new one; its
// public key is worked out from it; a peer's public key must be such a key.

import crypto from 'node:crypto';
import { ValueError } from '../../core/errors.js';
import type { Environment, FieldDecl, MenuDecl } from '../../core/schema.js';
import type { Row } from '../../core/store.js';
import { str } from '../../core/values.js';
import { networkOf } from '../tool/ping.js';
import type { ValueType } from '../../core/types.js';
import { TREE } from '../../tree/declare.js';
import { DUPLICATE_NAME, INTERFACE_TABLE, interfaceFields } from './interface.js';

/** A WireGuard key: base64 of exactly 32 bytes. */
const wgKey: ValueType = {
  name: 'wireguard-key',
  desc: 'string value',
  parse(input) {
    const bytes = /^[A-Za-z0-9+/]{43}=$/.test(input) ? Buffer.from(input, 'base64') : undefined;
    if (!bytes || bytes.length !== 32) throw new ValueError();
    return input;
  },
  compare: (a, b) => (a < b ? -1 : a > b ? 1 : 0),
};

const fromJwk = (s: string) => Buffer.from(s, 'base64url').toString('base64');

/** A new private key, as the router makes one for an interface added without it. */
function newPrivateKey(): string {
  const { privateKey } = crypto.generateKeyPairSync('x25519');
  return fromJwk(privateKey.export({ format: 'jwk' }).d!);
}

/** The public key of a private one. */
export function publicKeyOf(privateKey: string): string {
  const x = Buffer.from(privateKey, 'base64');
  // PKCS#8 of an X25519 key: a fixed 16-byte header, then the 32 key bytes.
  const der = Buffer.concat([Buffer.from('302e020100300506032b656e04220420', 'hex'), x]);
  const pub = crypto.createPublicKey(crypto.createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }));
  return fromJwk(pub.export({ format: 'jwk' }).x!);
}

export const wireguard: MenuDecl = {
  path: 'interface/wireguard',
  kind: 'table',
  table: INTERFACE_TABLE,
  variant: { type: 'wg' },
  key: 'name',
  duplicateKey: DUPLICATE_NAME,
  fields: {
    name: { ...interfaceFields.name('wireguard'), type: TREE },
    'private-key': { type: wgKey, secret: 'sensitive', initial: newPrivateKey },
    'public-key': { type: TREE, readOnly: true, derive: (row) => (row.values['private-key'] ? publicKeyOf(row.values['private-key']) : undefined), stable: true },
    'listen-port': { type: TREE, default: '13231' },
    mtu: { type: TREE, default: '1420' },
    running: interfaceFields.running,
  },
};

/** A key, or the router's `auto` (it makes one) or `none` (inspect 7.24 offers both). */
const keyOrWord: ValueType = { ...wgKey, parse: (s) => (s === 'auto' || s === 'none' ? s : wgKey.parse(s)) };

/**
 * What a peer has seen: the lab's WireGuard (src/lab/tunnels) once a handshake is made; before
 * that, or outside a lab, nothing received or sent and the endpoint as configured (an API
 * reply of a peer without one: `current-endpoint-address: ""`, `current-endpoint-port: "0"`,
 * `rx: "0"`, `tx: "0"`, no `last-handshake`: routeros-facts.md 55.2).
 */
function peerState(row: Row, env: Environment): Record<string, string> {
  const seen = row.values.disabled === 'true' ? undefined : networkOf(env).lab?.wireguardPeer?.(row.id);
  return {
    'current-endpoint-address': row.values['endpoint-address'] ?? '', 'current-endpoint-port': row.values['endpoint-port'] ?? '0', rx: '0', tx: '0',
    ...seen,
  };
}

const seen = (name: string): FieldDecl => ({ type: str(), readOnly: true, derive: (row, env) => peerState(row, env)[name] });

export const wireguardPeers: MenuDecl = {
  path: 'interface/wireguard/peers',
  kind: 'table',
  ordered: true,
  fields: {
    'current-endpoint-address': seen('current-endpoint-address'),
    'current-endpoint-port': seen('current-endpoint-port'),
    'last-handshake': seen('last-handshake'),
    rx: seen('rx'),
    tx: seen('tx'),
    'public-key': { type: wgKey, required: true },
    'preshared-key': { type: keyOrWord, secret: 'sensitive' },
    // The key a peer's client configuration (wg-export) is made with: a key, auto or none.
    'private-key': { type: keyOrWord, secret: 'sensitive' },
  },
};
