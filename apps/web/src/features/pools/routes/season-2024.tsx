import { SeasonMenu } from '../components/season-menu';

export default function Season2024Route() {
  return (
    <SeasonMenu
      route="season-2024"
      title="2024 Season"
      links={[
        { to: 'football-2024-schedule', label: 'Schedule', detail: 'Every game of the 2024 NFL season, with results' },
        { to: 'football-2024-pools', label: 'My 2024 pools', detail: 'The pools you played in 2024' },
        { to: 'user-bets', label: 'My picks and bets', detail: 'What you picked and bet' },
        { to: 'user-stats', label: 'My stats', detail: 'Your record and reward by season' },
      ]}
    />
  );
}
