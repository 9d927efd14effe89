import { sendPoolMails, type PoolMailOptions } from '../modules/notifications/pool-mails.service.js';
import type { JobFn } from './scheduler.js';

/**
 * The scheduler's pool mails job (decision 042): pick reminders and weekly results, each sent once. The push
 * notifier defaults to none; main.ts passes the app's Web Push notifier.
 */
export function createPoolMailsJob(options: PoolMailOptions): JobFn {
  return async (now) => {
    await sendPoolMails(options, now);
  };
}
