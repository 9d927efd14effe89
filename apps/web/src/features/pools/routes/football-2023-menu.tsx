import { SeasonMenu } from '../components/season-menu';

export default function Football2023MenuRoute() {
  return (
    <SeasonMenu
      route="football-2023-menu"
      title="2023 Football"
      links={[
        { to: 'football-conference-afc', label: 'AFC', detail: 'The AFC conference at a glance' },
        { to: 'football-conference-nfc', label: 'NFC', detail: 'The NFC conference at a glance' },
        { to: 'football-2023-schedule', label: 'Pool picks schedule', detail: 'Every game of the 2023 season' },
        { to: 'football-2023-pools', label: 'My 2023 pools', detail: 'The pools you played in 2023' },
        { to: 'user-bets', label: 'My picks and bets', detail: 'What you picked and bet' },
        { to: 'pool-party-rules', label: 'About Pool Party', detail: 'How pools are run and scored' },
      ]}
    />
  );
}
