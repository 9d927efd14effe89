export * from './enums.js';
export * from './constants.js';
export * from './calendar.js';
export * from './validation/email.js';
