import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The legal texts served at `/legal/{slug}`. Stored in the database so they can be edited without a
 * deploy; seeded at first run. `{{SETTING}}` placeholders are filled from configuration when served,
 * so the rules text always states the limits the server enforces.
 */
export const legalDocuments = pgTable('legal_documents', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  htmlContent: text('html_content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
