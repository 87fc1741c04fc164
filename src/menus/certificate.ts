// /certificate: the router's certificates and their private keys.
//
// A record starts as a template (`add`: the names and key wanted); `sign` turns it into a
// certificate, self-signed or signed by a certificate authority of this router (`ca=`).
// Signing makes a key pair and takes time, as on the router: until it is done the record
// is still a template, and naming it as `ca` or as a service's certificate fails with
// `input does not match any value of ...`. `import` reads certificates and keys from
// /file (PEM, DER, PKCS#12), pairing each key with its certificate; `export-certificate`
// writes them back to /file.
//
// A private key is a secret: print shows only `private-key=true`, the configuration holds
// it sealed with the router's own key (env.services.secrets, src/device/secrets.ts), and
// it leaves the router only through export-certificate with a passphrase, for a user who
// has the `sensitive` policy.
//
// Besides its fields a record keeps values no user sees or sets, named with a leading dot:
// `.pem` (the certificate), `.key` (the sealed key), `.public-key` (to pair imported keys),
// `.not-after` (ms, for expires-after).

import { createHash } from 'node:crypto';
import path from 'node:path';
import { ValueError, failure, missingArgument, notEnoughPermissions, NO_MATCH, noMatch } from '../core/errors.js';
import { findRows } from '../core/records.js';
import type { CommandContext, CommandDecl, Environment, MenuDecl, Reply } from '../core/schema.js';
import { formatId, parseId, type Mutation, type Row } from '../core/store.js';
import type { ValueType } from '../core/types.js';
import { bool, formatDateTime, formatDuration, int, listOf, name, oneOf, str } from '../core/values.js';
import type { FileStore } from '../device/files.js';
import { SecretError, type SecretBox } from '../device/secrets.js';
import { ref } from './common.js';
import type { Described, Issued } from './certificate-pki.js';
import { DIGESTS, KEY_SIZES, KEY_USAGES, canonicalAltNames } from './certificate-words.js';

// The public-key machinery (@peculiar/x509, node-forge) takes a few hundred milliseconds to
// load: it is loaded by the first certificate command, or at start when certificates
// exist (loadPki), never for a router that has none.
type Pki = typeof import('./certificate-pki.js');
let loaded: Pki | undefined;

/** Loads the certificate machinery; every certificate command awaits it first. */
export async function loadPki(): Promise<Pki> {
  return (loaded ??= await import('./certificate-pki.js'));
}

/** The machinery, for code that runs only once a certificate exists (and so it is loaded). */
function pki(): Pki {
  if (!loaded) throw new Error('certificate machinery used before loadPki()');
  return loaded;
}

const DAY = 86_400_000;
const TABLE = 'certificate';

/** What a template is signed for when key-usage is not given (the router's default). */
const DEFAULT_USAGE = 'digital-signature,key-encipherment,data-encipherment,key-cert-sign,crl-sign,tls-server,tls-client';
const TRUST_STORES = [
  'all', 'api', 'capsman', 'container', 'dns', 'dot1x', 'email', 'fetch', 'ipsec', 'logging', 'lora', 'mqtt',
  'netwatch', 'openflow', 'ovpn', 'radius', 'reverse-proxy', 'sstp', 'tr069', 'userman', 'wiliot', 'wpa-eap', 'www',
];
/** Shortest time a signing takes: long enough that using a record too early is seen to fail. */
export const SIGN_MIN_MS = 300;
/** The label a sealed key is bound to. */
const KEY_LABEL = 'certificate-key';

const altNames: ValueType = {
  name: 'subject-alt-name',
  parse(input) {
    try {
      return canonicalAltNames(input);
    } catch {
      throw new ValueError();
    }
  },
  compare: (a, b) => (a < b ? -1 : a > b ? 1 : 0),
};

// ---------------------------------------------------------------- record state

const isSigned = (row: Row) => row.values['.pem'] !== undefined;
const hasKey = (row: Row) => row.values['.key'] !== undefined;

/** Signings under way, by record id; a record in here is still a template. */
export class Signer {
  readonly pending = new Map<number, Promise<void>>();
  private closed = false;

