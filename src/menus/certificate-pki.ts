// The public-key machinery behind /certificate, without any router concept: making key
// pairs and X.509 certificates (@peculiar/x509 on Node's WebCrypto), describing a
// certificate the way the router prints it, and reading and writing the file forms the
// router imports and exports (PEM, DER, PKCS#12).
//
// PKCS#12 is read with node-forge, which knows every algorithm such files use, the old
// RC2/3DES ones of OpenSSL 1.x included (Node's OpenSSL 3 does not). Forge's own writer
// knows RSA keys only, so the writer here assembles the file from forge's ASN.1 pieces:
// the key as a shrouded PKCS#8 bag (AES-256, PBKDF2), certificates in a plain bag and a
// SHA-1 MAC, the form `openssl pkcs12` and Node's `pfx` option read.

import 'reflect-metadata'; // @peculiar/x509 resolves its parts through tsyringe, which needs it
import crypto from 'node:crypto';
import * as x509 from '@peculiar/x509';
import forge from 'node-forge';
import { parseAltNames } from './certificate-words.js';
import { content, elements, oidText, stringText, tagOf, timeValue } from '../core/der.js';

x509.cryptoProvider.set(crypto.webcrypto as unknown as Crypto);
const subtle = crypto.webcrypto.subtle;

/** The X.509 key usage bit of each usage name, in the router's order. */
const KEY_USAGE_BITS: [string, number][] = [
  ['digital-signature', x509.KeyUsageFlags.digitalSignature],
  ['content-commitment', x509.KeyUsageFlags.nonRepudiation],
  ['key-encipherment', x509.KeyUsageFlags.keyEncipherment],
  ['data-encipherment', x509.KeyUsageFlags.dataEncipherment],
  ['key-agreement', x509.KeyUsageFlags.keyAgreement],
  ['key-cert-sign', x509.KeyUsageFlags.keyCertSign],
  ['crl-sign', x509.KeyUsageFlags.cRLSign],
  ['encipher-only', x509.KeyUsageFlags.encipherOnly],
  ['decipher-only', x509.KeyUsageFlags.decipherOnly],
];
const EXTENDED_USAGES: [string, string][] = [
  ['tls-server', '1.3.6.1.5.5.7.3.1'],
  ['tls-client', '1.3.6.1.5.5.7.3.2'],
  ['code-sign', '1.3.6.1.5.5.7.3.3'],
  ['email-protect', '1.3.6.1.5.5.7.3.4'],
  ['timestamp', '1.3.6.1.5.5.7.3.8'],
  ['ocsp-sign', '1.3.6.1.5.5.7.3.9'],
  ['dvcs', '1.3.6.1.5.5.7.3.10'],
];

const CURVES: Record<string, string> = { prime256v1: 'P-256', secp384r1: 'P-384', secp521r1: 'P-521' };
/** WebCrypto has no MD5 signatures (and OpenSSL 3 refuses them): md5 signs with SHA-256. */
const HASHES: Record<string, string> = { md5: 'SHA-256', sha1: 'SHA-1', sha256: 'SHA-256', sha384: 'SHA-384', sha512: 'SHA-512' };

/** What a template asks for, as the router's fields hold it. */
export interface Template {
  commonName?: string;
  country?: string;
  state?: string;
  locality?: string;
  organization?: string;
  unit?: string;
  /** `DNS:name,IP:address,email:x` */
  subjectAltName?: string;
  daysValid: number;
  digest: string;
  keySize: string;
  keyUsage: readonly string[];
}

/** A certificate and its private key (PKCS#8 DER). */
export interface Issued {
  pem: string;
  key: Buffer;
}

const hex = (bytes: number) => {
  const b = crypto.randomBytes(bytes);
  b[0] &= 0x7f; // a positive serial number
  if (b[0] === 0) b[0] = 0x01; // and no leading zero byte that DER would drop
  return b.toString('hex');
};

