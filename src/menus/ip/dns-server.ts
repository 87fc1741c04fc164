// What the router answers a device's DNS query with (the dns face, src/services/dns.ts,
// carries the bytes). A query is read with dns-packet; one that cannot be read is answered
// FORMERR when its header is whole and dropped otherwise; a reply someone sends the router is
// dropped; an opcode other than QUERY is NOTIMP. The answer is the resolver's
// (./dns-resolver.ts), with RA set, AA for the router's own entries, and over UDP cut to fit
// the client's EDNS size (512 bytes without EDNS) and `max-udp-packet-size`: what does not fit
// goes with TC set and no records, so the client asks again over TCP (RFC 1035 4.2.1, RFC 6891).

import type dnsPacket from 'dns-packet';
import { packets } from './dns-packets.js';
import type { Environment } from '../../core/schema.js';
import { logWanted, writeLog } from '../log.js';
import { rcodeNumber, resolverOf, type Outcome, type Rcode } from './dns-resolver.js';

/** The size a client without EDNS takes over UDP. */
const PLAIN_UDP = 512;

function reply(id: number, flags: number, rcode: Rcode, questions: dnsPacket.Question[], outcome?: Outcome, opt?: number): Buffer {
  const packet: dnsPacket.Packet = {
    type: 'response', id,
    flags: flags | rcodeNumber(rcode) | (outcome?.authoritative ? packets().AUTHORITATIVE_ANSWER : 0),
    questions, answers: outcome?.answers ?? [],
    additionals: opt === undefined ? [] : [{ type: 'OPT', name: '.', udpPayloadSize: opt, extendedRcode: 0, ednsVersion: 0, flags: 0, flag_do: false, options: [] }],
  };
  return packets().encode(packet);
}

/** The reply to one query from a device, or undefined to send none. */
export async function answerQuery(env: Environment, bytes: Buffer, client: { address: string; port: number }, transport: 'udp' | 'tcp'): Promise<Buffer | undefined> {
  if (bytes.length < 12) return undefined;
  const id = bytes.readUInt16BE(0);
  const head = bytes.readUInt16BE(2);
  // A reply is never answered: that is how reflection loops start.
  if (head & 0x8000) return undefined;
  const rd = head & packets().RECURSION_DESIRED;
  const flags = rd | packets().RECURSION_AVAILABLE;
  let query: dnsPacket.DecodedPacket;
  try {
    query = packets().decode(bytes);
  } catch {
    return reply(id, flags, 'FORMERR', []);
  }
  const opcode = (head >> 11) & 0xf;
  if (opcode !== 0) return reply(id, flags, 'NOTIMP', []);
  const questions = query.questions ?? [];
  if (questions.length !== 1) return reply(id, flags, 'FORMERR', questions);
  const q = questions[0];
  const resolver = resolverOf(env);
  // Too many questions wait for upstream already: this one is dropped (manual, Upstream servers).
  if (resolver.busy()) return undefined;
  const opt = (query.additionals ?? []).find((a) => a.type === 'OPT') as { udpPayloadSize?: number } | undefined;
  const maxUdp = Number(env.store.table('ip/dns').rows[0]?.values['max-udp-packet-size'] ?? 4096) || 4096;
  const limit = transport === 'tcp' ? 65535 : Math.min(maxUdp, Math.max(PLAIN_UDP, opt?.udpPayloadSize ?? PLAIN_UDP));
  if (logWanted(env, 'dns,packet')) writeLog(env, 'dns,packet', `--- got query from ${client.address}:${client.port}: ${q.name}:${q.type}:${q.class ?? 'IN'}`);
  const outcome = q.class && q.class !== 'IN' && q.class !== 'ANY'
    ? { rcode: 'REFUSED' as const, answers: [] }
    : await resolver.answer({ name: q.name, type: q.type }, { client: client.address });
  const edns = opt ? maxUdp : undefined;
  const full = reply(id, flags, outcome.rcode, questions, outcome, edns);
  if (full.length <= limit) return full;
  return reply(id, flags | packets().TRUNCATED_RESPONSE, outcome.rcode, questions, { ...outcome, answers: [] }, edns);
}
