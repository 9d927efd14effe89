import { POOL_RULE_TEXTS, type DefaultPicks } from '@pass/domain';
import type { MailMessage } from './mailer.js';

/** The account mails: plain text first, with the same words in simple HTML. */

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

function compose(
  to: string,
  subject: string,
  paragraphs: string[],
  link?: { label: string; url: string },
): MailMessage {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : []), '— PA$$'].join('\n\n');
  const html = [
    '<div style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#222">',
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    link
      ? `<p><a href="${escapeHtml(link.url)}" style="background:#1867C0;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p><p style="font-size:13px;color:#555">Or open this address: ${escapeHtml(link.url)}</p>`
      : '',
    '<p>— PA$$</p></div>',
  ].join('');
  return { to, subject, text, html };
}

export function verificationMail(to: string, username: string, url: string): MailMessage {
  return compose(
    to,
    'Confirm your PA$$ email address',
    [`Hi ${username},`, 'Welcome to PA$$. Confirm this address to finish signing up. The link works for 24 hours.'],
    { label: 'Confirm my email', url },
  );
}

export function existingAccountMail(to: string, loginUrl: string, resetUrl: string): MailMessage {
  return compose(
    to,
    'Someone tried to sign up to PA$$ with your address',
    [
      'Someone, perhaps you, tried to create a PA$$ account with this email address, but it already has one.',
      `If it was you, log in at ${loginUrl}, or choose a new password with the link below: it works once, for 1 hour. If it was not, ignore this mail: nothing has changed.`,
    ],
    { label: 'Choose a new password', url: resetUrl },
  );
}

export function passwordResetMail(to: string, username: string, url: string): MailMessage {
  return compose(
    to,
    'Reset your PA$$ password',
    [
      `Hi ${username},`,
      'Use the link below to choose a new password. It works once, for 1 hour. If you did not ask for it, ignore this mail: your password stays as it is.',
    ],
    { label: 'Choose a new password', url },
  );
}

export function adminSetupMail(to: string, username: string, url: string, validHours: number): MailMessage {
  return compose(
    to,
    'Your PA$$ admin account',
    [
      `Hi ${username},`,
      `An admin account has been made for you on PA$$. Use the link below to choose its password. It works once, for ${validHours} hours.`,
    ],
    { label: 'Choose my password', url },
  );
}

export function emailChangeMail(to: string, username: string, url: string): MailMessage {
  return compose(
    to,
    'Confirm your new PA$$ email address',
    [
      `Hi ${username},`,
      'You asked to make this the email address of your PA$$ account. Confirm it with the link below: your address changes when you do. The link works for 24 hours.',
    ],
    { label: 'Confirm my new email', url },
  );
}

export function emailChangeNoticeMail(
  to: string,
  username: string,
  newAddress: string,
  revertUrl: string,
): MailMessage {
  return compose(
    to,
    'Your PA$$ email address is being changed',
    [
      `Hi ${username},`,
      `Someone signed in to your PA$$ account, with its password, asked to change its email address to ${newAddress}. If it was you, there is nothing to do.`,
      'If it was not you, open the link below within 7 days: it keeps this address on your account, logs out every device and asks you to choose a new password.',
    ],
    { label: 'This was not me: keep my address', url: revertUrl },
  );
}

export function addressInUseMail(to: string, loginUrl: string): MailMessage {
  return compose(to, 'Someone tried to move a PA$$ account to your address', [
    'Someone signed in to a PA$$ account asked to change its email address to this one, but this address already has an account. Nothing has changed.',
    `If it was you, log in at ${loginUrl} with the account this address belongs to. If it was not, you can ignore this mail.`,
  ]);
}

export function emailRevertedMail(to: string, username: string, resetUrl: string): MailMessage {
  return compose(
    to,
    'Your PA$$ email address is back',
    [
      `Hi ${username},`,
      'This is the email address of your PA$$ account again. Every device has been logged out, and the password has been cleared, since whoever asked for the change knew it.',
      'Choose a new password with the link below: it works once, for 1 hour. After that, ask for a new link on the password reset page.',
    ],
    { label: 'Choose a new password', url: resetUrl },
  );
}

/**
 * A moment as a mail says it: US Eastern time, the games' own (kickoffs are announced in it), with its zone
 * named, "Thursday, December 3 at 3:00 AM EST". A mail cannot know the reader's zone; the app shows their own.
 */
const MAIL_TIME = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});
export const mailTime = (at: Date) => MAIL_TIME.format(at);