/** The subject in the router's order (C, ST, L, O, OU, CN), as @peculiar/x509 takes names. */
function subjectOf(t: Template): x509.JsonName {
  const name: x509.JsonName = [];
  const add = (type: string, value?: string) => { if (value) name.push({ [type]: [value] }); };
  add('C', t.country);
  add('ST', t.state);
  add('L', t.locality);
  add('O', t.organization);
  add('OU', t.unit);
  add('CN', t.commonName);
  return name;
}

function signingAlgorithm(key: crypto.KeyObject, digest: string): RsaHashedImportParams | EcKeyImportParams & { hash: string } {
  const hash = HASHES[digest] ?? 'SHA-256';
  if (key.asymmetricKeyType === 'ec') {
    const curve = CURVES[key.asymmetricKeyDetails?.namedCurve ?? ''] ?? 'P-256';
    return { name: 'ECDSA', namedCurve: curve, hash };
  }
  return { name: 'RSASSA-PKCS1-v1_5', hash };
}

/**
 * Makes a key pair and a certificate for a template: self-signed, or signed by `issuer`.
 * Key usage `key-cert-sign` makes the certificate an authority (basic constraints CA).
 */
export async function issue(t: Template, now: Date, issuer?: Issued): Promise<Issued> {
  const curve = CURVES[t.keySize];
  const hash = HASHES[t.digest] ?? 'SHA-256';
  const algorithm = curve
    ? { name: 'ECDSA', namedCurve: curve }
    : { name: 'RSASSA-PKCS1-v1_5', modulusLength: Number(t.keySize), publicExponent: new Uint8Array([1, 0, 1]), hash };
  const keys = await subtle.generateKey(algorithm, true, ['sign', 'verify']) as CryptoKeyPair;
  const usageBits = KEY_USAGE_BITS.filter(([n]) => t.keyUsage.includes(n)).reduce((a, [, bit]) => a | bit, 0);
  const extended = EXTENDED_USAGES.filter(([n]) => t.keyUsage.includes(n)).map(([, oid]) => oid);
  const authority = t.keyUsage.includes('key-cert-sign');
  const extensions: x509.Extension[] = [
    new x509.BasicConstraintsExtension(authority, undefined, true),
    await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
  ];
  if (usageBits) extensions.push(new x509.KeyUsagesExtension(usageBits, true));
  if (extended.length) extensions.push(new x509.ExtendedKeyUsageExtension(extended));
  const alt = parseAltNames(t.subjectAltName ?? '');
  if (alt.length) extensions.push(new x509.SubjectAlternativeNameExtension(alt));
  const notAfter = new Date(now.getTime() + t.daysValid * 86_400_000);
  const common = { serialNumber: hex(8), notBefore: now, notAfter, extensions };
  let cert: x509.X509Certificate;
  if (!issuer) {
    const signingAlg = curve ? { name: 'ECDSA', hash } : { name: 'RSASSA-PKCS1-v1_5', hash };
    cert = await x509.X509CertificateGenerator.createSelfSigned({ ...common, name: subjectOf(t), keys, signingAlgorithm: signingAlg });
  } else {
    const issuerCert = new x509.X509Certificate(issuer.pem);
    const issuerKey = crypto.createPrivateKey({ key: issuer.key, format: 'der', type: 'pkcs8' });
    const alg = signingAlgorithm(issuerKey, t.digest);
    const signingKey = await subtle.importKey('pkcs8', issuer.key, alg, false, ['sign']);
    const akid = issuerCert.getExtension(x509.SubjectKeyIdentifierExtension);
    extensions.push(akid ? new x509.AuthorityKeyIdentifierExtension(akid.keyId) : await x509.AuthorityKeyIdentifierExtension.create(issuerCert.publicKey));
    cert = await x509.X509CertificateGenerator.create({
      ...common, subject: subjectOf(t), issuer: issuerCert.subjectName, publicKey: keys.publicKey, signingKey,
      signingAlgorithm: { name: alg.name, hash: alg.hash },
    });
  }
  const key = Buffer.from(await subtle.exportKey('pkcs8', keys.privateKey));
  return { pem: cert.toString('pem') + '\n', key };
}

