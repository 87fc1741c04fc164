// What vrouter takes from the net-snmp package (npm `net-snmp`, pinned): its BER reading and
// writing of SNMP messages (v1, v2c, v3 with the scoped PDU), USM's key localisation, digests
// (HMAC-MD5-96, HMAC-SHA-96) and privacy (DES-CBC, AES-128-CFB), and its trap sender. Not
// its agent: that keeps a MIB of its own (values copied in beforehand, where vrouter reads the
// router's state as it answers), and gets the protocol wrong where a monitoring system would
// notice (src/services/snmp/agent.ts says where).
//
// The package exports its message class only through the objects it makes, so the one
// reached here is its listener's: a fixed, valid v2c message is read once, and the class of
// what comes back reads every message after it. Everything the face uses of the package's
// inside is named in this file, so a new release of the package is checked here.

import crypto from 'node:crypto';
import des from 'des.js';
import snmp from 'net-snmp';

export const ObjectType = snmp.ObjectType as unknown as {
  Integer: 2; OctetString: 4; Null: 5; OID: 6; IpAddress: 64; Counter: 65; Gauge: 66; TimeTicks: 67; Counter64: 70;
  NoSuchObject: 128; NoSuchInstance: 129; EndOfMibView: 130;
};
export const PduType = snmp.PduType as unknown as { GetRequest: 160; GetNextRequest: 161; GetResponse: 162; SetRequest: 163; GetBulkRequest: 165 };
export const ErrorStatus = {
  NoError: 0, TooBig: 1, NoSuchName: 2, BadValue: 3, ReadOnly: 4, GenErr: 5, NoAccess: 6, WrongType: 7, WrongLength: 8,
  WrongValue: 10, NoCreation: 11, InconsistentValue: 12, CommitFailed: 14, AuthorizationError: 16, NotWritable: 17,
} as const;
export const Version = { v1: 0, v2c: 1, v3: 3 } as const;
export const AuthProtocols = snmp.AuthProtocols as unknown as { md5: string; sha: string };
export const PrivProtocols = snmp.PrivProtocols as unknown as { des: number; aes: number };
/** The security levels of USM, as the package numbers them. */
export const SecurityLevel = snmp.SecurityLevel as unknown as { noAuthNoPriv: number; authNoPriv: number; authPriv: number };

export interface Varbind {
  oid: string;
  type: number;
  value: unknown;
}

/** A USM user as the package reads and writes messages for it (passwords, not keys). */
export interface UsmUser {
  name: string;
  level: number;
  authProtocol?: string;
  authKey?: string;
  privProtocol?: number;
  privKey?: string;
}

export interface Pdu {
  type: number;
  id: number;
  varbinds: Varbind[];
  nonRepeaters: number;
  maxRepetitions: number;
  contextName?: string;
  contextEngineID?: Buffer;
  getResponsePduForRequest(): Pdu & { errorStatus: number; errorIndex: number };
}

export interface SecurityParameters {
  msgAuthoritativeEngineID: Buffer;
  msgAuthoritativeEngineBoots: number;
  msgAuthoritativeEngineTime: number;
  msgUserName: string;
  msgAuthenticationParameters: Buffer;
  msgPrivacyParameters: Buffer;
}

/** A message as the package reads it. */
export interface Message {
  version: number;
  community?: string;
  pdu: Pdu | null;
  buffer: Buffer;
  user?: UsmUser;
  msgGlobalData?: { msgID: number; msgMaxSize: number; msgFlags: number; msgSecurityModel: number };
  msgSecurityParameters?: SecurityParameters;
  hasAuthentication(): number | boolean | undefined;
  hasPrivacy(): number | boolean | undefined;
  isReportable(): number | boolean | undefined;
  /** Decrypts the scoped PDU with the user's privacy password; false (and `failed` called) when it cannot. */
  decryptPdu(user: UsmUser, failed: (e: Error) => void): boolean;
  createReportResponseMessage(engine: AgentEngine, context: string, errorType: string): Message;
  createResponseForRequest(pdu: Pdu): Message;
  toBuffer(): Buffer;
}

/** What a report and a response say of the agent's SNMP engine. */
export interface AgentEngine {
  readonly engineID: Buffer;
  readonly engineBoots: number;
  readonly engineTime: number;
}

/** The report kinds of RFC 3414 3.2, by the usmStats counter each increments (1.3.6.1.6.3.15.1.1.N). */
export const UsmError = {
  unsupportedSecLevels: '1', notInTimeWindows: '2', unknownUserNames: '3', unknownEngineIDs: '4', wrongDigests: '5', decryptionErrors: '6',
} as const;

