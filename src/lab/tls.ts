// The lab's certificate authority and its nodes' certificates, made as containerlab makes
// them and kept where it keeps them (containerlab docs, manual/cert.md; types/topo_paths.go;
// core/deploy.go; cert/ca.go): the CA in DIR/.tls/ca/ca.pem and ca.key ("NAME lab CA",
// organization containerlab, country US, RSA 2048, a year), each node's in
// DIR/.tls/NODE/NODE.pem and NODE.key (common name NODE.NAME.io; names NODE, clab-NAME-NODE,
// NODE.NAME.io, the address the node listens on and the topology's `sans`; usages digital
// signature and key encipherment, TLS server and client). Files already there are used
// again, as containerlab loads them before making new ones (a CA that containerlab made for
// the same lab directory too); `--reconfigure` makes them anew. A user trusts ca.pem to
// reach every node's www-ssl and api-ssl.

import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { bits, bool, content, context, elements, integer, namedBits, NULL, octets, oid, printable, seq, set, time, utf8 } from '../core/der.js';
import type { NodeCertificate } from './topology.js';

/** PEM of a certificate and of its private key (PKCS#8). */
export interface Pair { cert: string; key: string }

const TLS_DIR = '.tls';
const YEAR_MS = 8760 * 3_600_000;
const TLS_SERVER = '1.3.6.1.5.5.7.3.1', TLS_CLIENT = '1.3.6.1.5.5.7.3.2';
/** Key usage bits (RFC 5280 4.2.1.3). */
const DIGITAL_SIGNATURE = 0, KEY_ENCIPHERMENT = 2, KEY_CERT_SIGN = 5, CRL_SIGN = 6;

/** Where containerlab keeps a node's (or, as node `ca`, the CA's) certificate and key. */
function tlsFiles(dataDir: string, node: string) {
  const dir = path.join(dataDir, TLS_DIR, node);
  return { dir, cert: path.join(dir, `${node}.pem`), key: path.join(dir, `${node}.key`) };
}

function read(files: { cert: string; key: string }): Pair | undefined {
  try {
    return { cert: fs.readFileSync(files.cert, 'utf8'), key: fs.readFileSync(files.key, 'utf8') };
  } catch {
    return undefined;
  }
}

function write(files: { dir: string; cert: string; key: string }, pair: Pair) {
  fs.mkdirSync(files.dir, { recursive: true });
  fs.writeFileSync(files.key, pair.key, { mode: 0o600 });
  fs.writeFileSync(files.cert, pair.cert);
}

