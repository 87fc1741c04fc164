// The NTPv4 packet (RFC 5905 7.3): 48 bytes of header, the extension fields and MAC after it
// left unread. No npm library for it is both small and well kept, and the format is a fixed
// layout of ten fields, so it is read and written here.

/** Seconds from the NTP era's start (1900-01-01) to the Unix epoch. */
const ERA = 2208988800;

export interface NtpPacket {
  /** Leap indicator: 0 no warning, 3 the clock is not synchronized. */
  leap: number;
  version: number;
  /** 1 symmetric active, 3 client, 4 server, 5 broadcast, 6 and 7 control and private. */
  mode: number;
  /** 1 primary, 2-15 secondary, 16 unsynchronized (0 on the wire for a kiss-o'-death). */
  stratum: number;
  poll: number;
  precision: number;
  /** Seconds. */
  rootDelay: number;
  rootDispersion: number;
  /** Four bytes: an IPv4 address, or text such as `LOCL`. */
  refId: Buffer;
  /** Milliseconds since the Unix epoch; 0 for none. */
  reference: number;
  origin: number;
  receive: number;
  transmit: number;
  /** The transmit timestamp's 8 bytes as sent: a client matches its server's origin to it. */
  transmitRaw: Buffer;
}

export const NTP_HEADER = 48;

function readStamp(b: Buffer, at: number): number {
  const seconds = b.readUInt32BE(at), fraction = b.readUInt32BE(at + 4);
  if (seconds === 0 && fraction === 0) return 0;
  return (seconds - ERA) * 1000 + (fraction / 2 ** 32) * 1000;
}

function writeStamp(b: Buffer, at: number, ms: number) {
  if (!ms) { b.writeUInt32BE(0, at); b.writeUInt32BE(0, at + 4); return; }
  const seconds = Math.floor(ms / 1000);
  b.writeUInt32BE((seconds + ERA) >>> 0, at);
  b.writeUInt32BE(Math.min(2 ** 32 - 1, Math.floor(((ms - seconds * 1000) / 1000) * 2 ** 32)), at + 4);
}

/** Reads a packet; undefined for anything shorter than the header. */
export function decodeNtp(b: Buffer): NtpPacket | undefined {
  if (b.length < NTP_HEADER) return undefined;
  const first = b[0];
  return {
    leap: first >> 6, version: (first >> 3) & 7, mode: first & 7,
    stratum: b[1], poll: b.readInt8(2), precision: b.readInt8(3),
    rootDelay: b.readUInt32BE(4) / 65536, rootDispersion: b.readUInt32BE(8) / 65536,
    refId: Buffer.from(b.subarray(12, 16)),
    reference: readStamp(b, 16), origin: readStamp(b, 24), receive: readStamp(b, 32), transmit: readStamp(b, 40),
    transmitRaw: Buffer.from(b.subarray(40, 48)),
  };
}

/** Writes a header; `originRaw` puts the client's transmit bytes back exactly as it sent them. */
export function encodeNtp(p: Omit<NtpPacket, 'transmitRaw'>, originRaw?: Buffer): Buffer {
  const b = Buffer.alloc(NTP_HEADER);
  b[0] = ((p.leap & 3) << 6) | ((p.version & 7) << 3) | (p.mode & 7);
  b[1] = p.stratum & 255;
  b.writeInt8(Math.max(-128, Math.min(127, p.poll)), 2);
  b.writeInt8(Math.max(-128, Math.min(127, p.precision)), 3);
  b.writeUInt32BE(Math.min(0xffffffff, Math.round(p.rootDelay * 65536)), 4);
  b.writeUInt32BE(Math.min(0xffffffff, Math.round(p.rootDispersion * 65536)), 8);
  p.refId.copy(b, 12, 0, 4);
  writeStamp(b, 16, p.reference);
  if (originRaw) originRaw.copy(b, 24, 0, 8); else writeStamp(b, 24, p.origin);
  writeStamp(b, 32, p.receive);
  writeStamp(b, 40, p.transmit);
  return b;
}

/** An IPv4 address as a reference id; text (`LOCL`, `INIT`) for anything else. */
export function refIdOf(source: string): Buffer {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(source);
  if (v4) return Buffer.from(v4.slice(1).map(Number));
  const b = Buffer.alloc(4);
  b.write(source.slice(0, 4), 'latin1');
  return b;
}
