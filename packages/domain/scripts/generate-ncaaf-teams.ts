/**
 * Regenerates packages/domain/src/teams/ncaaf-teams.ts from the history the repository holds (history/):
 * the FBS team list with conferences per season (cfbd/fbs_teams_2024_2025_derived.csv) and ESPN's
 * display names and abbreviations (sportsdataverse-cfb/cfb_schedule_2025.csv, joined on the ESPN team id).
 * The Odds API names college teams as ESPN does ("Utah State Aggies"), CFBD by school ("Utah State").
 *
 * Then the teams outside FBS that played an FBS team in the stored games files (CFBD 2024 and 2025,
 * sportsdataverse 2025): FCS and lower-division opponents, kept as teams of their own so an FBS team's record
 * holds all its games. They get no conference (no standings) and the division CFBD gives them each season.
 *
 *   npx tsx packages/domain/scripts/generate-ncaaf-teams.ts
 *
 * The generated module is committed; the app never reads the CSVs.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import prettier from 'prettier';
import { parseCsvWithHeader } from '../src/sources/csv.js';
import { readHistoryFile, readHistoryJson } from '../src/testing/history-files.js';
import { normalizeTeamKey } from '../src/teams/registry.js';

const outFile = path.resolve(import.meta.dirname, '../src/teams/ncaaf-teams.ts');

/** Seasons with a conference column in the derived CSV. */
const SEASONS = [2024, 2025] as const;

/** Spellings that neither CFBD nor ESPN uses but other sources do. Add here, then regenerate. */
const EXTRA_ALIASES: Record<string, readonly string[]> = {};

/** The CFBD games files read for divisions and for the opponents outside FBS. */
const CFBD_GAMES = [
  'cfbd/games_2024_regular_v1.json',
  'cfbd/games_2024_postseason_v1.json',
  'cfbd/games_2025_v2_snapshot_2025-08-28.json',
];

/**
 * ESPN's names and abbreviations of opponents that are in no sportsdataverse file (they played no game it holds),
 * by ESPN team id, as ESPN's team pages give them.
 */
const ESPN_NAMES_OUTSIDE_FILES: Record<string, { name: string; abbr: string }> = {
  '253': { name: 'Southern Utah Thunderbirds', abbr: 'SUU' },
  '2329': { name: 'Lehigh Mountain Hawks', abbr: 'LEH' },
  '3101': { name: 'Utah Tech Trailblazers', abbr: 'UTU' },
};

const CLASSIFICATIONS = new Set(['fbs', 'fcs', 'ii', 'iii']);

const fbs = parseCsvWithHeader(readHistoryFile('cfbd/fbs_teams_2024_2025_derived.csv'), [
  'team_id',
  'school',
  ...SEASONS.flatMap((season) => [`conference_${season}`, `fbs_${season}`]),
]);

const espn = new Map<string, { name: string; abbr: string }>();
for (const row of parseCsvWithHeader(readHistoryFile('sportsdataverse-cfb/cfb_schedule_2025.csv'))) {
  for (const side of ['home', 'away'] as const) {
    espn.set(row.get(`${side}_id`), { name: row.get(`${side}_team`), abbr: row.get(`${side}_abbreviation`) });
  }
}

/** The division CFBD gives each team per season (v1 `home_division`, v2 `homeClassification`), and its school name. */
const classification = new Map<string, Map<number, string>>();
const schools = new Map<string, string>();
const gamesBySeason: { season: number; home: string; away: string }[] = [];
for (const file of CFBD_GAMES) {
  for (const game of readHistoryJson(file) as Record<string, unknown>[]) {
    const season = Number(game.season);
    const ids = { home: '', away: '' };
    for (const side of ['home', 'away'] as const) {
      const id = String(game[`${side}Id`] ?? game[`${side}_id`]);
      const division = game[`${side}Classification`] ?? game[`${side}_division`];
      ids[side] = id;
      schools.set(id, String(game[`${side}Team`] ?? game[`${side}_team`]));
      if (typeof division === 'string' && CLASSIFICATIONS.has(division)) {
        const seasons = classification.get(id) ?? new Map<number, string>();
        seasons.set(season, division);
        classification.set(id, seasons);
      }
    }
    gamesBySeason.push({ season, ...ids });
  }
}
for (const row of parseCsvWithHeader(readHistoryFile('sportsdataverse-cfb/cfb_schedule_2025.csv'))) {
  gamesBySeason.push({ season: Number(row.get('season')), home: row.get('home_id'), away: row.get('away_id') });
}

/** The nickname is what follows the school in ESPN's name: "Utah State Aggies" → "Aggies". */
function nicknameOf(school: string, name: string): string | null {
  return normalizeTeamKey(name).startsWith(`${normalizeTeamKey(school)} `)
    ? name.split(' ').slice(school.split(' ').length).join(' ')
    : null;
}

const fbsIn = (id: string, season: number) =>
  fbs.some((row) => row.get('team_id') === id && row.get(`fbs_${season}`) === '1');

