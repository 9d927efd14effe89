import { LEGAL_DOCUMENTS_UPDATED } from '@pass/domain';
import { legalDocuments } from '../schema/index.js';
import type { DbExecutor } from '../client.js';

/**
 * The legal texts seeded at first run. `{{POOL_MAX_PER_LIFEGUARD}}` and the other placeholders are
 * filled from the server's settings when the text is served, so the rules state what the server enforces.
 */
export const LEGAL_DOCUMENT_SEEDS = [
  {
    slug: 'privacy-policy',
    title: 'Privacy Policy',
    htmlContent: `
<p><em>Last updated ${LEGAL_DOCUMENTS_UPDATED}</em></p>
<p>PA$$ is a pick-tracking and office-pool service. It never takes a wager. This policy says what we collect, why, and what you can ask of us.</p>
<h2>What we collect</h2>
<ul>
  <li><strong>Your account:</strong> name, username, email address and a hash of your password (never the password itself). If you sign in with Google, the identifier Google gives us for your account.</li>
  <li><strong>What you record:</strong> your picks, real and simulated bets, pool picks and chat messages.</li>
  <li><strong>Linked sportsbooks:</strong> if you link a sportsbook account, the bet history you choose to import from it.</li>
  <li><strong>Billing:</strong> your subscription's status and identifiers from PayPal or the app store. Card details stay with them; we never see them.</li>
  <li><strong>Usage counts:</strong> how often each page is opened, without any link to you.</li>
</ul>
<h2>How we use it</h2>
<p>To run your account and your pools, to grade your picks and compute your statistics, to send the mail you ask for (verification, password reset, pool invitations and reminders you can turn off), and to keep the service secure.</p>
<h2>Who sees it</h2>
<p>Your ledger and statistics are yours alone. In a pool, other members see your name, your picks once each game locks, your standing and your chat messages. We do not sell personal data and share it only with the processors that run the service (hosting, mail, payments) or when the law requires it.</p>
<h2>Cookies</h2>
<p>We use a session cookie to keep you signed in and a security cookie that protects your requests. No advertising or tracking cookies.</p>
<h2>Your choices</h2>
<p>You can correct your profile at any time, turn off reminder mail, export your picks and bets, and ask us to delete your account and its data by writing to support.</p>
<h2>Retention and security</h2>
<p>We keep your data while your account is open and delete it within 30 days of an account deletion, apart from billing records the law requires us to keep. Passwords are stored with a slow, salted hash; sessions can be ended from any device by changing your password.</p>
`.trim(),
  },
  {
    slug: 'terms-of-service',
    title: 'Terms of Service',
    htmlContent: `
<p><em>Last updated ${LEGAL_DOCUMENTS_UPDATED}</em></p>
<p>These terms govern your use of PA$$. By creating an account you accept them.</p>
<h2>Not a wagering service</h2>
<p>PA$$ tracks picks and bets; it never accepts, places or settles a real wager, and no money changes hands through it apart from the optional subscription. Odds and lines are shown for information, may be delayed and may contain errors. Where sports betting is legal for you, place bets only with licensed operators and only what you can afford to lose.</p>
<h2>Your account</h2>
<p>Joining is free and needs no credit card. Keep your password to yourself; you are responsible for what is done with your account. You must be old enough to form a binding contract where you live.</p>
<h2>Subscriptions</h2>
<p>Sportsbook sync is a paid membership after a one-month free trial. A subscription renews monthly until cancelled; cancelling stops the next renewal. Prices are shown before you subscribe.</p>
<h2>Pools</h2>
<p>Pools are private competitions for points among people who know each other. The Lifeguard who hosts a pool sets its rules within the Pool Party Rules and may end it at any time. Any prize arranged between pool members is their own affair and not handled by PA$$.</p>
<h2>Acceptable use</h2>
<p>Do not harass other members, post unlawful content in chat rooms, scrape the service, or try to get around its limits. We may suspend pools or accounts that break these terms.</p>
<h2>Liability</h2>
<p>The service is provided as it is. We are not liable for decisions you make based on the information it shows.</p>
`.trim(),
  },
  {
    slug: 'pool-party-rules',
    title: 'Pool Party Rules',
    htmlContent: `
<p><em>Last updated ${LEGAL_DOCUMENTS_UPDATED}</em></p>
<h2>Hosting</h2>
<p>Any member can be a Lifeguard and host up to {{POOL_MAX_PER_LIFEGUARD}} active pools. A pool has a name, an icon with a colour and background, a sport and season, the number of games per week, a win basis (against the spread, or straight up: "$ Line"), and optional double play, triple play and Last Man Standing.</p>
<h2>Guests</h2>
<p>A pool welcomes up to {{POOL_MAX_GUESTS}} guests. Guests must be members; joining is free. Guests may join until the end of the pool's first week. A Lifeguard may invite the same person at most {{POOL_MAX_INVITATIONS}} times (however the address is spelled), and may send at most {{POOL_MAX_INVITATIONS_PER_HOUR}} invitations an hour and {{POOL_MAX_INVITATIONS_PER_DAY}} a day across all of their pools; further invitations are blocked, and abuse may suspend the pool or the account. An invitation carries the pool's name as plain text and nothing else the Lifeguard wrote.</p>
<h2>Weekly picks</h2>
<p>Each week has a slate of games chosen by the Lifeguard. Pick a side in every game. A pick can change until its game kicks off, then it locks, and everyone's picks on that game become visible.</p>
<h2>Points</h2>
<ul>
  <li>Each game is worth {{POINTS_PER_GAME}} points: +{{POINTS_PER_GAME}} for a win, −{{POINTS_PER_GAME}} for a loss, 0 for a push or a tie.</li>
  <li>Double play: one pick a week counts ±{{DOUBLE_PLAY_POINTS}}. Triple play: one pick a week counts ±{{TRIPLE_PLAY_POINTS}}. Double and triple play cannot both be used in the same week.</li>
</ul>
<h2>Last Man Standing</h2>
<p>Each week every surviving member picks one team from that week's slate, never the same team twice in a season. A win advances; a loss or a push eliminates for the season. If every remaining player is eliminated in the same week, they all survive that week.</p>
<h2>Standings and ties</h2>
<p>Standings rank season points, then wins, then the tiebreaker: each member predicts the total points of the week's last slate game, and the smaller error wins, then the earlier submission.</p>
<h2>Postponed and cancelled games</h2>
<p>A postponed game grades if it is played within the pool week; otherwise, like a cancelled game, it is void and scores 0 for everyone.</p>
`.trim(),
  },
] as const;

/** Inserts the legal texts that are missing; an edited text is left as it is. */
export async function seedLegalDocuments(db: DbExecutor): Promise<number> {
  const inserted = await db
    .insert(legalDocuments)
    .values(LEGAL_DOCUMENT_SEEDS.map((document) => ({ ...document })))
    .onConflictDoNothing()
    .returning({ slug: legalDocuments.slug });
  return inserted.length;
}
