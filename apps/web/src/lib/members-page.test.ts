import { describe, expect, it } from 'vitest';
import { explainMembersPage, routeOfPath } from './members-page';

describe('routeOfPath', () => {
  it('finds the route of a path, an exact path before one with parameters', () => {
    expect(routeOfPath('/user/bets')).toBe('user-bets');
    expect(routeOfPath('/football/2024/schedule')).toBe('football-2024-schedule');
    expect(routeOfPath('/football/team/KC')).toBe('football-team');
    expect(routeOfPath('/admin/almanac')).toBe('admin-almanac');
    expect(routeOfPath('/nowhere/at/all')).toBeUndefined();
  });
});

describe('explainMembersPage', () => {
  it("says what each of the member's screens is", () => {
    expect(explainMembersPage('/user/bets')).toBe(
      'My Bets lists every pick and bet you record, graded the moment each game ends. Log in to see yours.',
    );
    expect(explainMembersPage('/user/stats')).toMatch(/^My Stats shows your record/);
    expect(explainMembersPage('/teller/place-bet')).toMatch(/^The teller places simulated moneyline bets/);
    expect(explainMembersPage('/almanac')).toMatch(/^The almanac gives each team's record/);
    expect(explainMembersPage('/football/odds')).toMatch(/^The odds board/);
    expect(explainMembersPage('/compare-books')).toMatch(/^Compare books/);
  });

  it('explains an older season of a screen as the screen', () => {
    expect(explainMembersPage('/football/2024/season/2024/schedule?week=3')).toMatch(/^Pro Season is the NFL schedule/);
    expect(explainMembersPage('/classic/football/pool/9')).toMatch(/^A pool page/);
  });

  it('has a general line for any other page, and none for no page, the home page or another site', () => {
    expect(explainMembersPage('/refresh')).toBe('The page you opened is for members. Log in to open it.');
    expect(explainMembersPage(null)).toBeNull();
    expect(explainMembersPage('/')).toBeNull();
    expect(explainMembersPage('//evil.example/user/bets')).toBeNull();
    expect(explainMembersPage('https://evil.example/user/bets')).toBeNull();
  });
});
