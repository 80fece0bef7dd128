import type { PersonId } from './seating';

/**
 * A person's name in the evening, by id. A bot seat (`bot:N`, no person of the evening) is `botWord(N)`
 * where the screen has a word for it; anyone else unknown is shown by id.
 */
export function personName(
  evening: { people: readonly { id: PersonId; name: string }[] },
  id: PersonId,
  botWord?: (n: number) => string,
): string {
  const known = evening.people.find((p) => p.id === id);
  if (known) return known.name;
  const bot = botWord && /^bot:(\d+)$/.exec(id);
  return bot ? botWord(Number(bot[1])) : id;
}