const classificationsOf = (id: string) =>
  Object.fromEntries(
    SEASONS.flatMap((season) => {
      const known = fbsIn(id, season) ? 'fbs' : classification.get(id)?.get(season);
      return known ? [[season, known]] : [];
    }),
  );

const teams = fbs.map((row) => {
  const id = row.get('team_id');
  const school = row.get('school');
  const display = espn.get(id);
  if (!display) throw new Error(`No ESPN name for team ${id} (${school})`);
  const conferences = Object.fromEntries(
    SEASONS.map((season) => [
      season,
      row.get(`fbs_${season}`) === '1' ? row.get(`conference_${season}`) || null : null,
    ]),
  );
  const latest = [...SEASONS]
    .reverse()
    .map((season) => conferences[season])
    .find((conference) => conference);
  if (!latest) throw new Error(`Team ${id} (${school}) has no conference`);
  return {
    id,
    school,
    ...display,
    nickname: nicknameOf(school, display.name),
    conferences,
    conference: latest as string | null,
    classifications: classificationsOf(id),
    aliases: EXTRA_ALIASES[id] ?? [],
  };
});

// Opponents outside FBS: a team that was not FBS in a season it played an FBS team. Games between two teams
// outside FBS stay out of the product, so their teams are only those met by an FBS team.
const outsideIds = new Set<string>();
for (const game of gamesBySeason) {
  const home = fbsIn(game.home, game.season);
  const away = fbsIn(game.away, game.season);
  if (home !== away) outsideIds.add(home ? game.away : game.home);
}
const fbsIds = new Set(fbs.map((row) => row.get('team_id')));
const outside = [...outsideIds]
  .filter((id) => !fbsIds.has(id))
  .map((id) => {
    const school = schools.get(id);
    const display = espn.get(id) ?? ESPN_NAMES_OUTSIDE_FILES[id];
    if (!school || !display) throw new Error(`No CFBD school or ESPN name for team ${id}`);
    const classifications = classificationsOf(id);
    if (Object.keys(classifications).length === 0) throw new Error(`No division for team ${id} (${school})`);
    return {
      id,
      school,
      ...display,
      nickname: nicknameOf(school, display.name),
      conferences: Object.fromEntries(SEASONS.map((season) => [season, null])) as Record<number, string | null>,
      conference: null as string | null,
      classifications,
      aliases: EXTRA_ALIASES[id] ?? [],
    };
  })
  .sort((a, b) => a.name.localeCompare(b.name));

const abbrs = new Set([...teams, ...outside].map((team) => team.abbr));
if (abbrs.size !== teams.length + outside.length) throw new Error('ESPN abbreviations are not unique');

const q = (value: string) => JSON.stringify(value);
const seasonRecord = (values: Record<number, string | null>) =>
  `{ ${Object.entries(values)
    .map(([season, value]) => `${season}: ${value === null ? 'null' : q(value)}`)
    .join(', ')} }`;
const entry = (team: (typeof teams)[number]) =>
  [
    '  {',
    "    sport: 'americanfootball_ncaaf',",
    `    abbr: ${q(team.abbr)},`,
    `    name: ${q(team.name)},`,
    `    nickname: ${team.nickname === null ? 'null' : q(team.nickname)},`,
    `    conference: ${team.conference === null ? 'null' : q(team.conference)},`,
    '    division: null,',
    `    conferenceBySeason: ${seasonRecord(team.conferences)},`,
    `    classificationBySeason: ${seasonRecord(team.classifications)},`,
    `    sourceKeys: { cfbd: [${q(team.school)}], espn: [${q(team.abbr)}, ${q(team.name)}], sportsdataverse: [${q(team.name)}], odds_api: [${q(team.name)}] },`,
    `    aliases: [${[team.school, ...team.aliases].map(q).join(', ')}],`,
    `    ids: { espn: ${q(team.id)} },`,
    '  },',
  ].join('\n');
const lines = [
  '// Generated by packages/domain/scripts/generate-ncaaf-teams.ts from history/ (cfbd, sportsdataverse-cfb).',
  '// Do not edit by hand: change the script or the data, then regenerate.',
  "import type { Team } from './types.js';",
  '',
  "/** FBS teams with their conference per season; abbreviations and full names are ESPN's, ids are ESPN/CFBD team ids. */",
  'export const NCAAF_TEAMS: readonly Team[] = [',
  ...teams.map(entry),
  '];',
  '',
  '/**',
  ' * Teams outside FBS that played FBS teams in the stored seasons (FCS and lower divisions): no conference, no',
  " * standings, the division CFBD gives them per season. ESPN's names and abbreviations, unique among all college teams.",
  ' */',
  'export const NCAAF_OUTSIDE_TEAMS: readonly Team[] = [',
  ...outside.map(entry),
  '];',
  '',
];
// Formatted as the repository formats code, so the committed module passes `prettier --check`.
const config = await prettier.resolveConfig(outFile);
writeFileSync(outFile, await prettier.format(lines.join('\n'), { ...config, filepath: outFile }));
console.log(
  `Wrote ${teams.length} FBS teams and ${outside.length} opponents outside FBS to ${path.relative(process.cwd(), outFile)}`,
);
