/**
 * Every Kiswahili catalogue, by its words object's name: what the server renders a request or a
 * recipient in (common/words-in.ts). The web never imports this: each words object asks for its
 * own catalogue module.
 */
export * from './common.js';
export * from './shell.js';
export * from './screens.js';
export * from './sales.js';
export * from './inventory.js';
export * from './expenses.js';
export * from './finance.js';
export * from './eggs.js';
export * from './today.js';
export * from './dashboard.js';
export * from './flocks.js';
export * from './vaccinations.js';
export * from './reports.js';
export * from './auth.js';
export * from './profile.js';
export * from './staff.js';
export * from './billing.js';
export * from './contact.js';
export * from './onboarding.js';
export * from './notifications.js';
export * from './offline.js';
export * from './offline-words.js';
export * from './mail.js';