export function poolInvitationMail(
  to: string,
  lifeguard: string,
  poolName: string,
  url: string,
  expiresAt: Date,
  /** The pool's rules in a sentence (`poolRulesSummary`), written from its settings, nothing the Lifeguard typed. */
  rules: string,
): MailMessage {
  return compose(
    to,
    `${lifeguard} invites you to the pool “${poolName}” on PA$$`,
    [
      `${lifeguard} has invited you to join “${poolName}”, a private pick'em pool on PA$$.`,
      rules,
      `Accept before ${mailTime(expiresAt)}. If you have no PA$$ account yet, you can make one on the way; it is free.`,
    ],
    { label: 'Join the pool', url },
  );
}

/**
 * A pool mail (decision 042): compose's mail with a one-click unsubscribe, as a line at the foot and as the
 * RFC 8058 headers. `unsubscribe.api` is the address mail clients POST to; the body's link opens the web
 * app's confirm page, so a scanner following links unsubscribes no one.
 */
function poolMail(message: MailMessage, unsubscribe: { api: string; page: string; what: string }): MailMessage {
  const footer = `You get this mail because you are in a PA$$ pool. To stop ${unsubscribe.what}, unsubscribe: ${unsubscribe.page}`;
  return {
    ...message,
    text: `${message.text}\n\n${footer}`,
    html: message.html.replace(
      /<\/div>$/,
      `<p style="font-size:12px;color:#666">You get this mail because you are in a PA$$ pool. To stop ${escapeHtml(unsubscribe.what)}, <a href="${escapeHtml(unsubscribe.page)}">unsubscribe</a>.</p></div>`,
    ),
    headers: {
      'List-Unsubscribe': `<${unsubscribe.api}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

export interface UnsubscribeLinks {
  /** The address a mail client POSTs to (List-Unsubscribe). */
  api: string;
  /** The web app's confirm page (the link in the body). */
  page: string;
}

/** What a missed pick costs, in the pool's own rule (decision 080), or the default pick it gets instead. */
const missedPickText = (confidence: boolean | undefined, defaultPicks: DefaultPicks | undefined) =>
  defaultPicks === 'favourites'
    ? POOL_RULE_TEXTS.defaultPickFavourites
    : defaultPicks === 'home'
      ? POOL_RULE_TEXTS.defaultPickHome
      : confidence
        ? POOL_RULE_TEXTS.confidenceMissedPick
        : POOL_RULE_TEXTS.missedPick;

const hoursText = (hours: 24 | 1) => (hours === 1 ? '1 hour' : '24 hours');

export function poolPickReminderMail(
  to: string,
  input: {
    username: string;
    poolName: string;
    weekLabel: string;
    hours: 24 | 1;
    firstLock: Date;
    missing: number;
    slateSize: number;
    /** A confidence pool: a missed pick scores 0 there. */
    confidence?: boolean;
    /** The side a pool gives a game left unpicked at its lock (absent: none). */
    defaultPicks?: DefaultPicks;
    url: string;
    unsubscribe: UnsubscribeLinks;
  },
): MailMessage {
  const games = input.missing === 1 ? '1 game' : `${input.missing} games`;
  return poolMail(
    compose(
      to,
      `${input.poolName}: picks lock in ${hoursText(input.hours)}`,
      [
        `Hi ${input.username},`,
        `The first game of ${input.weekLabel} in “${input.poolName}” locks at ${mailTime(input.firstLock)}, in about ${hoursText(input.hours)}. You have no pick yet for ${games} of the ${input.slateSize} on the slate.`,
        `Each game locks at its kickoff. ${missedPickText(input.confidence, input.defaultPicks)}`,
      ],
      { label: 'Make my picks', url: input.url },
    ),
    { ...input.unsubscribe, what: 'pick reminders' },
  );
}

/**
 * The Lifeguard's summary of who has not picked yet (decision 083), sent once a week with the first pick
 * reminder: each member missing picks, by the name the pool shows, with how many of the slate's games.
 */
export function poolStragglersMail(
  to: string,
  input: {
    username: string;
    poolName: string;
    weekLabel: string;
    hours: 24 | 1;
    firstLock: Date;
    /** Members with no pick yet for some slate games (the Lifeguard's own reminder is their own mail). */
    stragglers: { name: string; missing: number }[];
    /** The pool's current members. */
    members: number;
    slateSize: number;
    url: string;
    unsubscribe: UnsubscribeLinks;
  },
): MailMessage {
  const count = input.stragglers.length;
  const who = input.stragglers.map(
    (member) =>
      `${member.name} (${member.missing === input.slateSize ? `all ${input.slateSize} games` : `${member.missing} of ${input.slateSize} games`})`,
  );
  return poolMail(
    compose(
      to,
      `${input.poolName}: ${count === 1 ? '1 member' : `${count} members`} still to pick for ${input.weekLabel}`,
      [
        `Hi ${input.username},`,
        `The first game of ${input.weekLabel} in “${input.poolName}” locks at ${mailTime(input.firstLock)}, in about ${hoursText(input.hours)}. ${count} of the pool's ${input.members} members ${count === 1 ? 'has' : 'have'} no pick yet for some games: ${who.join(', ')}.`,
        'PA$$ reminds each of them 24 hours and 1 hour before the first lock. To nudge them now, open Missing picks on the pool’s Members tab and press Remind.',
      ],
      { label: 'See who is missing', url: input.url },
    ),
    { ...input.unsubscribe, what: 'pick reminders and these summaries' },
  );
}

