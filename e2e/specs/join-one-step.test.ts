/**
 * Joining a pool in one step from the invitation's page (decision: join in one step): a new guest opens the
 * invitation mailed to them on a 390 px phone, sees the pool, its Lifeguard and its rules, creates the account on
 * that page and lands on the pool's page signed in, with no confirmation mail; a signed-in member joins with one
 * tap; a signed-out member logs in on the page and is joined.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSessionOf, createMember, logIn, newIdentity, openSignedIn, type Identity } from '../support/accounts';
import { expectNoSeriousA11yViolations, screenshot, useBrowser, viewports, waitForScreen } from '../support/browser';
import { linkIn, waitForMail } from '../support/mail';
import { appUrl } from '../support/target';

const browser = useBrowser();

let lifeguard: Identity;
let poolId: number;
const POOL = 'Cubicle Cannonball';

async function invite(email: string): Promise<string> {
  await (await apiSessionOf(lifeguard)).post(`/api/pools/${poolId}/invitations`, { email });
  const mail = await waitForMail(email, new RegExp(`invites you to the pool “${POOL}”`));
  return new URL(linkIn(mail, '/pool-party/accept/', appUrl())).pathname;
}

beforeAll(async () => {
  lifeguard = await createMember({ ...newIdentity(), name: 'Lou Guard' } as Identity);
  const host = await apiSessionOf(lifeguard);
  const current = await host.get<{ season: number; number: number }>('/api/dates/americanfootball_nfl/current-week');
  const { data: pool } = await host.post<{ data: { id: number } }>('/api/pools', {
    name: POOL,
    icon: 'wave',
    icon_color: '#ffffff',
    icon_background: '#0277bd',
    sport: 'americanfootball_nfl',
    season: current.season,
    start_week: current.number + 1,
    games_per_week: 4,
    win_basis: 'ats',
    double_play: true,
    triple_play: false,
    last_man_standing: true,
  });
  poolId = pool.id;
}, 60_000);

describe('joining a pool in one step', () => {
  it('a new guest creates the account on the invitation page and lands on the pool, signed in, at 390 px', async () => {
    const guest = newIdentity();
    const acceptPath = await invite(guest.email);
    const phone = await browser.newPage(viewports.phone);
    await phone.goto(acceptPath);
    await waitForScreen(phone, 'pool-party-accept');
    await phone.getByText(`Lou Guard invited you to ${POOL}`).waitFor();
    await phone
      .getByText(/4 games a week, against the spread · Double play on · Triple play off · Last Man Standing on/)
      .waitFor();
    const form = phone.getByRole('form', { name: 'Create your account' });
    await expect(form.getByRole('textbox', { name: 'Email' }).inputValue()).resolves.toBe(guest.email);
    await expect(phone.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(phone);
    await screenshot(phone, 'invitation-new-guest-phone');

    await form.getByRole('textbox', { name: 'Username' }).fill(guest.username);
    await form.getByLabel(/^Password/).fill(guest.password);
    await form.getByRole('button', { name: 'Create account and join' }).click();
    await waitForScreen(phone, 'football-pool');
    await phone.getByRole('heading', { level: 1, name: POOL }).waitFor();
    await screenshot(phone, 'invitation-joined-pool-phone');

    // Signed in, and a member: the pool lists the guest; no confirmation mail was needed.
    const pool = (await (await apiSessionOf(guest)).get<{ data: { role: string } }>(`/api/pools/${poolId}`)).data;
    expect(pool.role).toBe('guest');
    await expect(waitForMail(guest.email, /Confirm your PA\$\$ email address/, 1_500)).rejects.toThrow(/No mail/);
  }, 120_000);

  it('a signed-in member joins with one tap; a signed-out one logs in on the page and is joined', async () => {
    const [member, other] = await Promise.all([createMember(), createMember()]);
    const memberPath = await invite(member.email);
    const desktop = await browser.newPage(viewports.desktop);
    await openSignedIn(desktop, member, memberPath, 'pool-party-accept');
    await desktop.getByText(`Lou Guard invited you to ${POOL}`).waitFor();
    await screenshot(desktop, 'invitation-signed-in-desktop');
    await desktop.getByRole('button', { name: 'Join', exact: true }).click();
    await waitForScreen(desktop, 'football-pool');
    await desktop.getByRole('heading', { level: 1, name: POOL }).waitFor();

    const otherPath = await invite(other.email);
    const phone = await browser.newPage(viewports.phone);
    await phone.goto(otherPath);
    await waitForScreen(phone, 'pool-party-accept');
    await phone.getByRole('tab', { name: 'I have an account' }).click();
    await logIn(phone, other.username, other.password);
    await waitForScreen(phone, 'football-pool');
    await phone.getByRole('heading', { level: 1, name: POOL }).waitFor();
  }, 120_000);
});