/** What print shows of a certificate, read from the certificate itself. */
export interface Described {
  fingerprint: string;
  serial: string;
  subject: Record<string, string>;
  issuer: string;
  altNames: string;
  notBefore: number;
  notAfter: number;
  akid: string;
  skid: string;
  keyType: string;
  keySize: string;
  keyUsage: string;
  digest: string;
  authority: boolean;
  selfSigned: boolean;
  /** The public key (SPKI DER, base64): pairs a private key with its certificate. */
  publicKey: string;
}

/** The short name of each attribute type a name may have; others are shown by OID. */
const NAME_TYPES: Record<string, string> = {
  '2.5.4.3': 'CN', '2.5.4.6': 'C', '2.5.4.7': 'L', '2.5.4.8': 'ST', '2.5.4.10': 'O', '2.5.4.11': 'OU', '1.2.840.113549.1.9.1': 'E',
  '0.9.2342.19200300.100.1.25': 'DC', '2.5.4.42': 'G', '2.5.4.43': 'I', '2.5.4.4': 'SN', '2.5.4.12': 'T',
};

/** The hash of each signature algorithm, as `digest-algorithm` names it (RSA, RSA-PSS, ECDSA). */
const SIGNATURE_DIGESTS: Record<string, string> = {
  '1.2.840.113549.1.1.4': 'md5', '1.2.840.113549.1.1.5': 'sha1', '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384', '1.2.840.113549.1.1.13': 'sha512', '1.2.840.10045.4.1': 'sha1',
  '1.2.840.10045.4.3.2': 'sha256', '1.2.840.10045.4.3.3': 'sha384', '1.2.840.10045.4.3.4': 'sha512',
};

/** Hashes by OID, for RSA-PSS's parameters (RFC 4055; SHA-1 when they name none). */
const HASH_OIDS: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1', '2.16.840.1.101.3.4.2.1': 'sha256', '2.16.840.1.101.3.4.2.2': 'sha384', '2.16.840.1.101.3.4.2.3': 'sha512',
};

/** The hash a signature algorithm names. */
function signatureDigest(algorithm: Buffer): string {
  const [id, params] = elements(algorithm);
  const oid = oidText(id);
  if (oid !== '1.2.840.113549.1.1.10') return SIGNATURE_DIGESTS[oid] ?? '';
  const hash = params && tagOf(params) === 0x30 ? elements(params).find((p) => tagOf(p) === 0xa0) : undefined;
  return hash ? HASH_OIDS[oidText(elements(content(hash))[0])] ?? '' : 'sha1';
}

/** A Name's relative names in the certificate's order, each its attributes: [type, value], the type by OID. */
function nameParts(der: Buffer): [string, string][][] {
  return elements(der).map((rdn) => elements(rdn).map((atv): [string, string] => {
    const [type, value] = elements(atv);
    return [oidText(type), stringText(value)];
  }));
}

/** An IP address of a subject-alt-name: dotted, or IPv6 with its longest run of zero groups as `::`. */
function ipText(b: Buffer): string {
  if (b.length === 4) return [...b].join('.');
  const groups = Array.from({ length: 8 }, (_, i) => b.readUInt16BE(i * 2).toString(16));
  let best = -1, bestLength = 0;
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && groups[j] === '0') j++;
    if (j - i > bestLength) { best = i; bestLength = j - i; }
    i = j > i ? j : i + 1;
  }
  if (bestLength < 2) return groups.join(':');
  return `${groups.slice(0, best).join(':')}::${groups.slice(best + bestLength).join(':')}`;
}

/**
 * What print shows of a certificate, read from the certificate itself: Node's X509Certificate
 * for what it gives, the DER for the rest (a general ASN.1 reader took most of a lab's start).
 */
