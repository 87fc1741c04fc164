// The RADIUS wire format: a small codec, as no npm package for it is kept up (`radius` on npm,
// 1.1.4, has had no release for years: routeros-facts.md 57.1).
//
//   RFC 2865 3     the packet: code, identifier, length (20..4096), a 16-byte authenticator,
//                  then attributes (type, length 2..255, value)
//   RFC 2865 5.2   User-Password: the password padded to 16 bytes, each block XORed with
//                  MD5(secret + previous block), the first with the Request Authenticator
//   RFC 2865 3     Response Authenticator = MD5(code+id+length+RequestAuth+attributes+secret)
//   RFC 2866 3     Accounting-Request Authenticator = MD5(code+id+length+16 zeros+attributes+secret)
//   RFC 5176 2.3   CoA/Disconnect-Request authenticated as an Accounting-Request
//   RFC 3579 3.2   Message-Authenticator (80) = HMAC-MD5(secret, packet with it zeroed);
//                  in a reply the Request Authenticator stands in the authenticator field
//   RFC 2865 5.26  Vendor-Specific (26): vendor id (4 bytes), then the vendor's attributes

import crypto from 'node:crypto';

export const CODE = {
  'Access-Request': 1, 'Access-Accept': 2, 'Access-Reject': 3, 'Accounting-Request': 4, 'Accounting-Response': 5,
  'Access-Challenge': 11, 'Disconnect-Request': 40, 'Disconnect-ACK': 41, 'Disconnect-NAK': 42,
  'CoA-Request': 43, 'CoA-ACK': 44, 'CoA-NAK': 45,
} as const;

/** The attributes the router sends and reads (RFC 2865 5, RFC 2866 5, RFC 5176 3.5). */
export const ATTR = {
  'User-Name': 1, 'User-Password': 2, 'NAS-IP-Address': 4, 'NAS-Port': 5, 'Service-Type': 6, 'Class': 25,
  'Vendor-Specific': 26, 'Session-Timeout': 27, 'Called-Station-Id': 30, 'Calling-Station-Id': 31, 'NAS-Identifier': 32,
  'Acct-Status-Type': 40, 'Acct-Delay-Time': 41, 'Acct-Session-Id': 44, 'Acct-Authentic': 45, 'Acct-Session-Time': 46,
  'Acct-Terminate-Cause': 49, 'Event-Timestamp': 55, 'NAS-Port-Type': 61, 'Message-Authenticator': 80,
  'NAS-IPv6-Address': 95, 'Error-Cause': 101,
} as const;

/** MikroTik's vendor number (IANA enterprise 14988) and its attributes (freeradius' dictionary.mikrotik). */
export const MIKROTIK = 14988;
export const MIKROTIK_ATTR = { 'Mikrotik-Group': 3, 'Mikrotik-Realm': 9 } as const;

export const HEADER = 20;
/** RFC 2865 3: the largest packet. */
export const MAX_PACKET = 4096;

export interface Attribute {
  type: number;
  value: Buffer;
  /** Set for a Vendor-Specific attribute: the vendor and the vendor's own type. */
  vendor?: number;
  vendorType?: number;
}

export interface Packet {
  code: number;
  id: number;
  authenticator: Buffer;
  attributes: Attribute[];
}

export const text = (s: string) => Buffer.from(s, 'utf8');
export const int32 = (n: number) => { const b = Buffer.alloc(4); b.writeUInt32BE(n >>> 0); return b; };
export const ipv4 = (a: string) => Buffer.from(a.split('.').map(Number));

/** The packet's bytes with its authenticator as given (the caller signs it). */
export function encode(p: Packet): Buffer {
  const parts: Buffer[] = [];
  for (const a of p.attributes) {
    if (a.vendor !== undefined) {
      const inner = Buffer.concat([Buffer.from([a.vendorType!, a.value.length + 2]), a.value]);
      parts.push(Buffer.from([ATTR['Vendor-Specific'], inner.length + 6]), int32(a.vendor), inner);
    } else {
      parts.push(Buffer.from([a.type, a.value.length + 2]), a.value);
    }
  }
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(4);
  head[0] = p.code;
  head[1] = p.id;
  head.writeUInt16BE(HEADER + body.length, 2);
  return Buffer.concat([head, p.authenticator, body]);
}

/** A packet read from bytes, or undefined when they are not one (RFC 2865 3: such a packet is silently discarded). */
export function decode(b: Buffer): Packet | undefined {
  if (b.length < HEADER) return undefined;
  const length = b.readUInt16BE(2);
  // Octets beyond the length are padding to be ignored; fewer is a malformed packet.
  if (length < HEADER || length > MAX_PACKET || length > b.length) return undefined;
  const attributes: Attribute[] = [];
  for (let at = HEADER; at < length;) {
    if (at + 2 > length) return undefined;
    const type = b[at], len = b[at + 1];
    if (len < 2 || at + len > length) return undefined;
    const value = b.subarray(at + 2, at + len);
    if (type === ATTR['Vendor-Specific'] && value.length >= 6) {
      const vendor = value.readUInt32BE(0);
      // A vendor's attributes in the usual form (RFC 2865 5.26's suggested format); other forms stay whole.
      let ok = true;
      const inner: Attribute[] = [];
      for (let v = 4; v < value.length;) {
        const vl = value[v + 1];
        if (v + 2 > value.length || vl < 2 || v + vl > value.length) { ok = false; break; }
        inner.push({ type, vendor, vendorType: value[v], value: value.subarray(v + 2, v + vl) });
        v += vl;
      }
      if (ok) attributes.push(...inner);
      else attributes.push({ type, value });
    } else {
      attributes.push({ type, value });
    }
    at += len;
  }
  return { code: b[0], id: b[1], authenticator: b.subarray(4, 20), attributes };
}

