/**
 * The words of a session's start and end, for the code that runs before any screen (the guard,
 * the 401 handler, log out). They import this module on demand: it holds the two messages
 * modules only, where `import('@kuku/domain')` would load every rule and schema of the app.
 */
export { authMessages, TOKEN_EXPIRED_MESSAGE } from '@kuku/domain';