  start(id: number, job: () => Promise<void>) {
    const run = job().catch((e) => {
      if (!this.closed) console.error('vrouter: certificate signing failed:', e);
    }).finally(() => { this.pending.delete(id); });
    this.pending.set(id, run);
  }

  /** Waits for every signing under way (tests, and a clean stop). */
  async settled() {
    while (this.pending.size) await Promise.all(this.pending.values());
  }

  /** After close a finishing signing writes nothing: the store may be gone. */
  close() { this.closed = true; }
  get isClosed() { return this.closed; }
}

function signer(env: Environment): Signer {
  let s = env.services.signer as Signer | undefined;
  if (!s) env.services.signer = s = new Signer();
  return s;
}

function secrets(env: Environment): SecretBox {
  const box = env.services.secrets as SecretBox | undefined;
  if (!box) throw failure('no secret key for private keys');
  return box;
}

/** A record is usable (as a CA, or by a service) once signed, with its key, and not being signed again. */
function usable(env: Environment, row: Row | undefined): row is Row {
  return !!row && isSigned(row) && hasKey(row) && !signer(env).pending.has(row.id);
}

/** The record a user's word names: a name or an id. */
function byWord(env: Environment, word: string): Row | undefined {
  const table = env.store.table(TABLE);
  const id = parseId(word);
  return table.byKey.get(word) ?? (id === undefined ? undefined : table.get(id));
}

function material(env: Environment, row: Row): Issued {
  return { pem: row.values['.pem'], key: secrets(env).open(row.values['.key'], KEY_LABEL) };
}

/** The key of a certificate for a command; a key sealed by another router's key is refused. */
function keyFor(env: Environment, row: Row): Issued {
  try {
    return material(env, row);
  } catch (e) {
    if (e instanceof SecretError) throw failure('private key can not be decrypted');
    throw e;
  }
}

/** The values print shows of a certificate, kept with the record when it is made. */
function describedValues(d: Described): Record<string, string> {
  return {
    fingerprint: d.fingerprint,
    'serial-number': d.serial,
    issuer: d.issuer,
    akid: d.akid,
    skid: d.skid,
    'invalid-before': formatDateTime(new Date(d.notBefore)),
    'invalid-after': formatDateTime(new Date(d.notAfter)),
    'key-type': d.keyType,
    'key-size': d.keySize,
    authority: String(d.authority),
    '.not-after': String(d.notAfter),
    '.public-key': d.publicKey,
  };
}

/** Values that only signing or import write; a copy (`copy-from`) starts without them. */
const MADE = ['fingerprint', 'serial-number', 'issuer', 'akid', 'skid', 'invalid-before', 'invalid-after', 'authority', 'ca', 'revoked', 'key-type'];
/** What may change on a certificate once it is signed. */
const SETTABLE_WHEN_SIGNED = new Set(['name', 'trusted', 'trust-store']);

const signedOnly = (f: (row: Row, env: Environment) => string | undefined) =>
  (row: Row, env: Environment) => (isSigned(row) ? f(row, env) : undefined);

// ---------------------------------------------------------------- the menu