/** C=US, O=containerlab, CN=... as containerlab names its certificates. */
function name(commonName: string): Buffer {
  const text = (s: string) => (/^[A-Za-z0-9 '()+,\-./:=?]*$/.test(s) ? printable(s) : utf8(s));
  const rdn = (type: string, value: string) => set(seq(oid(type), text(value)));
  return seq(rdn('2.5.4.6', 'US'), rdn('2.5.4.10', 'containerlab'), rdn('2.5.4.3', commonName));
}

/** The key identifier of a public key: SHA-1 of its bits (RFC 5280 4.2.1.2, method 1). */
function keyId(key: crypto.KeyObject): Buffer {
  const spki = key.export({ type: 'spki', format: 'der' });
  return crypto.createHash('sha1').update(content(elements(spki)[1]).subarray(1)).digest();
}

const extension = (id: string, critical: boolean, value: Buffer) => seq(oid(id), ...(critical ? [bool(true)] : []), octets(value));

interface Issuer { name: Buffer; key: crypto.KeyObject; id: Buffer }

/** A certificate signed by `issuer` (itself, for the CA), as PEM; signed off the main thread. */
async function certificate(subject: Buffer, publicKey: crypto.KeyObject, issuer: Issuer, validityMs: number, extensions: Buffer[]): Promise<string> {
  const rsa = issuer.key.asymmetricKeyType === 'rsa';
  const algorithm = rsa ? seq(oid('1.2.840.113549.1.1.11'), NULL) : seq(oid('1.2.840.10045.4.3.2'));
  const serial = crypto.randomBytes(8);
  serial[0] = (serial[0] & 0x7f) | 0x01;
  const now = Date.now();
  const tbs = seq(
    context(0, integer(Buffer.from([2]))), integer(serial), algorithm, issuer.name,
    seq(time(new Date(now - 60_000)), time(new Date(now + validityMs))), subject,
    publicKey.export({ type: 'spki', format: 'der' }),
    context(3, seq(...extensions)),
  );
  const signature = await new Promise<Buffer>((resolve, reject) => crypto.sign('sha256', tbs, issuer.key, (e, sig) => (e ? reject(e) : resolve(sig))));
  const der = seq(tbs, algorithm, bits(signature));
  return `-----BEGIN CERTIFICATE-----\n${der.toString('base64').match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
}

const keyPem = (key: crypto.KeyObject) => key.export({ type: 'pkcs8', format: 'pem' }) as string;

/** The certificates of one lab: its CA, made or read once, signing each node's. */
export class LabTls {
  private readonly dataDir: string;
  private ca?: Promise<Issuer>;

  /** `afresh` (--reconfigure): the lab's certificates are made anew, the CA too. */
  constructor(dataDir: string, private readonly lab: string, afresh: boolean) {
    this.dataDir = path.resolve(dataDir);
    if (afresh) fs.rmSync(path.join(this.dataDir, TLS_DIR), { recursive: true, force: true });
  }

  get caFile(): string { return tlsFiles(this.dataDir, 'ca').cert; }

  private authority() {
    return (this.ca ??= (async () => {
      const files = tlsFiles(this.dataDir, 'ca');
      let pair = read(files);
      if (!pair) {
        const keys = await generate(2048);
        const subject = name(`${this.lab} lab CA`);
        const self: Issuer = { name: subject, key: keys.privateKey, id: keyId(keys.publicKey) };
        const cert = await certificate(subject, keys.publicKey, self, YEAR_MS, [
          extension('2.5.29.15', true, namedBits([DIGITAL_SIGNATURE, KEY_CERT_SIGN, CRL_SIGN])),
          extension('2.5.29.37', false, seq(oid(TLS_CLIENT), oid(TLS_SERVER))),
          extension('2.5.29.19', true, seq(bool(true))),
          extension('2.5.29.14', false, octets(self.id)),
        ]);
        pair = { cert, key: keyPem(keys.privateKey) };
        write(files, pair);
      }
      const x = new crypto.X509Certificate(pair.cert);
      // The subject as the certificate has it: TBSCertificate's sixth element after its version.
      const tbs = elements(x.raw)[0];
      const parts = elements(tbs);
      const subject = parts[(parts[0][0] === 0xa0 ? 1 : 0) + 4];
      return { name: subject, key: crypto.createPrivateKey(pair.key), id: keyId(x.publicKey) };
    })());
  }

  /** A node's certificate and key: those in its .tls directory, or new ones signed by the lab's CA. */
  async node(node: string, listen: string, wanted: NodeCertificate): Promise<Pair> {
    const files = tlsFiles(this.dataDir, node);
    const kept = read(files);
    if (kept) return kept;
    const issuer = await this.authority();
    const keys = await generate(wanted.keySize);
    const names = [...new Set([node, `clab-${this.lab}-${node}`, `${node}.${this.lab}.io`, listen, ...wanted.sans])];
    const alt = names.map((n) => (net.isIP(n) ? context(7, Buffer.from(ipaddr.parse(n).toByteArray()), false) : context(2, Buffer.from(n, 'latin1'), false)));
    const cert = await certificate(name(`${node}.${this.lab}.io`), keys.publicKey, issuer, wanted.validityMs, [
      extension('2.5.29.15', true, namedBits([DIGITAL_SIGNATURE, KEY_ENCIPHERMENT])),
      extension('2.5.29.37', false, seq(oid(TLS_CLIENT), oid(TLS_SERVER))),
      extension('2.5.29.19', true, seq()),
      extension('2.5.29.14', false, octets(keyId(keys.publicKey))),
      extension('2.5.29.35', false, seq(context(0, issuer.id, false))),
      extension('2.5.29.17', false, seq(...alt)),
    ]);
    const pair = { cert, key: keyPem(keys.privateKey) };
    write(files, pair);
    return pair;
  }
}

/** An RSA key of `rsaBits`, or without, a P-256 key (fast to make for a thousand nodes); made off the main thread. */
function generate(rsaBits?: number): Promise<crypto.KeyPairKeyObjectResult> {
  const done = (resolve: (k: crypto.KeyPairKeyObjectResult) => void, reject: (e: Error) => void) =>
    (e: Error | null, publicKey: crypto.KeyObject, privateKey: crypto.KeyObject) => (e ? reject(e) : resolve({ publicKey, privateKey }));
  return new Promise((resolve, reject) => (rsaBits
    ? crypto.generateKeyPair('rsa', { modulusLength: rsaBits }, done(resolve, reject))
    : crypto.generateKeyPair('ec', { namedCurve: 'prime256v1' }, done(resolve, reject))));
}
