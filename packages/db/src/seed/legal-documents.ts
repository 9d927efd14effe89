import { DEFAULT_POOL_LIMITS, generalPoolRules, LEGAL_DOCUMENTS_UPDATED, ruleSectionsHtml } from '@pass/domain';
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
    // Served from the domain's rule texts (generalPoolRules) with this server's limits; stored for the title and date.
    htmlContent: ruleSectionsHtml(generalPoolRules(DEFAULT_POOL_LIMITS)),
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