export const certificate: MenuDecl = {
  path: 'certificate',
  kind: 'table',
  key: 'name',
  duplicateKey: 'certificate with the same name already exists',
  fields: {
    name: { type: name, required: true },
    'common-name': { type: str() },
    country: { type: str() },
    state: { type: str() },
    locality: { type: str() },
    organization: { type: str() },
    unit: { type: str() },
    'subject-alt-name': { type: altNames, default: '' },
    'days-valid': { type: int({ min: 1, max: 36500 }), default: '365' },
    'digest-algorithm': { type: oneOf(DIGESTS, { message: NO_MATCH }), default: 'sha256' },
    'key-size': { type: oneOf(KEY_SIZES, { message: NO_MATCH }), default: '2048' },
    'key-usage': { type: listOf(oneOf(KEY_USAGES, { message: NO_MATCH })), default: DEFAULT_USAGE },
    'trust-store': { type: listOf(oneOf(TRUST_STORES, { message: NO_MATCH })), default: 'all' },
    trusted: { type: bool, default: 'false' },
    // What the certificate itself says; written when it is signed or imported.
    'key-type': { type: str(), readOnly: true, derive: (row) => row.values['key-type'] ?? (/^[0-9]+$/.test(row.values['key-size'] ?? '2048') ? 'rsa' : 'ec') },
    issuer: { type: str(), readOnly: true },
    'serial-number': { type: str(), readOnly: true },
    fingerprint: { type: str(), readOnly: true },
    akid: { type: str(), readOnly: true },
    skid: { type: str(), readOnly: true },
    'invalid-before': { type: str(), readOnly: true },
    'invalid-after': { type: str(), readOnly: true },
    'expires-after': {
      type: str(), readOnly: true,
      derive: signedOnly((row, env) => formatDuration(Math.max(0, Math.floor((Number(row.values['.not-after']) - env.now()) / 1000) * 1000))),
    },
    // The certificate authority of this router that signed it.
    ca: { ...ref(TABLE), readOnly: true },
    issued: { type: bool, readOnly: true, derive: (row) => (row.values.ca ? 'true' : undefined) },
    authority: { type: bool, readOnly: true, derive: (row) => row.values.authority ?? 'false' },
    'private-key': { type: bool, readOnly: true, derive: (row) => String(hasKey(row)) },
    crl: { type: bool, readOnly: true, derive: () => 'false' },
    'smart-card-key': { type: bool, readOnly: true, derive: () => 'false' },
    expired: { type: bool, readOnly: true, derive: signedOnly((row, env) => String(env.now() > Number(row.values['.not-after']))) },
    revoked: { type: bool, readOnly: true, derive: signedOnly((row) => row.values.revoked ?? 'false') },
  },
  verify(next, env, previous) {
    if (!previous) {
      // A new template (also one copied from a certificate) has nothing of a signed one.
      for (const k of Object.keys(next)) if (k.startsWith('.') || MADE.includes(k)) delete next[k];
      return;
    }
    if (isSigned(previous) || signer(env).pending.has(previous.id)) {
      for (const k of new Set([...Object.keys(next), ...Object.keys(previous.values)])) {
        if (!SETTABLE_WHEN_SIGNED.has(k) && next[k] !== previous.values[k]) throw failure('can not change signed certificate');
      }
    }
  },
  commands: {
    sign: {
      policy: ['write'],
      unnamed: 'number',
      args: {
        number: { type: str() }, ca: { type: str() }, name: { type: name },
        'ca-crl-host': { type: str() }, 'ca-on-smart-card': { type: str() },
        once: { type: str(), flag: true }, 'as-value': { type: str(), flag: true }, 'without-paging': { type: str(), flag: true },
        duration: { type: str() }, interval: { type: str() },
      },
      run: sign,
    },
    remove: { policy: ['write'], unnamed: 'numbers', args: { numbers: { type: str() } }, run: remove },
    'issued-revoke': { policy: ['write'], unnamed: 'numbers', args: { numbers: { type: str() } }, run: revoke },
    import: {
      policy: ['read', 'write'],
      args: {
        'file-name': { type: str(), required: true }, passphrase: { type: str() }, name: { type: name },
        trusted: { type: bool }, 'trust-store': { type: listOf(oneOf(TRUST_STORES, { message: NO_MATCH })) },
        'no-key-export': { type: str(), flag: true }, 'as-value': { type: str(), flag: true },
      },
      run: importFile,
    },
    'export-certificate': {
      policy: ['read', 'ftp'],
      unnamed: 'numbers',
      args: {
        numbers: { type: str() }, 'export-passphrase': { type: str() }, 'file-name': { type: str() },
        type: { type: oneOf(['pem', 'pkcs12'], { message: NO_MATCH }) },
      },
      run: exportCertificate,
    },
  } satisfies Record<string, CommandDecl>,
};

// ---------------------------------------------------------------- sign

