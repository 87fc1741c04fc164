// des.js ships no types: the part of its API the snmp face uses (DES-CBC without padding).
declare module 'des.js' {
  interface Cipher { update(data: Uint8Array): number[]; final(): number[] }
  interface Mode { create(o: { type: 'encrypt' | 'decrypt'; key: Uint8Array; iv: Uint8Array; padding: boolean }): Cipher }
  const des: { DES: unknown; CBC: { instantiate(cipher: unknown): Mode } };
  export default des;
}
