import type {
  BotLevel,
  BotPace,
  BotThink,
  SeatInfo,
  TableInfo,
  TableSummary,
} from '../../../shared/protocol';

/** A translator as vue-i18n's `t` is called here. */
type Translate = (key: string, params?: Record<string, unknown>) => string;

/**
 * What a screen knows of a table's rules: a lobby row only the summary (mode, Action rule, version); a
 * seat at the table everything, with the level of each bot seat.
 */
export interface RulesFacts {
  mode: TableSummary['mode'];
  actionRule: boolean;
  rulesVersion?: TableSummary['rulesVersion'];
  targetScore?: number;
  autoDraw?: boolean;
  hints?: boolean;
  botPace?: BotPace;
  /** The turn clock (seconds, 0 off) and what happens when it runs out; absent: not known here. */
  turnClock?: TableInfo['options']['turnClock'];
  clockExpiry?: TableInfo['options']['clockExpiry'];
  /** The bots at the table, each with its level (and a hard bot's think time); absent: not known here. */
  bots?: readonly { level: BotLevel | null; think: BotThink | null }[];
}

/** The facts a seat at the table has: its options and the level of each bot seat. */
export function rulesFactsOf(info: Pick<TableInfo, 'options' | 'seatList'>): RulesFacts {
  const o = info.options;
  return {
    mode: o.mode,
    actionRule: o.actionRule,
    rulesVersion: o.rulesVersion,
    targetScore: o.targetScore,
    autoDraw: o.autoDraw,
    hints: o.hints,
    botPace: o.botPace,
    turnClock: o.turnClock,
    clockExpiry: o.clockExpiry,
    bots: info.seatList
      .filter((s: SeatInfo) => s.bot)
      .map((s) => {
        const level = s.botLevel ?? o.botLevel ?? null;
        return { level, think: s.botThink ?? (level === 'hard' ? (o.botThink ?? null) : null) };
      }),
  };
}

/**
 * The one line that says which rules are on, in words a newcomer reads ("Basic game (one round) · no card
 * actions · bots play slowly"): the waiting room, the table, the lobby's rows and a table's door all use it.
 * It says only what it knows; the default rules version (1.2) goes unsaid, an older one is named. The bots'
 * level is said when they all share one (each seat's badge says its own).
 */
export function rulesLine(f: RulesFacts, t: Translate): string {
  const parts = [
    f.mode === 'advanced' && f.targetScore !== undefined
      ? t('first.line.advanced', { n: f.targetScore })
      : t(f.mode === 'advanced' ? 'options.advanced' : 'first.line.basic'),
    t(f.actionRule ? 'first.line.actions' : 'first.line.noActions'),
  ];
  if (f.rulesVersion === '1.1') parts.push(t('first.line.oldRules'));
  if (f.mode === 'advanced' && f.autoDraw) parts.push(t('first.line.autoDraw'));
  const bots = f.bots ?? [];
  if (bots.length > 0) {
    const levels = new Set(bots.map((b) => b.level));
    const thinks = new Set(bots.map((b) => b.think));
    const [level] = levels;
    const [think] = thinks;
    if (levels.size === 1 && level === 'hard' && thinks.size === 1 && think) {
      parts.push(t('first.line.hardBots', { think: t(`first.line.think.${think}`) }));
    } else if (levels.size === 1 && level) {
      parts.push(t('first.line.bots', { level: t(`first.line.level.${level}`) }));
    }
    if (f.botPace) parts.push(t(`first.line.pace.${f.botPace}`));
  }
  // Said either way, so that nobody is surprised by (or counts on) a coach at the table.
  if (f.hints !== undefined) parts.push(t(f.hints ? 'first.line.hintsOn' : 'first.line.hintsOff'));
  if (f.turnClock && f.clockExpiry)
    parts.push(t(`clock.summary.${f.clockExpiry}`, { time: t(`clock.choice.s${f.turnClock}`) }));
  return parts.join(' · ');
}