async function sign(ctx: CommandContext): Promise<void> {
  await loadPki();
  const { env, menu, args } = ctx;
  const word = args.number;
  if (word === undefined || word === '') throw missingArgument('number');
  const row = findRows(env, menu, word)[0];
  const jobs = signer(env);
  if (isSigned(row)) throw failure('certificate is already signed');
  if (jobs.pending.has(row.id)) throw failure('certificate is being signed');
  let issuer: Row | undefined;
  if (args.ca !== undefined && args.ca !== '') {
    issuer = byWord(env, args.ca);
    if (!usable(env, issuer) || issuer.values.authority !== 'true' || issuer.id === row.id) {
      throw noMatch('ca');
    }
  }
  const newName = args.name;
  if (newName !== undefined) {
    const other = env.store.table(TABLE).byKey.get(newName);
    if (other && other !== row) throw failure('certificate with the same name already exists');
  }
  const id = row.id;
  const issuerId = issuer?.id;
  const issuerMaterial = issuer ? keyFor(env, issuer) : undefined;
  const started = env.now();
  const v = row.values;
  const template = {
    commonName: v['common-name'], country: v.country, state: v.state, locality: v.locality,
    organization: v.organization, unit: v.unit, subjectAltName: v['subject-alt-name'],
    daysValid: Number(v['days-valid'] ?? '365'), digest: v['digest-algorithm'] ?? 'sha256',
    keySize: v['key-size'] ?? '2048', keyUsage: (v['key-usage'] ?? DEFAULT_USAGE).split(','),
  };
  jobs.start(id, async () => {
    const made = await pki().issue(template, new Date(started), issuerMaterial);
    const wait = SIGN_MIN_MS - (env.now() - started);
    if (wait > 0) await new Promise((ok) => setTimeout(ok, wait));
    if (jobs.isClosed) return;
    const table = env.store.table(TABLE);
    const current = table.get(id);
    // Removed meanwhile, or its CA was: the signing comes to nothing.
    if (!current || (issuerId !== undefined && !table.get(issuerId))) return;
    const d = pki().describe(made.pem);
    const values: Record<string, string> = {
      ...current.values,
      ...describedValues(d),
      '.pem': made.pem,
      '.key': secrets(env).seal(made.key, KEY_LABEL),
    };
    if (issuerId !== undefined) values.ca = formatId(issuerId);
    // A self-signed certificate is its own root of trust.
    else values.trusted = 'true';
    if (newName !== undefined && !table.byKey.has(newName)) values.name = newName;
    env.store.commit([{ op: 'update', table: TABLE, id, values }]);
  });
  // The router answers once the certificate is made (the console shows its progress up to
  // `done`): a CA signed by one request signs the next at once, as Terraform's certificate
  // resources and users' configurations do (issue 23). A request stopped early leaves the
  // signing to finish by itself.
  const done = jobs.pending.get(id);
  if (done) await Promise.race([done, new Promise<void>((ok) => ctx.signal.addEventListener('abort', () => ok(), { once: true }))]);
}

// ---------------------------------------------------------------- remove, revoke

/** Removing a certificate authority removes every certificate it issued, as the router does. */
async function remove(ctx: CommandContext): Promise<void> {
  await loadPki();
  const { env, menu, args } = ctx;
  const table = env.store.table(TABLE);
  const gone = new Set(findRows(env, menu, args.numbers).map((r) => r.id));
  for (let grew = true; grew;) {
    grew = false;
    for (const row of table.rows) {
      const ca = parseId(row.values.ca ?? '');
      if (ca !== undefined && gone.has(ca) && !gone.has(row.id)) { gone.add(row.id); grew = true; }
    }
  }
  env.store.commit([...gone].map((id): Mutation => ({ op: 'delete', table: TABLE, id })));
}

async function revoke(ctx: CommandContext): Promise<void> {
  await loadPki();
  const { env, menu, args } = ctx;
  const rows = findRows(env, menu, args.numbers);
  for (const row of rows) if (!isSigned(row) || !row.values.ca) throw failure('certificate is not issued by this router');
  env.store.commit(rows.map((row): Mutation => ({ op: 'update', table: TABLE, id: row.id, values: { ...row.values, revoked: 'true' } })));
}

// ---------------------------------------------------------------- import

function files(env: Environment): FileStore {
  const store = env.services.files as FileStore | undefined;
  if (!store) throw failure('no file store');
  return store;
}

/**
 * Names for imported certificates: `name=` names the first, the next ones `name_1`, ...;
 * without it they are named after the file: `file.crt_0`, `file.crt_1`, ... Taken names
 * are passed over.
 */