export function describe(pem: string): Described {
  const node = new crypto.X509Certificate(pem);
  const tbs = elements(elements(node.raw)[0]);
  const at = tagOf(tbs[0]) === 0xa0 ? 1 : 0;
  const [serial, , issuer, validity, subjectName] = tbs.slice(at, at + 5);
  const subject: Record<string, string> = {};
  // A type given twice in one relative name: its first value; in two, the later one.
  for (const rdn of nameParts(subjectName)) {
    const seen = new Set<string>();
    for (const [type, value] of rdn) if (!seen.has(type)) { seen.add(type); subject[NAME_TYPES[type] ?? type] = value; }
  }
  const extensions = new Map<string, Buffer>();
  const wrapped = tbs.slice(at + 6).find((e) => tagOf(e) === 0xa3);
  for (const ext of wrapped ? elements(content(wrapped)) : []) {
    const parts = elements(ext);
    extensions.set(oidText(parts[0]), content(parts[parts.length - 1]));
  }
  const ku = extensions.get('2.5.29.15');
  const kuBits = ku ? content(ku) : undefined;
  const has = (bit: number) => !!kuBits && kuBits.length > 1 + (bit >> 3) && !!(kuBits[1 + (bit >> 3)] & (0x80 >> (bit & 7)));
  const eku = extensions.get('2.5.29.37');
  const ekuOids = eku ? elements(eku).map(oidText) : [];
  const usages = [
    ...KEY_USAGE_BITS.filter(([, flag]) => has(Math.log2(flag))).map(([n]) => n),
    ...EXTENDED_USAGES.filter(([, oid]) => ekuOids.includes(oid)).map(([n]) => n),
  ];
  const san = extensions.get('2.5.29.17');
  const altNames = (san ? elements(san) : []).flatMap((n) => {
    const value = content(n);
    if (tagOf(n) === 0x82) return [`DNS:${value.toString('latin1')}`];
    if (tagOf(n) === 0x87 && (value.length === 4 || value.length === 16)) return [`IP:${ipText(value)}`];
    if (tagOf(n) === 0x81) return [`email:${value.toString('latin1')}`];
    return [];
  }).join(',');
  const ski = extensions.get('2.5.29.14');
  const aki = extensions.get('2.5.29.35');
  const akiId = aki ? elements(aki).find((e) => tagOf(e) === 0x80) : undefined;
  const selfSigned = node.checkIssued(node) && node.verify(node.publicKey);
  const details = node.publicKey.asymmetricKeyDetails ?? {};
  const keyType = node.publicKey.asymmetricKeyType === 'ec' ? 'ec' : node.publicKey.asymmetricKeyType === 'rsa' ? 'rsa' : String(node.publicKey.asymmetricKeyType);
  const [notBefore, notAfter] = elements(validity).map(timeValue);
  let serialBytes = content(serial);
  if (serialBytes.length > 1 && serialBytes[0] === 0 && serialBytes[1] > 0x7f) serialBytes = serialBytes.subarray(1);
  return {
    fingerprint: node.fingerprint256.replace(/:/g, '').toLowerCase(),
    serial: serialBytes.toString('hex'),
    subject,
    issuer: nameParts(issuer).flat().map(([type, value]) => `${NAME_TYPES[type] ?? type}=${value}`).join(','),
    altNames,
    notBefore,
    notAfter,
    // A self-signed certificate names no other authority: the router shows akid empty.
    akid: selfSigned || !akiId ? '' : content(akiId).toString('hex').toUpperCase(),
    skid: ski ? content(ski).toString('hex').toUpperCase() : '',
    keyType,
    keySize: keyType === 'ec' ? String(details.namedCurve ?? '') : String(details.modulusLength ?? ''),
    keyUsage: usages.join(','),
    digest: signatureDigest(elements(node.raw)[1]),
    authority: node.ca,
    selfSigned,
    publicKey: node.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
  };
}

/** The public key of a private key, in the form `describe` gives it. */
export function publicKeyOf(key: crypto.KeyObject): string {
  return crypto.createPublicKey(key).export({ type: 'spki', format: 'der' }).toString('base64');
}

