// Switches: CRS (RouterOS, most dual-boot with SwOS), netPower, and the CSS line (SwOS only).
// Ports, switch chips and PoE from the product pages and block diagrams
// (mikrotik.com/product/<model>); dual boot from the manual "SwOS" ("CRS3xx series ...
// can be booted into SwOS": /system/routerboard/settings boot-os and /system/swos);
// the CRS1xx/2xx switch menus from the manual "CRS1xx/2xx series switches"; model names
// as the real exports print them (corpus: CRS317-1G-16S+, CRS328-24P-4S+).

import type { BoardSpec } from './types.js';

const ARM = 'ARM';
const ARM64 = 'ARM64';
const C3 = 'crs3xx' as const;
const FAN: BoardSpec['health'] = [{ name: 'fan1-speed', type: 'RPM', value: '3480' }, { name: 'fan2-speed', type: 'RPM', value: '3510' }];
const PSU: BoardSpec['health'] = [{ name: 'psu1-state', type: '', value: 'ok' }, { name: 'psu2-state', type: '', value: 'fail' }];

/** A CRS3xx/5xx switch: every port on the one switch chip. */
/**
 * A Marvell Prestera switch (CRS3xx, CRS5xx, netPower): its ports take 10218 bytes (manual "MTU
 * in RouterOS": every CRS3xx/5xx row says 10218 but for the management port the entry names)
 * and come with an L2MTU of 1592 (a CRS310-8G+2S+ 7.18.2 export verbose, find_string 56605388767).
 */
const crs = (spec: Omit<BoardSpec, 'family' | 'switches' | 'defconf' | 'firmwareType'> & { chip: string; firmwareType?: string }): BoardSpec => {
  const { chip, ...rest } = spec;
  return {
    family: 'CRS', firmwareType: 'ar9344', defconf: 'switch', switches: [{ type: chip, family: C3, ports: spec.ports }], l2mtu: 1592,
    ...rest, maxL2mtu: [...spec.ports.map((p) => `${p}:10218`), ...(spec.maxL2mtu ?? [])],
  };
};

