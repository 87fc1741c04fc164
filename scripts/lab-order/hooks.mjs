// Module hooks for scripts/lab-order.mjs: the lab's test files get tests-reversed.mjs for node:test.
const REVERSED = new URL('./tests-reversed.mjs', import.meta.url).href;

export async function resolve(specifier, context, next) {
  if (specifier === 'node:test' && context.parentURL?.includes('/dist/test/lab/')) return { url: REVERSED, shortCircuit: true };
  return next(specifier, context);
}
