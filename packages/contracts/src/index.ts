export * from './common.js';
export * from './health.js';
export * from './legal.js';
export * from './segments.js';
export * from './client-config.js';
export * from './auth.js';
export * from './sports.js';
export * from './admin-mail.js';
