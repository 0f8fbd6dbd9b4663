// The table of what a change makes stale, in a chunk of its own: no first screen carries it.
export { staleKeysAfter } from '@kuku/domain';