export function poolResultsMail(
  to: string,
  input: {
    username: string;
    poolName: string;
    weekLabel: string;
    weekPoints: number;
    weekRank: number;
    of: number;
    winners: string[];
    seasonRank: number;
    seasonPoints: number;
    url: string;
    unsubscribe: UnsubscribeLinks;
  },
): MailMessage {
  const points = (value: number) => `${value > 0 ? '+' : ''}${value} ${Math.abs(value) === 1 ? 'point' : 'points'}`;
  const winners =
    input.winners.length === 0
      ? 'The week has no winner.'
      : input.winners.length === 1
        ? `The week's winner: ${input.winners[0]}.`
        : `The week's winners (tied): ${input.winners.join(', ')}.`;
  return poolMail(
    compose(
      to,
      `${input.poolName}: ${input.weekLabel} results`,
      [
        `Hi ${input.username},`,
        `${input.weekLabel} in “${input.poolName}” is over. You scored ${points(input.weekPoints)}, ranked ${input.weekRank} of ${input.of} for the week.`,
        winners,
        `In the season standings you are ${input.seasonRank} of ${input.of} with ${points(input.seasonPoints)}.`,
      ],
      { label: 'See the standings', url: input.url },
    ),
    { ...input.unsubscribe, what: 'weekly results' },
  );
}

/**
 * The Lifeguard's reminder to a member missing picks (decision 079-lifeguard-remind-and-remove). It counts what
 * the member has not picked and says when the next of it locks; it names no pick of anyone (picks are secret
 * until their games lock), nor which games the member did pick.
 */
export function poolLifeguardReminderMail(
  to: string,
  input: {
    username: string;
    lifeguard: string;
    poolName: string;
    weekLabel: string;
    /** Open slate games without the member's pick, and the slate's size. */
    missing: number;
    slateSize: number;
    lmsTeamMissing: boolean;
    tiebreakerMissing: boolean;
    nextLock: Date | null;
    /** A confidence pool: a missed pick scores 0 there. */
    confidence?: boolean;
    /** The side a pool gives a game left unpicked at its lock (absent: none). */
    defaultPicks?: DefaultPicks;
    url: string;
    unsubscribe: UnsubscribeLinks;
  },
): MailMessage {
  const games = input.missing === 1 ? '1 game' : `${input.missing} games`;
  const parts = [
    input.missing > 0 ? `no pick yet for ${games} of the ${input.slateSize} on the slate` : null,
    input.lmsTeamMissing ? 'no Last Man Standing team yet' : null,
    input.tiebreakerMissing ? 'no tiebreaker yet' : null,
  ].filter((part): part is string => part !== null);
  const what = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts.join('');
  return poolMail(
    compose(
      to,
      `${input.poolName}: ${input.lifeguard} reminds you to make your ${input.weekLabel} picks`,
      [
        `Hi ${input.username},`,
        `${input.lifeguard}, the Lifeguard of “${input.poolName}”, reminds you that you have ${what} for ${input.weekLabel}.`,
        input.nextLock
          ? `The next of them locks at ${mailTime(input.nextLock)}. Each game locks at its kickoff. ${missedPickText(input.confidence, input.defaultPicks)}`
          : `Each game locks at its kickoff. ${missedPickText(input.confidence, input.defaultPicks)}`,
      ],
      { label: 'Make my picks', url: input.url },
    ),
    { ...input.unsubscribe, what: 'pick reminders' },
  );
}

/** A guest the Lifeguard removed from a pool is told, once (decision 079-lifeguard-remind-and-remove). */
export function poolRemovedMail(
  to: string,
  input: { username: string; lifeguard: string; poolName: string; at: Date; url: string },
): MailMessage {
  return compose(
    to,
    `You are no longer in the pool “${input.poolName}”`,
    [
      `Hi ${input.username},`,
      `${input.lifeguard}, the Lifeguard of “${input.poolName}”, removed you from the pool on ${mailTime(input.at)}.`,
      "You no longer see its picks, standings or chat. Your picks of the weeks you played stay in the pool's record.",
      `If this is a mistake, ask ${input.lifeguard} for a new invitation.`,
    ],
    { label: 'My pools', url: input.url },
  );
}