/** True when `child` was signed by `parent`'s key. */
export function signedBy(child: string, parent: string): boolean {
  const c = new crypto.X509Certificate(child);
  const p = new crypto.X509Certificate(parent);
  return c.checkIssued(p) && c.verify(p.publicKey);
}

// ---------------------------------------------------------------- files

/** What a file held: certificates (PEM) and private keys, and keys that would not open. */
export interface FileContents {
  certs: string[];
  keys: crypto.KeyObject[];
  decryptionFailures: number;
}

export class NotCertificateFile extends Error {}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?-----END \1-----/g;

/** Reads a PEM, DER or PKCS#12 file the way `/certificate import` does. */
export function readFile(data: Buffer, passphrase: string): FileContents {
  const text = data.toString('latin1');
  if (text.includes('-----BEGIN ')) return readPem(text, passphrase);
  try {
    const cert = new crypto.X509Certificate(data);
    return { certs: [cert.toString()], keys: [], decryptionFailures: 0 };
  } catch { /* not a DER certificate */ }
  try {
    return { certs: [], keys: [crypto.createPrivateKey({ key: data, format: 'der', type: 'pkcs8' })], decryptionFailures: 0 };
  } catch { /* not a DER key */ }
  return readPkcs12(data, passphrase);
}

function readPem(text: string, passphrase: string): FileContents {
  const out: FileContents = { certs: [], keys: [], decryptionFailures: 0 };
  for (const m of text.matchAll(PEM_BLOCK)) {
    const kind = m[1];
    if (kind === 'CERTIFICATE' || kind === 'X509 CERTIFICATE' || kind === 'TRUSTED CERTIFICATE') {
      try {
        out.certs.push(new crypto.X509Certificate(m[0].replace(/(BEGIN|END) (X509|TRUSTED) CERTIFICATE/g, '$1 CERTIFICATE')).toString());
      } catch { /* a damaged block is skipped */ }
    } else if (kind.endsWith('PRIVATE KEY')) {
      try {
        out.keys.push(crypto.createPrivateKey({ key: m[0], format: 'pem', passphrase }));
      } catch {
        out.decryptionFailures++;
      }
    }
  }
  if (!out.certs.length && !out.keys.length && !out.decryptionFailures) throw new NotCertificateFile();
  return out;
}

function readPkcs12(data: Buffer, passphrase: string): FileContents {
  let p12: forge.pkcs12.Pkcs12Pfx;
  let asn: forge.asn1.Asn1;
  try {
    asn = forge.asn1.fromDer(data.toString('binary'));
  } catch {
    throw new NotCertificateFile();
  }
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn, false, passphrase);
  } catch {
    // Not readable with this passphrase (or not PKCS#12 at all, which is told apart below).
    if (!looksLikePfx(asn)) throw new NotCertificateFile();
    return { certs: [], keys: [], decryptionFailures: 1 };
  }
  const out: FileContents = { certs: [], keys: [], decryptionFailures: 0 };
  for (const contents of p12.safeContents) {
    for (const bag of contents.safeBags) {
      // Forge parses RSA only; other keys and certificates come as their ASN.1 (`asn1`).
      const raw = (bag as { asn1?: forge.asn1.Asn1 }).asn1;
      if (bag.type === forge.pki.oids.certBag) {
        const der = bag.cert ? forge.asn1.toDer(forge.pki.certificateToAsn1(bag.cert)).getBytes() : raw ? forge.asn1.toDer(raw).getBytes() : undefined;
        if (der) out.certs.push(new crypto.X509Certificate(Buffer.from(der, 'binary')).toString());
      } else if (bag.type === forge.pki.oids.keyBag || bag.type === forge.pki.oids.pkcs8ShroudedKeyBag) {
        const info = bag.key ? forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(bag.key)) : raw;
        if (!info) { out.decryptionFailures++; continue; }
        out.keys.push(crypto.createPrivateKey({ key: Buffer.from(forge.asn1.toDer(info).getBytes(), 'binary'), format: 'der', type: 'pkcs8' }));
      }
    }
  }
  return out;
}

