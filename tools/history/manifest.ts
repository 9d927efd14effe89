/**
 * The files `history/` holds, each with where it comes from: a path under `../shared`, the folder beside the
 * repository where the raw captures are kept (history/README.md gives each one's upstream repository, path and
 * commit). `history/` keeps the same paths, each file gzip-compressed (`games.csv` → `games.csv.gz`); what only
 * the tests read sits under `history/fixtures/`. `refresh.ts` writes them; nothing else reads `../shared`.
 */
export interface HeldFile {
  /** The path under ../shared. */
  from: string;
  /** The path under history/, without the `.gz` it is stored with (or with none: `plain`). */
  to: string;
  /** Kept as it is, uncompressed: a licence text that must travel with the files it covers. */
  plain?: boolean;
}

const same = (folder: string, files: readonly string[], prefix = ''): HeldFile[] =>
  files.map((file) => ({ from: `data/${folder}/${file}`, to: `${prefix}${folder}/${file}` }));

/** What the server imports on its first start and from the admin's import screen, and the teams' generator reads. */
const PRODUCT: HeldFile[] = [
  ...same('nflverse', ['games.csv', 'games_2025_complete_nfl_data_py_export.csv']),
  ...same('cfbd', [
    'games_2024_regular_v1.json',
    'games_2024_postseason_v1.json',
    'games_2025_v2_snapshot_2025-08-28.json',
    'pregame_wp_2024_regular.json',
    'pregame_wp_2024_postseason.json',
    'pregame_wp_2025_snapshot_v2.json',
    'fbs_teams_2024_2025_derived.csv',
  ]),
  ...same('sportsdataverse-cfb', ['cfb_schedule_2025.csv', 'betting_2025.csv']),
  ...same('mlb', ['statsapi/games_2025.csv', 'retrosheet/GL2023.TXT', 'retrosheet/GL2024.TXT']),
];

/** What only the tests read. */
const FIXTURES: HeldFile[] = [
  ...same('nflverse', ['teams_colors_logos.csv'], 'fixtures/'),
  ...same('mlb', ['mlb_teams_crosswalk.csv', 'lahman/Teams_2015-2020.csv'], 'fixtures/'),
  ...same(
    'the-odds-api',
    [
      'bookmakers_us.csv',
      'captured/americanfootball_nfl_odds_us_h2h-spreads-totals_american_2022-12-27.json',
      'captured/americanfootball_ncaaf_odds_us_h2h-spreads-totals_american_2022-12-27.json',
      'captured/americanfootball_nfl_odds_us_spreads_american_2023-01-17.json',
      'docs-examples/odds_americanfootball_nfl_us_h2h-spreads_american.json',
      'docs-examples/events_americanfootball_nfl.json',
      'docs-examples/historical_odds_americanfootball_nfl_h2h_2021-10-18T12-00Z.json',
      'docs-examples/event_markets_baseball_mlb.json',
      'docs-examples/historical_events_basketball_nba_2023-11-29T22-42Z.json',
      'docs-examples/participants_americanfootball_nfl.json',
      'docs-examples/scores_basketball_nba_daysFrom1.json',
    ],
    'fixtures/',
  ),
  // PayPal's own OpenAPI files, which the tests' PayPal checks each answer against, with their licence.
  ...['billing_subscriptions_v1.json', 'catalogs_products_v1.json', 'notifications_webhooks_v1.json'].map((file) => ({
    from: `contracts/paypal/${file}`,
    to: `fixtures/paypal/${file}`,
  })),
  { from: 'contracts/paypal/LICENSE', to: 'fixtures/paypal/LICENSE', plain: true },
];

export const HELD_FILES: readonly HeldFile[] = [...PRODUCT, ...FIXTURES];

/** The name a held file has in history/. */
export const storedName = (held: HeldFile) => (held.plain ? held.to : `${held.to}.gz`);
