// /system/leds as a board comes: the LEDs of the catalogue (src/device/boards) that the router
// drives out of the box. Sources (docs/routeros-facts.md 30.6):
// - the manual "LEDs" (help.mikrotik.com/docs/display/ROS/LEDs): a board's default LED
//   configuration is records of this menu (the RB Groove's: `wireless-signal-strength led1..led5`,
//   `interface-activity ether1 user-led`), the configuration's own, which export writes as
//   `add` (real exports: `add interface=wlan1 leds=wlan1_signal1-led,... type=wireless-signal-strength`);
//   no board of the catalogue has signal-strength LEDs;
// - the SFP cage's LED shows that port's traffic (`add interface=sfp1 leds=sfp-led
//   type=interface-activity`, terraform-routeros's routeros_system_led example);
// - `user-led` is the user's: no default record drives it (the manual's examples add their
//   own, `add leds=user-led type=ap-cap`; real exports add `leds=user-led type=on|off`).

import type { Board } from './boards/index.js';

/** The port an SFP cage's LED belongs to: `sfp-led` and `sfp1-led` are sfp1's, `sfp-sfpplus1-led` sfp-sfpplus1's. */
const sfpPort = (led: string) => (led === 'sfp-led' ? 'sfp1' : /^(sfp.*\d)-led$/.exec(led)?.[1]);

/** The board's default /system/leds records. */
export function ledsOf(board: Board): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  for (const led of board.leds) {
    const port = sfpPort(led);
    if (port && board.ports.includes(port)) out.push({ interface: port, leds: led, type: 'interface-activity' });
  }
  return out;
}