type MessageClass = { createFromBuffer(buffer: Buffer): Message };

/** A get of sysDescr.0 with community `c`: valid for every release of the package. */
const PROBE = Buffer.from('3021020101040163a019020101020100020100300e300c06082b060102010101000500', 'hex');

function messageClass(): MessageClass {
  const stub = { on() {}, bind() {}, close() {}, address() { return { port: 0 }; } };
  const agent = snmp.createAgent({ dgramModule: { createSocket: () => stub }, disableAuthorization: true } as never, () => {}) as unknown as {
    listener: { constructor: { processIncoming(b: Buffer, a: unknown, cb: () => void): Message } };
    authorizer: unknown;
  };
  const probe = agent.listener.constructor.processIncoming(PROBE, agent.authorizer, () => {});
  return probe.constructor as unknown as MessageClass;
}

const Messages = messageClass();

/** Reads one message; throws on anything that is not one. */
export function readMessage(buffer: Buffer): Message {
  return Messages.createFromBuffer(buffer);
}

/** Whether a v3 message's digest is the one `user`'s authentication password gives. */
export function authentic(message: Message, user: UsmUser): boolean {
  const sp = message.msgSecurityParameters!;
  const auth = (snmp as unknown as { Authentication: { isAuthentic(b: Buffer, p: string, k: string, e: Buffer, d: Buffer): boolean } }).Authentication;
  return auth.isAuthentic(message.buffer, user.authProtocol!, user.authKey!, sp.msgAuthoritativeEngineID, sp.msgAuthenticationParameters);
}

/**
 * DES-CBC privacy (RFC 3414 8) on a Node whose OpenSSL 3 has no DES (its legacy provider is
 * off by default): the package asks node:crypto for `des-cbc` and so fails every DES message.
 * It ships a DES of its own (lib/des.js) that it does not use, and that one is wrong: the
 * FIPS 81 test vector (key 0123456789abcdef, "Now is t") gives 6c91b76cbf243d2c, not
 * 3fa40e8a984d4815. Here DES messages use des.js (the DES of browserify's crypto), with the
 * key and IV RFC 3414 8.1.1.1 derives: the first 8 octets of the localised key, and the next
 * 8 XOR the salt (the engine's boots, then 4 random octets).
 */
function desFallback() {
  try {
    crypto.createCipheriv('des-cbc', Buffer.alloc(8), Buffer.alloc(8));
    return;
  } catch {
    // No DES in this OpenSSL.
  }
  const lib = snmp as unknown as {
    Authentication: { passwordToKey(proto: string, password: string, engineID: Buffer): Buffer };
    Encryption: { algorithms: Record<number, { encryptPdu: unknown; decryptPdu: unknown }> };
  };
  const cbc = (type: 'encrypt' | 'decrypt', key: Buffer, iv: Buffer, data: Buffer) => {
    const cipher = des.CBC.instantiate(des.DES).create({ type, key, iv, padding: false });
    return Buffer.from([...cipher.update(data), ...cipher.final()]);
  };
  const keys = (authProtocol: string, password: string, engineID: Buffer) => {
    const localized = lib.Authentication.passwordToKey(authProtocol, password, engineID);
    return { key: localized.subarray(0, 8), preIv: localized.subarray(8, 16) };
  };
  const xor = (a: Buffer, b: Buffer) => Buffer.from(a.map((x, i) => x ^ b[i]));
  const algorithm = lib.Encryption.algorithms[PrivProtocols.des];
  algorithm.encryptPdu = (scopedPdu: Buffer, _p: number, password: string, authProtocol: string, engine: { engineID: Buffer; engineBoots: number }) => {
    const { key, preIv } = keys(authProtocol, password, engine.engineID);
    const salt = Buffer.alloc(8);
    salt.writeUInt32BE((engine.engineBoots ?? 0) >>> 0, 0);
    crypto.randomBytes(4).copy(salt, 4);
    const padded = Buffer.alloc(Math.ceil(scopedPdu.length / 8) * 8);
    scopedPdu.copy(padded);
    return { encryptedPdu: cbc('encrypt', key, xor(preIv, salt), padded), msgPrivacyParameters: salt };
  };
  algorithm.decryptPdu = (encrypted: Buffer, _p: number, salt: Buffer, password: string, authProtocol: string, engine: { engineID: Buffer }) => {
    if (encrypted.length % 8 !== 0 || salt.length !== 8) throw new Error('DES: not a whole number of blocks');
    const { key, preIv } = keys(authProtocol, password, engine.engineID);
    return cbc('decrypt', key, xor(preIv, salt), encrypted);
  };
}
desFallback();

export { snmp };