function* importNames(env: Environment, given: string | undefined, fileName: string): Generator<string, never> {
  const table = env.store.table(TABLE);
  const all = given !== undefined
    ? (function* () { yield given; for (let i = 1; ; i++) yield `${given}_${i}`; })()
    : (function* () { const base = path.posix.basename(fileName); for (let i = 0; ; i++) yield `${base}_${i}`; })();
  for (const candidate of all) if (!table.byKey.has(candidate)) yield candidate;
  throw new Error('unreachable');
}

async function* importFile(ctx: CommandContext): AsyncGenerator<Reply, void> {
  await loadPki();
  const { env, args } = ctx;
  const store = files(env);
  const fileName = args['file-name'];
  if (!store.exists(fileName) || store.stat(fileName)?.type !== 'file') {
    throw noMatch('file-name');
  }
  const counts = { certs: 0, keys: 0, files: 0, failures: 0, orphans: 0 };
  let contents;
  try {
    contents = pki().readFile(store.read(fileName), args.passphrase ?? '');
  } catch (e) {
    if (!(e instanceof pki().NotCertificateFile)) throw e;
    contents = undefined;
  }
  const table = env.store.table(TABLE);
  const mutations: Mutation[] = [];
  /** Records as they will be after this import: existing ones and the ones added. */
  const records = new Map<number, Record<string, string>>(table.rows.map((r) => [r.id, { ...r.values }]));
  if (contents) {
    counts.failures = contents.decryptionFailures;
    // `name=` names the first certificate, the next ones `name_1`, ...; without it they are
    // named after the file: `file.crt_0`, `file.crt_1`, ...
    const names = importNames(env, args.name, fileName);
    for (const pem of contents.certs) {
      const d = describeCached(pem);
      counts.certs++;
      if ([...records.values()].some((v) => v.fingerprint === d.fingerprint)) continue;
      const certName = names.next().value;
      const values: Record<string, string> = {
        name: certName,
        ...(d.subject.CN !== undefined ? { 'common-name': d.subject.CN } : {}),
        ...(d.subject.C !== undefined ? { country: d.subject.C } : {}),
        ...(d.subject.ST !== undefined ? { state: d.subject.ST } : {}),
        ...(d.subject.L !== undefined ? { locality: d.subject.L } : {}),
        ...(d.subject.O !== undefined ? { organization: d.subject.O } : {}),
        ...(d.subject.OU !== undefined ? { unit: d.subject.OU } : {}),
        'subject-alt-name': d.altNames,
        'days-valid': String(Math.max(1, Math.round((d.notAfter - d.notBefore) / DAY))),
        ...(DIGESTS.includes(d.digest as typeof DIGESTS[number]) ? { 'digest-algorithm': d.digest } : {}),
        'key-usage': d.keyUsage,
        trusted: args.trusted ?? 'true',
        ...(args['trust-store'] !== undefined ? { 'trust-store': args['trust-store'] } : {}),
        ...describedValues(d),
        '.pem': pem,
      };
      if ('no-key-export' in args) values['.no-key-export'] = 'true';
      const row = env.store.newRow(TABLE, values, false);
      records.set(row.id, values);
      mutations.push({ op: 'insert', table: TABLE, row });
    }
    // Each key goes to the certificate it belongs to, here or already on the router.
    for (const key of contents.keys) {
      const pub = pki().publicKeyOf(key);
      const match = [...records.entries()].find(([, v]) => v['.public-key'] === pub);
      if (!match) { counts.orphans++; continue; }
      const [id, values] = match;
      values['.key'] = secrets(env).seal(key.export({ type: 'pkcs8', format: 'der' }), KEY_LABEL);
      if ('no-key-export' in args) values['.no-key-export'] = 'true';
      counts.keys++;
      if (table.get(id)) mutations.push({ op: 'update', table: TABLE, id, values: { ...values } });
    }
    if (contents.certs.length || contents.keys.length) counts.files = 1;
  }
  env.store.commit(mutations);
  // Keys in the router's (alphabetical) order.
  yield {
    'certificates-imported': String(counts.certs),
    'decryption-failures': String(counts.failures),
    'files-imported': String(counts.files),
    'keys-with-no-certificate': String(counts.orphans),
    'private-keys-imported': String(counts.keys),
  };
}

// ---------------------------------------------------------------- export-certificate