export const SWITCHES: readonly BoardSpec[] = [
  // CRS1xx/2xx: QCA8511/8513/8519 switch chips with their own menus.
  { key: 'crs109', board: 'CRS109-8G-1S-2HnD', model: 'CRS109-8G-1S-2HnD', family: 'CRS', product: 'CRS109-8G-1S-2HnD-IN', architecture: 'mipsbe', cpu: 'MIPS 74Kc V4.12', cpuCount: 1, cpuFrequency: 600, memory: 128, storage: 128,
    ports: ['ether1-8', 'sfp1'], switches: [{ type: 'QCA-8513L', family: 'crs1xx', ports: ['ether1-8', 'sfp1'] }], poeOut: ['ether8'], radios: { driver: 'wireless', bands: ['2ghz'] }, usb: 1, firmwareType: 'ar9344', factoryFirmware: '6.7', defconf: 'router', leds: ['user-led'],
    serial: 1, maxL2mtu: ['ether1-8:4064', 'sfp1:4064'] },
  { key: 'crs112-8g', board: 'CRS112-8G-4S', model: 'CRS112-8G-4S', family: 'CRS', product: 'CRS112-8G-4S-IN', architecture: 'mipsbe', cpu: 'MIPS 24Kc V7.4', cpuCount: 1, cpuFrequency: 400, memory: 128, storage: 16,
    ports: ['ether1-8', 'sfp9-12'], switches: [{ type: 'QCA-8511', family: 'crs1xx', ports: ['ether1-8', 'sfp9-12'] }], firmwareType: 'qca9530L', factoryFirmware: '6.38', defconf: 'switch', leds: ['user-led'],
    maxL2mtu: ['ether1-8:9204', 'sfp9-12:9204'] },
  { key: 'crs112-8p', board: 'CRS112-8P-4S', model: 'CRS112-8P-4S', family: 'CRS', product: 'CRS112-8P-4S-IN', architecture: 'mipsbe', cpu: 'MIPS 24Kc V7.4', cpuCount: 1, cpuFrequency: 400, memory: 128, storage: 16,
    ports: ['ether1-8', 'sfp9-12'], switches: [{ type: 'QCA-8511', family: 'crs1xx', ports: ['ether1-8', 'sfp9-12'] }], poeOut: ['ether1-8'], firmwareType: 'qca9530L', factoryFirmware: '6.38', defconf: 'switch', leds: ['user-led'],
    health: [{ name: 'poe-out-consumption', type: 'W', value: '0' }],
    maxL2mtu: ['ether1-8:9204', 'sfp9-12:9204'] },
  { key: 'crs125', board: 'CRS125-24G-1S', model: 'CRS125-24G-1S', family: 'CRS', product: 'CRS125-24G-1S-IN', architecture: 'mipsbe', cpu: 'MIPS 74Kc V4.12', cpuCount: 1, cpuFrequency: 600, memory: 128, storage: 128,
    ports: ['ether1-24', 'sfp1'], switches: [{ type: 'QCA-8519', family: 'crs1xx', ports: ['ether1-24', 'sfp1'] }], usb: 1, lcd: true, firmwareType: 'ar9344', factoryFirmware: '6.7', defconf: 'switch', leds: ['user-led'],
    maxL2mtu: ['ether1-24:4064', 'sfp1:4064'] },
  { key: 'crs212', board: 'CRS212-1G-10S-1S+', model: 'CRS212-1G-10S-1S+', family: 'CRS', product: 'CRS212-1G-10S-1S+IN', architecture: 'mipsbe', cpu: 'MIPS 74Kc V4.12', cpuCount: 1, cpuFrequency: 400, memory: 64, storage: 16,
    ports: ['ether1', 'sfp1-10', 'sfp-sfpplus1'], switches: [{ type: 'QCA-8519', family: 'crs1xx', ports: ['ether1', 'sfp1-10', 'sfp-sfpplus1'] }], lcd: true, firmwareType: 'ar9344', factoryFirmware: '6.30', defconf: 'switch', leds: ['user-led'],
    maxL2mtu: ['ether1:9204', 'sfp1-10:9204', 'sfp-sfpplus1:9204'] },
  { key: 'crs226', board: 'CRS226-24G-2S+', model: 'CRS226-24G-2S+', family: 'CRS', product: 'CRS226-24G-2S+RM', architecture: 'mipsbe', cpu: 'MIPS 74Kc V4.12', cpuCount: 1, cpuFrequency: 400, memory: 64, storage: 16,
    ports: ['ether1-24', 'sfp-sfpplus1-2'], switches: [{ type: 'QCA-8519', family: 'crs1xx', ports: ['ether1-24', 'sfp-sfpplus1-2'] }], usb: 1, lcd: true, firmwareType: 'ar9344', factoryFirmware: '6.30', defconf: 'switch', leds: ['user-led'],
    maxL2mtu: ['ether1-24:9204', 'sfp-sfpplus1-2:9204'] },
  // CRS3xx (Marvell Prestera): dual boot RouterOS / SwOS.
  crs({ key: 'crs305', board: 'CRS305-1G-4S+', model: 'CRS305-1G-4S+', product: 'CRS305-1G-4S+IN', architecture: 'arm', cpu: ARM, cpuCount: 1, cpuFrequency: 800, memory: 512, storage: 16,
    ports: ['ether1', 'sfp-sfpplus1-4'], chip: '98DX3236', firmwareType: 'armada-370', dualBoot: true, serial: 1, factoryFirmware: '6.43', leds: ['user-led'] }),
  crs({ key: 'crs309', board: 'CRS309-1G-8S+', model: 'CRS309-1G-8S+', product: 'CRS309-1G-8S+IN', architecture: 'arm', cpu: ARM, cpuCount: 2, cpuFrequency: 800, memory: 512, storage: 16,
    ports: ['ether1', 'sfp-sfpplus1-8'], chip: '98DX8208', firmwareType: 'armada38x', dualBoot: true, serial: 1, factoryFirmware: '6.43', leds: ['user-led'] }),
  crs({ key: 'crs310-5s', board: 'CRS310-1G-5S-4S+', model: 'CRS310-1G-5S-4S+', product: 'CRS310-1G-5S-4S+IN', architecture: 'arm', cpu: ARM, cpuCount: 1, cpuFrequency: 800, memory: 256, storage: 32,
    ports: ['ether1', 'sfp1-5', 'sfp-sfpplus1-4'], chip: '98DX226S', firmwareType: 'armada-370', dualBoot: true, factoryFirmware: '7.6', leds: ['user-led'] }),
  crs({ key: 'crs310-8g', board: 'CRS310-8G+2S+', model: 'CRS310-8G+2S+', product: 'CRS310-8G+2S+IN', architecture: 'arm', cpu: ARM, cpuCount: 1, cpuFrequency: 800, memory: 256, storage: 32,
    ports: ['ether1-8', 'sfp-sfpplus1-2'], chip: '98DX226S', firmwareType: 'armada-370', factoryFirmware: '7.10', leds: ['user-led'],
    links: ['ether1-8:2.5g-fd'] }),
  crs({ key: 'crs312', board: 'CRS312-4C+8XG', model: 'CRS312-4C+8XG', product: 'CRS312-4C+8XG-RM', architecture: 'arm', cpu: ARM, cpuCount: 1, cpuFrequency: 650, memory: 256, storage: 16,
    ports: ['ether1-8', 'combo1-4', 'ether9'], chip: '98DX8212', firmwareType: 'armada-370', dualBoot: true, serial: 1, factoryFirmware: '6.45', leds: ['user-led'], health: [...FAN, ...PSU],
    maxL2mtu: ['ether9:2028'], links: ['combo1-4:sfp+'] }),
  crs({ key: 'crs317', board: 'CRS317-1G-16S+', model: 'CRS317-1G-16S+', product: 'CRS317-1G-16S+RM', architecture: 'arm', cpu: ARM, cpuCount: 2, cpuFrequency: 800, memory: 1024, storage: 16,
    ports: ['ether1', 'sfp-sfpplus1-16'], chip: '98DX8216', firmwareType: 'armada38x', dualBoot: true, serial: 1, factoryFirmware: '6.38', leds: ['user-led'], health: [...FAN, ...PSU] }),
  crs({ key: 'crs318-poe', board: 'CRS318-16P-2S+', model: 'CRS318-16P-2S+', product: 'netPower 16P (CRS318-16P-2S+OUT)', architecture: 'arm', cpu: ARM, cpuCount: 1, cpuFrequency: 800, memory: 256, storage: 16,
    ports: ['ether1-16', 'sfp-sfpplus1-2'], chip: '98DX226S', poeOut: ['ether1-16'], firmwareType: 'armada-370', dualBoot: true, factoryFirmware: '6.48', leds: ['user-led'],
    serial: 1 }),
  crs({ key: 'netpower-15fr', board: 'CRS318-1Fi-15Fr-2S', model: 'CRS318-1Fi-15Fr-2S', product: 'netPower 15FR (CRS318-1Fi-15Fr-2S-OUT)', architecture: 'arm', cpu: ARM, cpuCount: 1, cpuFrequency: 800, memory: 256, storage: 16,
    ports: ['ether1-16', 'sfp1-2'], chip: '98DX226S', poeOut: ['ether2-16'], firmwareType: 'armada-370', dualBoot: true, factoryFirmware: '6.47', leds: ['user-led'] }),
  crs({ key: 'crs320', board: 'CRS320-8P-8B-4S+', model: 'CRS320-8P-8B-4S+', product: 'CRS320-8P-8B-4S+RM', architecture: 'arm', cpu: ARM, cpuCount: 1, cpuFrequency: 800, memory: 512, storage: 32,
    ports: ['ether1-17', 'sfp-sfpplus1-4'], chip: '98DX226S', poeOut: ['ether1-16'], firmwareType: 'armada-370', factoryFirmware: '7.14', leds: ['user-led'], health: [...FAN, ...PSU] }),
  crs({ key: 'crs326', board: 'CRS326-24G-2S+', model: 'CRS326-24G-2S+', product: 'CRS326-24G-2S+RM', architecture: 'arm', cpu: ARM, cpuCount: 1, cpuFrequency: 800, memory: 512, storage: 16,
    ports: ['ether1-24', 'sfp-sfpplus1-2'], chip: '98DX3236', firmwareType: 'armada-370', dualBoot: true, factoryFirmware: '6.41', leds: ['user-led'],
    serial: 1 }),
  crs({ key: 'crs326-24s', board: 'CRS326-24S+2Q+', model: 'CRS326-24S+2Q+', product: 'CRS326-24S+2Q+RM', architecture: 'arm', cpu: ARM, cpuCount: 2, cpuFrequency: 650, memory: 512, storage: 16,
    ports: ['ether1', 'sfp-sfpplus1-24', 'qsfpplus1-1-4', 'qsfpplus2-1-4'], chip: '98DX8332', firmwareType: 'armada38x', dualBoot: true, serial: 1, factoryFirmware: '6.47', leds: ['user-led'], health: [...FAN, ...PSU],
    maxL2mtu: ['ether1:2028'] }),
  crs({ key: 'crs326-4c', board: 'CRS326-4C+20G+2Q+', model: 'CRS326-4C+20G+2Q+', product: 'CRS326-4C+20G+2Q+RM', architecture: 'arm', cpu: ARM, cpuCount: 2, cpuFrequency: 650, memory: 512, storage: 16,
    ports: ['ether1-20', 'combo1-4', 'qsfpplus1-1-4', 'qsfpplus2-1-4', 'ether21'], chip: '98DX8332', firmwareType: 'armada38x', dualBoot: true, serial: 1, factoryFirmware: '7.7', leds: ['user-led'], health: [...FAN, ...PSU],
    maxL2mtu: ['ether21:2028'], links: ['combo1-4:sfp+'] }),
  crs({ key: 'crs328', board: 'CRS328-24P-4S+', model: 'CRS328-24P-4S+', product: 'CRS328-24P-4S+RM', architecture: 'arm', cpu: ARM, cpuCount: 1, cpuFrequency: 800, memory: 512, storage: 16,
    ports: ['ether1-24', 'sfp-sfpplus1-4'], chip: '98DX3236', poeOut: ['ether1-24'], firmwareType: 'armada-370', dualBoot: true, serial: 1, factoryFirmware: '6.42', leds: ['user-led'],
    health: [...FAN, ...PSU, { name: 'poe-out-consumption', type: 'W', value: '0' }],
    buttons: ['mode'] }),
  crs({ key: 'crs328-4c', board: 'CRS328-4C-20S-4S+', model: 'CRS328-4C-20S-4S+', product: 'CRS328-4C-20S-4S+RM', architecture: 'arm', cpu: ARM, cpuCount: 1, cpuFrequency: 800, memory: 512, storage: 16,
    ports: ['combo1-4', 'sfp1-20', 'sfp-sfpplus1-4', 'ether1'], chip: '98DX3236', firmwareType: 'armada-370', dualBoot: true, serial: 1, factoryFirmware: '6.44', leds: ['user-led'], health: [...FAN, ...PSU],
    buttons: ['mode'] }),
  crs({ key: 'crs354-48g', board: 'CRS354-48G-4S+2Q+', model: 'CRS354-48G-4S+2Q+', product: 'CRS354-48G-4S+2Q+RM', architecture: 'arm', cpu: ARM, cpuCount: 2, cpuFrequency: 650, memory: 64 * 16, storage: 16,
    ports: ['ether1-49', 'sfp-sfpplus1-4', 'qsfpplus1-1-4', 'qsfpplus2-1-4'], chip: '98DX3257', firmwareType: 'armada38x', dualBoot: true, serial: 1, factoryFirmware: '6.46', leds: ['user-led'], health: [...FAN, ...PSU],
    maxL2mtu: ['ether49:2028'] }),
  crs({ key: 'crs354-48p', board: 'CRS354-48P-4S+2Q+', model: 'CRS354-48P-4S+2Q+', product: 'CRS354-48P-4S+2Q+RM', architecture: 'arm', cpu: ARM, cpuCount: 2, cpuFrequency: 650, memory: 1024, storage: 16,
    ports: ['ether1-49', 'sfp-sfpplus1-4', 'qsfpplus1-1-4', 'qsfpplus2-1-4'], chip: '98DX3257', poeOut: ['ether1-48'], firmwareType: 'armada38x', dualBoot: true, serial: 1, factoryFirmware: '6.47', leds: ['user-led'],
    health: [...FAN, ...PSU, { name: 'poe-out-consumption', type: 'W', value: '0' }],
    maxL2mtu: ['ether49:2028'] }),
  // CRS5xx (mikrotik.com/product/crs504_4xq_in, crs510_8xs_2xq_in, crs518_16xs_2xq, crs520_4xs_16xq_rm): RouterOS only.
  crs({ key: 'crs504', board: 'CRS504-4XQ', model: 'CRS504-4XQ', product: 'CRS504-4XQ-IN', architecture: 'arm', cpu: ARM, cpuCount: 2, cpuFrequency: 650, memory: 64 * 16, storage: 64,
    ports: ['qsfp28-1-1-4', 'qsfp28-2-1-4', 'qsfp28-3-1-4', 'qsfp28-4-1-4', 'ether1'], chip: '98DX4310', firmwareType: 'armada38x', factoryFirmware: '7.1', leds: ['user-led'], health: [...FAN, ...PSU],
    maxL2mtu: ['ether1:2028'] }),
  crs({ key: 'crs510', board: 'CRS510-8XS-2XQ', model: 'CRS510-8XS-2XQ', product: 'CRS510-8XS-2XQ-IN', architecture: 'arm', cpu: ARM, cpuCount: 2, cpuFrequency: 650, memory: 1024, storage: 64,
    ports: ['sfp28-1-8', 'qsfp28-1-1-4', 'qsfp28-2-1-4', 'ether1'], chip: '98DX4310', firmwareType: 'armada38x', factoryFirmware: '7.8', leds: ['user-led'], health: [...FAN, ...PSU],
    maxL2mtu: ['ether1:2028'] }),
  crs({ key: 'crs518', board: 'CRS518-16XS-2XQ', model: 'CRS518-16XS-2XQ', product: 'CRS518-16XS-2XQ-RM', architecture: 'arm64', cpu: ARM64, cpuCount: 4, cpuFrequency: 1700, memory: 4096, storage: 128,
    ports: ['ether1', 'sfp28-1-16', 'qsfp28-1-1-4', 'qsfp28-2-1-4'], chip: '98DX8525', firmwareType: 'al2', serial: 1, m2: 1, factoryFirmware: '7.5', leds: ['user-led'], health: [...FAN, ...PSU],
    maxL2mtu: ['ether1:2028'] }),
  crs({ key: 'crs520', board: 'CRS520-4XS-16XQ', model: 'CRS520-4XS-16XQ', product: 'CRS520-4XS-16XQ-RM', architecture: 'arm64', cpu: ARM64, cpuCount: 4, cpuFrequency: 1700, memory: 4096, storage: 128,
    ports: ['ether1-2', 'sfp28-1-4', ...Array.from({ length: 16 }, (_, i) => `qsfp28-${i + 1}-1-4`)], chip: '98DX8525', firmwareType: 'al2', serial: 1, m2: 1, factoryFirmware: '7.12', leds: ['user-led'], health: [...FAN, ...PSU],
    maxL2mtu: ['ether1-2:2028'] }),
  // CSS: SwOS only (mikrotik.com/product/css326_24g_2s_rm, css610_8g_2s_in, css318_16g_2s_in,
  // netpower_lite_7r): listed so that --board names them, but no RouterOS runs on them.
  { key: 'css326', board: 'CSS326-24G-2S+', model: 'CSS326-24G-2S+', family: 'CSS', product: 'CSS326-24G-2S+RM', architecture: 'arm', cpu: ARM, cpuCount: 1, cpuFrequency: 800, memory: 0, storage: 0,
    ports: ['ether1-24', 'sfp-sfpplus1-2'], switches: [{ type: '98DX3236', family: C3, ports: ['ether1-24', 'sfp-sfpplus1-2'] }], swosOnly: true, firmwareType: 'swos', factoryFirmware: '2.7', defconf: 'none' },
  { key: 'css610-8g', board: 'CSS610-8G-2S+', model: 'CSS610-8G-2S+', family: 'CSS', product: 'CSS610-8G-2S+IN', architecture: 'arm', cpu: ARM, cpuCount: 1, cpuFrequency: 800, memory: 0, storage: 0,
    ports: ['ether1-8', 'sfp-sfpplus1-2'], switches: [{ type: '98DX226S', family: C3, ports: ['ether1-8', 'sfp-sfpplus1-2'] }], swosOnly: true, firmwareType: 'swos', factoryFirmware: '2.12', defconf: 'none' },
  { key: 'css610-8p', board: 'CSS610-8P-2S+', model: 'CSS610-8P-2S+', family: 'CSS', product: 'CSS610-8P-2S+IN', architecture: 'arm', cpu: ARM, cpuCount: 1, cpuFrequency: 800, memory: 0, storage: 0,
    ports: ['ether1-8', 'sfp-sfpplus1-2'], switches: [{ type: '98DX226S', family: C3, ports: ['ether1-8', 'sfp-sfpplus1-2'] }], poeOut: ['ether1-8'], swosOnly: true, firmwareType: 'swos', factoryFirmware: '2.16', defconf: 'none' },
  { key: 'css318', board: 'CSS318-16G-2S+', model: 'CSS318-16G-2S+', family: 'CSS', product: 'CSS318-16G-2S+IN', architecture: 'arm', cpu: ARM, cpuCount: 1, cpuFrequency: 800, memory: 0, storage: 0,
    ports: ['ether1-16', 'sfp-sfpplus1-2'], switches: [{ type: '98DX226S', family: C3, ports: ['ether1-16', 'sfp-sfpplus1-2'] }], swosOnly: true, firmwareType: 'swos', factoryFirmware: '2.13', defconf: 'none' },
  { key: 'netpower-lite-7r', board: 'CSS610-1Gi-7R-2S+', model: 'CSS610-1Gi-7R-2S+', family: 'netPower', product: 'netPower Lite 7R (CSS610-1Gi-7R-2S+OUT)', architecture: 'arm', cpu: ARM, cpuCount: 1, cpuFrequency: 800, memory: 0, storage: 0,
    ports: ['ether1-8', 'sfp-sfpplus1-2'], switches: [{ type: '98DX226S', family: C3, ports: ['ether1-8', 'sfp-sfpplus1-2'] }], swosOnly: true, firmwareType: 'swos', factoryFirmware: '2.13', defconf: 'none' },
];
