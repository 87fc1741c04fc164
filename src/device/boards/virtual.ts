// Routers without MikroTik hardware: the Cloud Hosted Router (a virtual machine) and RouterOS
// installed on a PC (x86). Manual "Cloud Hosted Router, CHR": any number of virtual NICs
// (ether1..), virtual disks (/disk slot1..), a serial console; no RouterBOARD, so
// /system/routerboard shows `routerboard: no` and no model. An export from a CHR names no
// model (corpus: the CHR exports' headers end at `# software id =`). The CHR has no
// defconf script: it comes up with a DHCP client on ether1 and nothing else, so that a
// cloud VM is reachable (docs/routeros-facts.md 30.4).

import type { BoardSpec } from './types.js';

export const VIRTUAL: readonly BoardSpec[] = [
  { key: 'chr', board: 'CHR', model: 'CHR', family: 'CHR', product: 'Cloud Hosted Router', architecture: 'x86_64', cpu: 'Intel', cpuCount: 2, cpuFrequency: 2400, memory: 1024, storage: 128,
    ports: ['ether1-5'], serial: 1, firmwareType: '', factoryFirmware: '', defconf: 'chr' },
  { key: 'x86', board: 'x86', model: 'x86', family: 'x86', product: 'RouterOS on a PC (x86)', architecture: 'x86_64', cpu: 'Intel', cpuCount: 4, cpuFrequency: 2000, memory: 4096, storage: 8192,
    ports: ['ether1-2'], serial: 1, usb: 2, sata: 1, firmwareType: '', factoryFirmware: '', defconf: 'none' },
];
