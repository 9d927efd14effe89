import { SeasonMenu } from '../components/season-menu';

export default function Season2025Route() {
  return (
    <SeasonMenu
      route="season-2025"
      title="2025 Season"
      links={[
        {
          to: 'football-season-schedule',
          params: { season: 2025 },
          label: 'Schedule',
          detail: 'Every game of the 2025 NFL season, with lines and results',
        },
        { to: 'football-pools', label: 'My pools', detail: 'Your NFL pools, a new pool, joining by link' },
        { to: 'pool-party', label: 'Pool Party', detail: "This week's games, the rules, the pools you host" },
        { to: 'invite', label: 'Invite friends', detail: 'Invite guests to a pool you host' },
        { to: 'user-bets', label: 'My picks and bets', detail: 'What you picked and bet' },
      ]}
    />
  );
}
