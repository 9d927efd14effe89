import { POOL_DEFAULTS } from '../constants.js';
import type { Sport } from '../enums.js';
import type { SCORING_SETTINGS, PoolLimits } from './settings.js';
import { lastPoolWeek } from './weeks.js';
import type { PoolSettings } from './types.js';

/**
 * The Pool Party rules in words, in one place: the general rules (the server's `/legal/pool-party-rules`) and one
 * pool's rules from its settings (the pool page's Rules tab, the invitation mail). The texts are built from the
 * same settings and constants the rules are enforced with, so what a member reads is what the server does.
 */

/** The settings that decide how a pool plays: each gives a rule line. */
export type ScoringSetting = (typeof SCORING_SETTINGS)[number];

/** The settings that only name and show a pool: they state no rule. */
export const DISPLAY_SETTINGS = ['name', 'icon', 'iconColor', 'iconBackground'] as const satisfies readonly Exclude<
  keyof PoolSettings,
  ScoringSetting
>[];

export type PoolRuleSettings = Pick<PoolSettings, ScoringSetting>;

/** One rule of a pool: its text, a short form for a one-line summary, and the settings it states. */
export interface PoolRuleLine {
  /** The settings this line comes from; empty for a rule every pool plays by (the missed pick, the tiebreaker). */
  settings: ScoringSetting[];
  text: string;
  /** The few words the summary uses: "against the spread", "a missed pick −5" (empty: the line is left out). */
  short: string;
}

/** The rule texts every pool shares, used by the general rules and the per-pool lines alike. */
export const POOL_RULE_TEXTS = {
  points: `A win scores +${POOL_DEFAULTS.pointsPerGame}, a loss −${POOL_DEFAULTS.pointsPerGame}, a push or a tie 0.`,
  missedPick: `A game you have not picked when it locks scores −${POOL_DEFAULTS.pointsPerGame}, as a loss (never doubled or tripled); 0 if the game is then called off.`,
  locks: "A pick can change until its game kicks off, then it locks, and everyone's picks on that game become visible.",
  tiebreaker:
    "Tiebreaker: each week every member predicts the total points of the week's last slate game; the smaller error over the season wins, then the earlier submission of the picks.",
  playsNeverBoth: 'A week has a double play or a triple play, never both.',
  lastManStanding:
    'Each week every surviving member picks one team playing that week, on the slate or not, never the same team twice in a season. A win advances; a loss or a push eliminates for the season.',
  lastManStandingAnyTeam:
    "Every team playing that week can be a survivor's pick: a game off the slate counts for Last Man Standing only, with its line frozen when the slate is published, and locks at its kickoff.",
  lastManStandingEdges:
    "A survivor without a team when the week's last game locks is eliminated. If every remaining player is eliminated in the same week, they all survive that week; a team picked on a called-off game is not used up.",
  survivorStrikes:
    "With strikes, a survivor goes out only at the loss, push or missed week after the strikes the pool allows, not at the first. If every remaining player would go out in the same week, they all survive it and nobody's strike that week counts.",
  survivorBuyBack:
    'With a buy-back, a member who went out by the buy-back week comes back once by picking a team in the very next week: the teams they used stay used and their strikes start again from 0. Without that pick they stay out.',
  void: 'A postponed game grades if it is played within the pool week; otherwise, like a cancelled game, it is void and scores 0 for everyone.',
  confidence:
    "In a confidence pool each week you rank your picks from 1 up to the number of the week's slate games, each number used once: a win scores its number, a loss, a push or a tie 0. There are no double or triple plays. A pick's number locks with it.",
  confidenceMissedPick:
    'A game you have not picked when it locks scores 0, as a loss does; its number is simply not scored.',
  defaultPicks:
    'A pool may give default picks: a game you have not picked when it locks, while you are in the pool, is picked for you, the favourite (by the frozen spread; straight up, by the closing spread once known, else the home team) or the home team, as the pool says. It scores as any pick (never doubled or tripled), is marked auto, and in a confidence pool takes the smallest number your picks of the games locked by then left free.',
  defaultPickFavourites:
    'A game you have not picked when it locks is picked for you: the favourite, scored as any pick (never doubled or tripled).',
  defaultPickHome:
    'A game you have not picked when it locks is picked for you: the home team, scored as any pick (never doubled or tripled).',
  dropWorstWeeks:
    "A pool may drop each member's worst weeks (up to 3): your season total leaves out your lowest-scoring complete weeks (every game decided) that you were in the pool for from the first lock to the last, the earlier week first on equal points, and always keeps at least one such week. Wins and the tiebreaker still count every week.",
} as const;

