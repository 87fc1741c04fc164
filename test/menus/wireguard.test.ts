// WireGuard over REST: real x25519 keys, made when not given, the public key worked out from
// the private one, and peers' keys checked.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { client, error, startRouter, type TestRouter } from '../helpers/router.js';

let r: TestRouter;
let c: ReturnType<typeof client>;
before(async () => { r = await startRouter(); c = client(r.port); });
after(() => r.stop());

const b64 = (s: string) => Buffer.from(s, 'base64url').toString('base64');

test('an interface added without a private key gets one; its public key belongs to it', async () => {
  const res = await c.put('/rest/interface/wireguard', { name: 'wg0' });
  assert.equal(res.status, 201, res.text);
  assert.match(res.json['private-key'], /^[A-Za-z0-9+/]{43}=$/);
  // The same key pair as Node's own X25519 makes from that private key.
  const priv = crypto.createPrivateKey({ key: { kty: 'OKP', crv: 'X25519', d: Buffer.from(res.json['private-key'], 'base64').toString('base64url'), x: '' }, format: 'jwk' });
  assert.equal(res.json['public-key'], b64(crypto.createPublicKey(priv).export({ format: 'jwk' }).x!));
  assert.equal(res.json['listen-port'], '13231');
  assert.equal((await c.get('/rest/interface?name=wg0')).json[0].type, 'wg');
});

test('a given private key is kept, and its public key shown', async () => {
  const pair = crypto.generateKeyPairSync('x25519');
  const priv = b64(pair.privateKey.export({ format: 'jwk' }).d!);
  const res = await c.put('/rest/interface/wireguard', { name: 'wg1', 'private-key': priv, 'listen-port': '51820' });
  assert.equal(res.json['private-key'], priv);
  assert.equal(res.json['public-key'], b64(pair.publicKey.export({ format: 'jwk' }).x!));
  assert.deepEqual((await c.put('/rest/interface/wireguard', { name: 'wg2', 'private-key': 'short' })).json, error(400, 'Bad Request', 'invalid value for argument private-key'));
});

test('a peer needs a real public key', async () => {
  const peerKey = b64(crypto.generateKeyPairSync('x25519').publicKey.export({ format: 'jwk' }).x!);
  const ok = await c.put('/rest/interface/wireguard/peers', { interface: 'wg0', 'public-key': peerKey, 'allowed-address': '10.0.0.2/32' });
  assert.equal(ok.status, 201, ok.text);
  assert.equal(ok.json['public-key'], peerKey);
  assert.deepEqual((await c.put('/rest/interface/wireguard/peers', { interface: 'wg0', 'public-key': 'not-a-key', 'allowed-address': '10.0.0.2/32' })).json, error(400, 'Bad Request', 'invalid value for argument public-key'));
  assert.deepEqual((await c.put('/rest/interface/wireguard/peers', { interface: 'wg0', 'allowed-address': '10.0.0.2/32' })).json, error(400, 'Bad Request', 'missing =public-key='));
  // allowed-address is required too (community.routeros and the Terraform provider mark it so).
  assert.deepEqual((await c.put('/rest/interface/wireguard/peers', { interface: 'wg0', 'public-key': peerKey })).json, error(400, 'Bad Request', 'missing =allowed-address='));
});
