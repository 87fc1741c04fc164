// dns-packet, loaded at the first DNS message the router sends or answers: most routers never
// do one, and their start does not pay for the library.

import { createRequire } from 'node:module';
import type dnsPacket from 'dns-packet';

let library: typeof dnsPacket | undefined;

export const packets = (): typeof dnsPacket => (library ??= createRequire(import.meta.url)('dns-packet') as typeof dnsPacket);
