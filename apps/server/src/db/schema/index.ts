export * from './auth.js';
export * from './mail.js';
export * from './flocks.js';
export * from './vaccinations.js';
export * from './eggs.js';
export * from './idempotency.js';
export * from './sales.js';
export * from './farm-versions.js';
