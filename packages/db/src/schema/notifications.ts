import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { mailOutbox, users } from './accounts.js';
import { poolMembers, pools } from './pools.js';

/**
 * A member's choice of what PA$$ may send them (issue: reminders and notifications). Mail is on until the
 * member turns it off (every such mail carries a one-click unsubscribe); push is off until they opt in on a
 * device. No row means the defaults.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Mail 24 hours and 1 hour before a pool week's first lock while picks are missing. */
  mailPickReminder: boolean('mail_pick_reminder').notNull().default(true),
  /** The weekly results mail after a pool week's last game. */
  mailPoolResults: boolean('mail_pool_results').notNull().default(true),
  pushPickReminder: boolean('push_pick_reminder').notNull().default(false),
  pushPoolResults: boolean('push_pool_results').notNull().default(false),
  pushChatMention: boolean('push_chat_mention').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each pool mail sent to a member for a week: reminders (`reminder_24h`, `reminder_1h`), the weekly
 * results (`weekly_results`) and the Lifeguard's summary of who has not picked (`lifeguard_summary`). The key is taken in the transaction that queues the mail in the outbox, so a
 * job that runs twice, late or on two instances sends exactly one.
 */
export const poolMailSends = pgTable(
  'pool_mail_sends',
  {
    poolId: integer('pool_id')
      .notNull()
      .references(() => pools.id, { onDelete: 'cascade' }),
    /** The sport week (decision 024). */
    week: integer('week').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['reminder_24h', 'reminder_1h', 'weekly_results', 'lifeguard_summary'] }).notNull(),
    outboxId: integer('outbox_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.poolId, table.week, table.userId, table.kind] })],
);

/**
 * Each reminder a pool's Lifeguard sent a member missing picks of a week (decision 079-lifeguard-remind-and-remove):
 * who reminded whom, when, for which week, and the mail it queued (none for a member who turned pick reminder mails
 * off). The member's latest row spaces their reminders of the week; the Lifeguard's rows of the last hour cap theirs.
 */
export const poolReminders = pgTable(
  'pool_reminders',
  {
    id: serial('id').primaryKey(),
    poolId: integer('pool_id')
      .notNull()
      .references(() => pools.id, { onDelete: 'cascade' }),
    /** The sport week (decision 024). */
    week: integer('week').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => poolMembers.id, { onDelete: 'cascade' }),
    /** The Lifeguard who sent it; null once their account is gone. */
    remindedBy: integer('reminded_by').references(() => users.id, { onDelete: 'set null' }),
    outboxId: integer('outbox_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('pool_reminders_pool_week_member_idx').on(table.poolId, table.week, table.memberId, table.createdAt),
    index('pool_reminders_reminded_by_idx').on(table.remindedBy, table.createdAt),
  ],
);

/**
 * A device's Web Push subscription (the browser's PushSubscription). Removed when the push service answers
 * 404 or 410, which is how it says the subscription is gone.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(table.endpoint),
    index('push_subscriptions_user_idx').on(table.userId),
  ],
);
