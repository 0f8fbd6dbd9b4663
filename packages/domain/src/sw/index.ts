/**
 * Every Kiswahili catalogue, by its words object's name: what the server renders a request or a
 * recipient in (common/words-in.ts). The web never imports this: each words module asks for its
 * own catalogue module, one small chunk per words module (decision 068).
 */
export * from './auth-rules.js';
export * from './auth-screen-words.js';
export * from './billing-rules.js';
export * from './contact-rules.js';
export * from './dashboard-chart-words.js';
export * from './dashboard-dialog-words.js';
export * from './dashboard-rules.js';
export * from './day-text.js';
export * from './egg-chart-words.js';
export * from './egg-form-words.js';
export * from './egg-list-words.js';
export * from './eggs-rules.js';
export * from './expenses-rules.js';
export * from './finance-rules.js';
export * from './flock-add-words.js';
export * from './flock-bin-rules.js';
export * from './flock-detail-words.js';
export * from './flock-page-words.js';
export * from './flock-messages.js';
export * from './flocks-rules.js';
export * from './footer-words.js';
export * from './header-words.js';
export * from './install-rules.js';
export * from './inventory-rules.js';
export * from './language-schema.js';
export * from './list-words.js';
export * from './mail-words.js';
export * from './money.js';
export * from './notifications-refusals.js';
export * from './notification-texts.js';
export * from './notifications-rules.js';
export * from './offline-rules.js';
export * from './offline-words.js';
export * from './onboarding-rules.js';
export * from './password-words.js';
export * from './profile-picture-rules.js';
export * from './profile-rules.js';
export * from './report-words.js';
export * from './reports-rules.js';
export * from './request-words.js';
export * from './sales-chart-words.js';
export * from './sales-dialog-words.js';
export * from './sales-rules.js';
export * from './screens.js';
export * from './shell-words.js';
export * from './staff-rules.js';
export * from './support-chat-words.js';
export * from './today-rules.js';
export * from './vaccination-form-words.js';
export * from './vaccination-page-words.js';
export * from './vaccination-reschedule.js';
export * from './vaccinations-rules.js';
