/**
 * Every Kiswahili catalogue, by its words object's name: what the server renders a request or a
 * recipient in (common/words-in.ts). The web never imports this: each words object asks for its
 * own catalogue module.
 */
export * from './common.js';
export * from './shell.js';
