import { computed } from 'vue';
import { useI18n } from 'vue-i18n';
import { personName } from '../../../../shared/evening/people';
import { ranks } from '../../../../shared/evening/ranks';
import type { EveningInfo } from '../../../../shared/protocol';

/**
 * What the evening says to this person in words, shown by the panel and its parts and spoken by its one
 * live region (EveningPanel's news): their table in the heat in play and with whom, their table done and
 * the tables still playing, the winner, and their place in the standings.
 */
export function useEveningLines(evening: () => EveningInfo | null) {
  const { t, locale } = useI18n();
  const list = (names: string[]) => new Intl.ListFormat(locale.value, { type: 'conjunction' }).format(names);

  /** This person's table in the heat in play: still playing (go there), or ended (wait for the others). */
  const heatTable = computed(() => {
    const e = evening();
    const table = e?.you?.table ?? null;
    if (!e || !table || table.heat !== e.heatInPlay) return null;
    const ended = !!e.heats[table.heat - 1]?.tables.find((tb) => tb.name === table.table)?.results;
    return { table, ended };
  });
  const mine = computed(() => (heatTable.value && !heatTable.value.ended ? heatTable.value.table : null));

  /** "Heat 2: you are at table B with Bo and Chloé". */
  const yourTable = computed(() => {
    const e = evening();
    const m = mine.value;
    if (!e || !m) return '';
    const people = e.heats[m.heat - 1]?.tables.find((tb) => tb.name === m.table)?.people ?? [];
    const others = people
      .filter((id) => id !== e.you?.person)
      .map((id) => e.people.find((p) => p.id === id)?.name ?? t('evening.bot'));
    if (!others.length) return t('evening.yourTableAlone', { heat: m.heat, table: m.table });
    return t('evening.yourTable', { heat: m.heat, table: m.table, names: list(others) });
  });

  /** Your table has ended: the heat's tables still playing, by name ("waiting for tables B and C"). */
  const done = computed(() => {
    const e = evening();
    const d = heatTable.value;
    if (!e || !d?.ended) return '';
    const playing = (e.heats[d.table.heat - 1]?.tables ?? [])
      .filter((tb) => !tb.results)
      .map((tb) => tb.name);
    return t('evening.tableDone', { heat: d.table.heat, tables: list(playing) }, Math.max(playing.length, 1));
  });

  /** Everyone ranked first (level on share, wins and points) shares the win; said once the evening is over. */
  const winner = computed(() => {
    const e = evening();
    if (!e?.over || !e.standings.length) return '';
    const rank = ranks(e.standings);
    const level = e.standings.filter((_, i) => rank[i] === 1).map((s) => personName(e, s.person));
    return level.length === 1
      ? t('evening.winner', { name: level[0] })
      : t('evening.winners', { names: list(level) });
  });

  /** This person's place in the standings, once a heat has been scored. */
  const place = computed(() => {
    const e = evening();
    const i = e?.standings.findIndex((s) => s.person === e.you?.person) ?? -1;
    return e && i >= 0 ? { rank: ranks(e.standings)[i], count: e.standings.length } : null;
  });

  return { heatTable, mine, yourTable, done, winner, place };
}
