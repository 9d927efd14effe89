export * from './legal-documents.js';
export * from './page-views.js';
export * from './accounts.js';
export * from './sports.js';
export * from './ledger.js';
export * from './pools.js';
export * from './chat.js';
