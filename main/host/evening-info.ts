import { eveningOver, eveningStandings, heatInPlay } from '../../shared/evening/evening';
import type { PersonId } from '../../shared/evening/seating';
import type { EveningInfo } from '../../shared/protocol';
import type { EveningRecord } from './evening-format';
import { seatToken } from './evening-tables';

/** The evening as `person` (null: someone in the lobby) may see it: public, but for their own seat token. */
export function eveningInfo(kept: EveningRecord, person: PersonId | null): EveningInfo {
  const e = kept.evening;
  const playing = heatInPlay(e);
  const mine = playing?.tables.find((t) => person !== null && t.people.includes(person));
  const at = mine && kept.tables.find((t) => t.heat === playing!.number && t.table === mine.name);
  return {
    settings: e.settings,
    opener: kept.opener,
    people: e.people,
    heats: e.heats,
    standings: eveningStandings(e),
    heatInPlay: playing?.number ?? null,
    over: eveningOver(e),
    you:
      person === null
        ? null
        : {
            person,
            table:
              mine && at
                ? {
                    heat: playing!.number,
                    table: mine.name,
                    tableId: at.id,
                    seat: mine.people.indexOf(person),
                    token: seatToken(kept.tokenKey, at.id, person),
                  }
                : null,
          },
  };
}