export const attribute = (p: Packet, type: number) => p.attributes.find((a) => a.type === type && a.vendor === undefined)?.value;
export const vendorAttribute = (p: Packet, vendor: number, type: number) => p.attributes.find((a) => a.vendor === vendor && a.vendorType === type)?.value;

const md5 = (...parts: Buffer[]) => { const h = crypto.createHash('md5'); for (const p of parts) h.update(p); return h.digest(); };

/** RFC 2865 5.2: the hidden User-Password. */
export function hidePassword(password: string, secret: string, requestAuthenticator: Buffer): Buffer {
  const plain = text(password).subarray(0, 128);
  const padded = Buffer.alloc(Math.max(16, Math.ceil(plain.length / 16) * 16));
  plain.copy(padded);
  const out = Buffer.alloc(padded.length);
  let previous = requestAuthenticator;
  for (let i = 0; i < padded.length; i += 16) {
    const key = md5(text(secret), previous);
    for (let j = 0; j < 16; j++) out[i + j] = padded[i + j] ^ key[j];
    previous = out.subarray(i, i + 16);
  }
  return out;
}

/**
 * An Access-Request's bytes: a random Request Authenticator, the password hidden with it,
 * and Message-Authenticator (RFC 3579) first among the attributes when `messageAuth`.
 */
export function accessRequest(id: number, secret: string, attributes: Attribute[], password: string, messageAuth: boolean): { bytes: Buffer; authenticator: Buffer } {
  const authenticator = crypto.randomBytes(16);
  const all: Attribute[] = [
    ...(messageAuth ? [{ type: ATTR['Message-Authenticator'], value: Buffer.alloc(16) }] : []),
    ...attributes,
    { type: ATTR['User-Password'], value: hidePassword(password, secret, authenticator) },
  ];
  const bytes = encode({ code: CODE['Access-Request'], id, authenticator, attributes: all });
  if (messageAuth) signMessageAuthenticator(bytes, secret);
  return { bytes, authenticator };
}

/** An Accounting-Request (or a CoA/Disconnect one) signed as RFC 2866 3 says. */
export function accountingRequest(code: number, id: number, secret: string, attributes: Attribute[]): { bytes: Buffer; authenticator: Buffer } {
  const bytes = encode({ code, id, authenticator: Buffer.alloc(16), attributes });
  const authenticator = md5(bytes, text(secret));
  authenticator.copy(bytes, 4);
  return { bytes, authenticator };
}

/** A reply to `request`: its Response Authenticator, and a Message-Authenticator first when asked. */
export function reply(code: number, request: Packet, secret: string, attributes: Attribute[], messageAuth = false): Buffer {
  const bytes = encode({
    code, id: request.id, authenticator: request.authenticator,
    attributes: [...(messageAuth ? [{ type: ATTR['Message-Authenticator'], value: Buffer.alloc(16) }] : []), ...attributes],
  });
  if (messageAuth) signMessageAuthenticator(bytes, secret);
  md5(bytes, text(secret)).copy(bytes, 4);
  return bytes;
}

/** Where the Message-Authenticator's value starts in a packet's bytes, or -1. */
function messageAuthenticatorAt(bytes: Buffer): number {
  const length = bytes.readUInt16BE(2);
  for (let at = HEADER; at + 2 <= length;) {
    const len = bytes[at + 1];
    if (len < 2) return -1;
    if (bytes[at] === ATTR['Message-Authenticator'] && len === 18) return at + 2;
    at += len;
  }
  return -1;
}

/** Fills in the Message-Authenticator of `bytes` (its 16 bytes zero, the authenticator field as it is meant to be). */
function signMessageAuthenticator(bytes: Buffer, secret: string) {
  const at = messageAuthenticatorAt(bytes);
  if (at < 0) return;
  bytes.fill(0, at, at + 16);
  crypto.createHmac('md5', secret).update(bytes).digest().copy(bytes, at);
}

/**
 * Whether a packet's Message-Authenticator is right: true, false, or undefined when it has none.
 * `authenticator`: what stands in the authenticator field while it is computed (a reply's
 * Request Authenticator; a request's own field as it came).
 */
export function checkMessageAuthenticator(bytes: Buffer, secret: string, authenticator?: Buffer): boolean | undefined {
  const at = messageAuthenticatorAt(bytes);
  if (at < 0) return undefined;
  const copy = Buffer.from(bytes.subarray(0, bytes.readUInt16BE(2)));
  const given = Buffer.from(copy.subarray(at, at + 16));
  copy.fill(0, at, at + 16);
  if (authenticator) authenticator.copy(copy, 4);
  return crypto.timingSafeEqual(crypto.createHmac('md5', secret).update(copy).digest(), given);
}

/** Whether a reply's Response Authenticator is right for the request it answers (RFC 2865 3). */
export function checkReply(bytes: Buffer, secret: string, requestAuthenticator: Buffer): boolean {
  const length = bytes.readUInt16BE(2);
  const given = bytes.subarray(4, 20);
  const expected = md5(bytes.subarray(0, 4), requestAuthenticator, bytes.subarray(20, length), text(secret));
  return crypto.timingSafeEqual(given, expected);
}

/** Whether an Accounting, CoA or Disconnect request's authenticator is right (RFC 2866 3, RFC 5176 2.3). */
export function checkRequest(bytes: Buffer, secret: string): boolean {
  const length = bytes.readUInt16BE(2);
  const expected = md5(bytes.subarray(0, 4), Buffer.alloc(16), bytes.subarray(20, length), text(secret));
  return crypto.timingSafeEqual(bytes.subarray(4, 20), expected);
}
