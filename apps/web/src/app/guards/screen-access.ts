// The role table for the router's prefetch, in its own small module: imported by the entry only
// on demand, as a static '@kuku/domain' import there would bring every schema and zod with it
// (decision 017); a dynamic import of '@kuku/domain' itself would load them all as well.
export { canOpen } from '@kuku/domain';