/** The side a default pick takes, in words. */
const defaultSide = (defaultPicks: PoolSettings['defaultPicks'], winBasis: PoolSettings['winBasis']) =>
  defaultPicks === 'home'
    ? 'the home team'
    : winBasis === 'ats'
      ? 'the favourite by the frozen spread (the home team on a pick’em)'
      : 'the favourite by the closing spread once it is known, else the home team';

/** The confidence points of a pool's week, in words: "from 1 to 5". */
const confidenceRange = (gamesPerWeek: number) =>
  gamesPerWeek === 1 ? 'of 1' : `from 1 to ${gamesPerWeek} (to the slate's size in a shorter week)`;

const SPORT_NAMES: Record<Sport, string> = {
  americanfootball_nfl: 'NFL',
  americanfootball_ncaaf: 'College football',
  baseball_mlb: 'MLB',
};

/** "against the spread", or "on the run line" in baseball. */
function handicapWords(sport: Sport): string {
  return sport === 'baseball_mlb' ? 'on the run line' : 'against the spread';
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A pool's rules, one line per rule, from its settings. Every scoring setting appears in at least one line's
 * `settings` (a test holds every setting of the pool settings schema to that), then the rules all pools share.
 */
export function poolRuleLines(settings: PoolRuleSettings): PoolRuleLine[] {
  const { pointsPerGame: points, doublePlayPoints: double, triplePlayPoints: triple } = POOL_DEFAULTS;
  const last = lastPoolWeek(settings.sport, settings.season);
  const sport = SPORT_NAMES[settings.sport];
  const weeks =
    settings.startWeek >= last ? `week ${settings.startWeek} only` : `weeks ${settings.startWeek} to ${last}`;
  const handicap = handicapWords(settings.sport);
  const lines: PoolRuleLine[] = [
    {
      settings: ['sport', 'season', 'startWeek'],
      text: `${sport}, the ${settings.season} season: ${weeks}${settings.sport === 'baseball_mlb' ? ' (a pool week runs Monday to Sunday)' : ''}.`,
      short: `${sport} ${settings.season}, ${weeks}`,
    },
    {
      settings: ['gamesPerWeek'],
      text: `Each week's slate holds ${settings.gamesPerWeek} ${settings.gamesPerWeek === 1 ? 'game' : 'games'}, chosen by the Lifeguard before the week's first kickoff (else the week's first games by kickoff).`,
      short: `${settings.gamesPerWeek} ${settings.gamesPerWeek === 1 ? 'game' : 'games'} a week`,
    },
    settings.winBasis === 'ats'
      ? {
          settings: ['winBasis'],
          text: `${capitalise(handicap)}: each slate game's line is frozen when the slate is published and shown to everyone; your team must cover it.`,
          short: handicap,
        }
      : {
          settings: ['winBasis'],
          text: '$ Line: pick the winner outright; there is no spread.',
          short: '$ Line (straight up)',
        },
    settings.confidence
      ? {
          settings: ['confidence'],
          text: `Confidence points: each week rank your picks ${confidenceRange(settings.gamesPerWeek)}, each number used once; a win scores its number, a loss, a push or a tie 0. A pick's number locks with it.`,
          short: `confidence points ${confidenceRange(settings.gamesPerWeek).replace(/ \(.*\)$/, '')}, a loss 0`,
        }
      : { settings: ['confidence'], text: POOL_RULE_TEXTS.points, short: `a win +${points}, a loss −${points}` },
    settings.defaultPicks === 'home' || settings.defaultPicks === 'favourites'
      ? {
          settings: ['defaultPicks', 'winBasis', 'confidence'],
          text: `Default picks: a game you have not picked when it locks is picked for you, ${defaultSide(settings.defaultPicks, settings.winBasis)}. It scores as any pick (never doubled or tripled) and shows as auto${settings.confidence ? '; it takes the smallest number your picks of the games locked by then left free' : ''}. A game that locked before you joined is not counted.`,
          short: `an unpicked game gets ${settings.defaultPicks === 'home' ? 'the home team' : 'the favourite'}`,
        }
      : settings.confidence
        ? {
            settings: ['confidence', 'defaultPicks'],
            text: POOL_RULE_TEXTS.confidenceMissedPick,
            short: 'a missed pick 0',
          }
        : {
            settings: ['confidence', 'defaultPicks'],
            text: POOL_RULE_TEXTS.missedPick,
            short: `a missed pick −${points}`,
          },
    settings.doublePlay
      ? {
          settings: ['doublePlay'],
          text: `Double play: one pick a week may count twice, ±${double}.`,
          short: `double play ±${double}`,
        }
      : { settings: ['doublePlay'], text: 'No double play: every pick counts once.', short: 'no double play' },
    settings.triplePlay
      ? {
          settings: ['triplePlay'],
          text: `Triple play: one pick a week may count three times, ±${triple}.${settings.doublePlay ? ` ${POOL_RULE_TEXTS.playsNeverBoth}` : ''}`,
          short: `triple play ±${triple}`,
        }
      : { settings: ['triplePlay'], text: 'No triple play.', short: 'no triple play' },
    settings.lastManStanding
      ? {
          settings: ['lastManStanding'],
          text: `Last Man Standing, graded ${settings.winBasis === 'ats' ? handicap : 'straight up'}: ${POOL_RULE_TEXTS.lastManStanding}`,
          short: 'Last Man Standing',
        }
      : { settings: ['lastManStanding'], text: 'No Last Man Standing.', short: 'no Last Man Standing' },
    ...survivorRuleLines(settings),
    settings.dropWorstWeeks > 0
      ? {
          settings: ['dropWorstWeeks'],
          text: `Worst ${settings.dropWorstWeeks === 1 ? 'week' : `${settings.dropWorstWeeks} weeks`} dropped: your season total leaves out your ${settings.dropWorstWeeks === 1 ? 'lowest-scoring complete week' : `${settings.dropWorstWeeks} lowest-scoring complete weeks`} (every game decided, and you in the pool from its first lock to its last; the earlier week first on equal points; at least one such week always counts). Wins and the tiebreaker still count every week.`,
          short: `worst ${settings.dropWorstWeeks === 1 ? 'week' : `${settings.dropWorstWeeks} weeks`} dropped`,
        }
      : { settings: ['dropWorstWeeks'], text: 'Every week counts toward the season total.', short: '' },
    { settings: [], text: POOL_RULE_TEXTS.tiebreaker, short: "tiebreaker: the last game's total" },
  ];
  return lines;
}

/** The strikes and buy-back lines of a Last Man Standing pool (the two settings say nothing without it). */
function survivorRuleLines(settings: PoolRuleSettings): PoolRuleLine[] {
  const strikes = settings.survivorStrikes ?? 0;
  const buyBackWeek = settings.survivorBuyBackWeek ?? null;
  if (!settings.lastManStanding) {
    // The summary already says "no Last Man Standing": this line adds nothing to it.
    return [{ settings: ['survivorStrikes', 'survivorBuyBackWeek'], text: 'No strikes or buy-back.', short: '' }];
  }
  return [
    {
      settings: [],
      text: POOL_RULE_TEXTS.lastManStandingAnyTeam,
      short: '',
    },
    strikes > 0
      ? {
          settings: ['survivorStrikes'],
          text: `Strikes: a survivor may lose, push or miss ${strikes === 1 ? 'once' : `${strikes} times`} and stay in; the ${ordinal(strikes + 1)} puts them out. If every remaining player would go out in the same week, they all survive it and nobody's strike that week counts.`,
          short: `${strikes} ${strikes === 1 ? 'strike' : 'strikes'}`,
        }
      : {
          settings: ['survivorStrikes'],
          text: 'No strikes: the first loss, push or missed week puts a survivor out.',
          // The plain game: the summary names only what differs from it.
          short: '',
        },
    buyBackWeek !== null
      ? {
          settings: ['survivorBuyBackWeek'],
          text: `Buy-back: a member who went out in week ${buyBackWeek} or before comes back once by picking a team in the very next week; the teams they used stay used and their strikes start again from 0. Without that pick they stay out.`,
          short: `buy-back through week ${buyBackWeek}`,
        }
      : { settings: ['survivorBuyBackWeek'], text: 'No buy-back: out is out for the season.', short: '' },
  ];
}

const ordinal = (n: number) => `${n}${n === 2 ? 'nd' : n === 3 ? 'rd' : n === 1 ? 'st' : 'th'}`;

/** A pool's rules in one sentence: "This pool: NFL 2025, weeks 1 to 18, 5 games a week, against the spread, …". */
export function poolRulesSummary(settings: PoolRuleSettings): string {
  return `This pool: ${poolRuleLines(settings)
    .map((line) => line.short)
    .filter((short) => short !== '')
    .join(', ')}.`;
}

/** A part of the general rules: a heading and its paragraphs. */
export interface RuleSection {
  heading: string;
  lines: string[];
}

/** The general Pool Party rules, with the limits this server enforces. */
export function generalPoolRules(limits: PoolLimits): RuleSection[] {
  const {
    minGamesPerWeek: min,
    maxGamesPerWeek: max,
    doublePlayPoints: double,
    triplePlayPoints: triple,
  } = POOL_DEFAULTS;
  return [
    {
      heading: 'Hosting',
      lines: [
        `Any member can be a Lifeguard and host up to ${limits.maxPoolsPerLifeguard} active pools.`,
        `A pool has a name, an icon with a colour and background, a sport and season, a start week, the number of games per week (${min} to ${max}), a win basis (against the spread, or straight up: "$ Line"), and optional double play, triple play, Last Man Standing, confidence points, dropped worst weeks and default picks.`,
        "The settings that change scoring (everything but the name and the icon) are fixed once the pool's first game locks.",
      ],
    },
    {
      heading: 'Guests',
      lines: [
        `A pool welcomes up to ${limits.maxGuestsPerPool} guests besides its Lifeguard. Guests must be members; joining is free. Guests may join until the end of the pool's first week.`,
        `A Lifeguard may invite the same person at most ${limits.maxInvitationsPerGuest} times (however the address is spelled), and may send at most ${POOL_DEFAULTS.maxInvitationsPerHour} invitations an hour and ${POOL_DEFAULTS.maxInvitationsPerDay} a day across all of their pools; further invitations are blocked, and abuse may suspend the pool or the account. An invitation carries the pool's name as plain text and nothing else the Lifeguard wrote.`,
      ],
    },
    {
      heading: 'Weekly picks',
      lines: [
        "Each week has a slate of the pool's games per week, chosen by the Lifeguard before the week's first kickoff; if none is chosen, the week's first games by kickoff fill it. In a pool against the spread, each slate game's line is frozen when the slate is published.",
        `Pick a side in every slate game. ${POOL_RULE_TEXTS.locks}`,
      ],
    },
    {
      heading: 'Points',
      lines: [
        POOL_RULE_TEXTS.points,
        POOL_RULE_TEXTS.missedPick,
        `Double play: one pick a week counts ±${double}. Triple play: one pick a week counts ±${triple}. ${POOL_RULE_TEXTS.playsNeverBoth}`,
        `${POOL_RULE_TEXTS.confidence} ${POOL_RULE_TEXTS.confidenceMissedPick}`,
        POOL_RULE_TEXTS.defaultPicks,
      ],
    },
    {
      heading: 'Last Man Standing',
      lines: [
        POOL_RULE_TEXTS.lastManStanding,
        POOL_RULE_TEXTS.lastManStandingAnyTeam,
        POOL_RULE_TEXTS.lastManStandingEdges,
        POOL_RULE_TEXTS.survivorStrikes,
        POOL_RULE_TEXTS.survivorBuyBack,
      ],
    },
    {
      heading: 'Standings and ties',
      lines: [
        `Standings rank season points, then wins, then the tiebreaker. ${POOL_RULE_TEXTS.tiebreaker}`,
        POOL_RULE_TEXTS.dropWorstWeeks,
      ],
    },
    { heading: 'Postponed and cancelled games', lines: [POOL_RULE_TEXTS.void] },
  ];
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Rule sections as the legal pages' HTML: an `<h2>` and a paragraph per line. */
export function ruleSectionsHtml(sections: readonly RuleSection[]): string {
  return sections
    .map(
      (section) =>
        `<h2>${escapeHtml(section.heading)}</h2>\n${section.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}`,
    )
    .join('\n');
}
