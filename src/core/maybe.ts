// A value now or later. The engine answers most reads in the turn they are asked (a print
// that never waits, a store with nothing on its way to disk); a face that keeps that value
// as it is, instead of wrapping it in a promise, can answer in the same turn too.

export type Maybe<T> = T | Promise<T>;

/** `next` of the value: at once when it is here, when it comes otherwise. */
export function after<T, U>(value: Maybe<T>, next: (v: T) => Maybe<U>): Maybe<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}
