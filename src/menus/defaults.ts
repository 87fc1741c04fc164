// What the generated menus show for a field nobody set: the default the RouterOS manual
// gives for it (each menu's page is cited in docs/routeros-facts.md section 14). Values are
// in the form the router prints them (booleans true/false, times as the console writes
// them); test/tree/defaults.test.ts checks that each reads back as itself and names an
// argument the tree has. A field the manual gives no default for is left out, not guessed.

export const DOCUMENTED_DEFAULTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  // "IP Settings" (manual: IP > Settings).
  'ip/settings': { 'ip-forward': 'true', 'send-redirects': 'true', 'accept-source-route': 'false', 'accept-redirects': 'false', 'secure-redirects': 'true', 'rp-filter': 'no', 'tcp-syncookies': 'false', 'allow-fast-path': 'true' },
};

export function documentedDefault(path: string, name: string): string | undefined {
  return DOCUMENTED_DEFAULTS[path]?.[name];
}