function looksLikePfx(asn: forge.asn1.Asn1): boolean {
  const items = Array.isArray(asn.value) ? asn.value : [];
  return items.length >= 2 && items[0].type === forge.asn1.Type.INTEGER && items[1].type === forge.asn1.Type.SEQUENCE;
}

/** A private key as an encrypted PKCS#8 PEM file (AES-256-CBC), as export-certificate writes it. */
export function keyPem(key: Buffer, passphrase: string): string {
  return crypto.createPrivateKey({ key, format: 'der', type: 'pkcs8' })
    .export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase }) as string;
}

/** A private key as unencrypted PKCS#8 PEM, for the TLS services. */
export function plainKeyPem(key: Buffer): string {
  return crypto.createPrivateKey({ key, format: 'der', type: 'pkcs8' }).export({ type: 'pkcs8', format: 'pem' }) as string;
}

/**
 * A PKCS#12 file: the certificates (the first is the key's), and the key shrouded with the
 * passphrase when there is one. Without a passphrase it holds the certificates only.
 */
export function writePkcs12(certs: readonly string[], key: Buffer | undefined, passphrase: string | undefined, friendlyName?: string): Buffer {
  const { asn1, pki } = forge;
  const seq = (items: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, items);
  const set = (items: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, items);
  const oid = (o: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(o).getBytes());
  const octets = (bytes: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, bytes);
  const explicit = (item: forge.asn1.Asn1) => asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [item]);
  const data = (inner: forge.asn1.Asn1) => seq([oid(pki.oids.data), explicit(octets(asn1.toDer(inner).getBytes()))]);

  const ders = certs.map((pem) => new crypto.X509Certificate(pem).raw);
  const localKeyId = ders.length ? crypto.createHash('sha1').update(ders[0]).digest().toString('binary') : crypto.randomBytes(20).toString('binary');
  const attrs: forge.asn1.Asn1[] = [seq([oid(pki.oids.localKeyId), set([octets(localKeyId)])])];
  if (friendlyName) attrs.push(seq([oid(pki.oids.friendlyName), set([asn1.create(asn1.Class.UNIVERSAL, asn1.Type.BMPSTRING, false, friendlyName)])]));
  const bagAttrs = set(attrs);

  const certBags = ders.map((der, i) => seq([
    oid(pki.oids.certBag),
    explicit(seq([oid(pki.oids.x509Certificate), explicit(octets(der.toString('binary')))])),
    ...(i === 0 ? [bagAttrs] : []),
  ]));
  const contents: forge.asn1.Asn1[] = [];
  if (certBags.length) contents.push(data(seq(certBags)));
  if (key && passphrase) {
    const info = asn1.fromDer(key.toString('binary'));
    const shrouded = pki.encryptPrivateKeyInfo(info, passphrase, { algorithm: 'aes256', count: 2048, saltSize: 8 });
    contents.push(data(seq([seq([oid(pki.oids.pkcs8ShroudedKeyBag), explicit(shrouded), bagAttrs])])));
  }
  const safe = seq(contents);
  const macSalt = crypto.randomBytes(8);
  const count = 2048;
  const macKey = forge.pkcs12.generateKey(passphrase ?? '', forge.util.createBuffer(macSalt.toString('binary')), 3, count, 20);
  const hmac = forge.hmac.create();
  hmac.start('sha1', macKey);
  hmac.update(asn1.toDer(safe).getBytes());
  const macData = seq([
    seq([seq([oid(pki.oids.sha1), asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, '')]), octets(hmac.digest().getBytes())]),
    octets(macSalt.toString('binary')),
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(count).getBytes()),
  ]);
  const pfx = seq([
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(3).getBytes()),
    data(safe),
    macData,
  ]);
  return Buffer.from(asn1.toDer(pfx).getBytes(), 'binary');
}
