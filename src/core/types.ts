// The contract every field type fulfils. Values are stored and replied as canonical strings
// (see DESIGN.md, "Values are stored as their canonical reply strings"): a type reads every
// console input form into that one string, and compares two canonical strings as values of
// its kind, which `.query` `<`/`>` and sorting use.

export interface ValueType {
  /** Short name used in declarations and diagnostics: 'string', 'integer', 'ip', ... */
  readonly name: string;
  /** The short type note `console/inspect` shows, e.g. "A.B.C.D    (IP address)". */
  readonly desc?: string;
  /** Console input -> canonical reply string. Throws ValueError when the input is not of this type. */
  parse(input: string): string;
  /** Orders two canonical strings of this type: negative, zero or positive. */
  compare(a: string, b: string): number;
  /** The console's form of a canonical value where it differs (a rate `10000000` is written `10M`): export writes it. */
  exported?(canonical: string): string;
  /**
   * The console print's form of a canonical value where it differs from what REST and the
   * API show (a byte count `924057600` printed `881.2MiB`, a frequency `1400MHz`).
   */
  printed?(canonical: string): string;
}