async function exportCertificate(ctx: CommandContext): Promise<void> {
  await loadPki();
  const { env, menu, args, session } = ctx;
  const row = findRows(env, menu, args.numbers)[0];
  if (!isSigned(row)) throw failure('certificate is not signed');
  const passphrase = args['export-passphrase'] || undefined;
  const withKey = passphrase !== undefined && hasKey(row) && row.values['.no-key-export'] !== 'true';
  // The private key leaves the router only for a user who may see secrets.
  if (withKey && !session.policies.has('sensitive')) throw notEnoughPermissions();
  const base = args['file-name'] || `cert_export_${row.values.name}`;
  const store = files(env);
  const key = withKey ? keyFor(env, row).key : undefined;
  if ((args.type ?? 'pem') === 'pkcs12') {
    store.write(`${base}.p12`, pki().writePkcs12(chainOf(env, row), key, passphrase, row.values.name));
    return;
  }
  store.write(`${base}.crt`, row.values['.pem']);
  if (key) store.write(`${base}.key`, pki().keyPem(key, passphrase!));
}

/** A certificate followed by the certificates of this router that issued it, up to its root. */
function chainOf(env: Environment, row: Row): string[] {
  const table = env.store.table(TABLE);
  const chain = [row.values['.pem']];
  let at = row;
  for (let depth = 0; depth < 8; depth++) {
    const caId = parseId(at.values.ca ?? '');
    let parent = caId === undefined ? undefined : table.get(caId);
    if (!parent) {
      // An imported certificate: its issuer is whichever other authority here signed it, and
      // none did when there is none or it signed itself (Node's own checks, no description).
      const authorities = table.rows.filter((r) => r !== at && isSigned(r) && r.values.authority === 'true');
      if (!authorities.length || pki().signedBy(at.values['.pem'], at.values['.pem'])) break;
      parent = authorities.find((r) => pki().signedBy(at.values['.pem'], r.values['.pem']));
    }
    if (!parent || !isSigned(parent) || chain.includes(parent.values['.pem'])) break;
    chain.push(parent.values['.pem']);
    at = parent;
  }
  return chain;
}

/** Certificates described lately, by PEM (the same one imported into many routers of a lab, say). */
const described = new Map<string, Described>();
function describeCached(pem: string): Described {
  let d = described.get(pem);
  if (!d) {
    if (described.size > 256) described.clear();
    described.set(pem, (d = pki().describe(pem)));
  }
  return d;
}

// ---------------------------------------------------------------- for the services

/** Whether a stored service `certificate` value names a certificate a service can use. */
export function certificateUsable(env: Environment, stored: string): boolean {
  const id = parseId(stored);
  return id !== undefined && usable(env, env.store.table(TABLE).get(id));
}

/**
 * What a TLS service needs of a certificate named by its stored id: the chain (PEM) and the
 * private key (PEM), and a tag that changes whenever either does. Undefined when the
 * certificate is gone or not usable.
 */
export function tlsMaterial(env: Environment, stored: string): { cert: string; key: string; tag: string } | undefined {
  const id = parseId(stored);
  const table = env.store.table(TABLE);
  const row = id === undefined ? undefined : table.get(id);
  if (!usable(env, row)) return undefined;
  // Asked at every change of the services: worked out again only when a certificate changed
  // (the store gives a changed record a new values object), as the chain may run through any.
  const kept = materialKept.get(row.values);
  if (kept && kept.from.length === table.rows.length && kept.from.every((v, i) => v === table.rows[i].values)) return kept.material;
  const material = workOutMaterial(env, row);
  materialKept.set(row.values, { from: table.rows.map((r) => r.values), material });
  return material;
}

const materialKept = new WeakMap<object, { from: object[]; material: ReturnType<typeof workOutMaterial> }>();

function workOutMaterial(env: Environment, row: Row): { cert: string; key: string; tag: string } | undefined {
  let key: Buffer;
  try {
    key = material(env, row).key;
  } catch (e) {
    // Sealed by another router's key (a config.db copied without its secret.key): no key.
    if (e instanceof SecretError) return undefined;
    throw e;
  }
  const chain = chainOf(env, row);
  const tag = createHash('sha256').update(chain.join('')).update(row.values['.key']).digest('hex');
  return { cert: chain.join(''), key: pki().plainKeyPem(key), tag };
}
