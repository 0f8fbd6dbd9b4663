export * from './common/errors.js';
export * from './common/pagination.js';
export * from './common/dates.js';
export * from './auth.js';
export * from './profile.js';
export * from './billing.js';
export * from './dashboard.js';
