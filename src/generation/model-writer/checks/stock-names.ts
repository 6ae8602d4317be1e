/**
 * The names language models give characters in book after book: Elara Voss,
 * Kaelen Thorne, Lyra, Seraphina. Each is a fine name; met in every
 * generated fantasy, they mark a book as machine-made before its first page
 * is read, as the stock phrases do (stock-phrases.ts). A planner that casts
 * one the client did not ask for is asked for a name of the story's own.
 */
import { usesName } from '../pipeline/steps/client-material';

/** Lower case. Invented or rare names that models reach for far more often than books do. */
const STOCK_NAMES = ['elara', 'kael', 'kaelen', 'kaelan', 'lyra', 'seraphina', 'thorne', 'voss', 'zephyr', 'elowen'];

/**
 * The stock names in `name` (a character's full name) that the client's own
 * words (`client`: premise and tone) do not use, as written in `name`.
 */
export function stockNamesIn(name: string, client: string): string[] {
  return name
    .split(/[\s-]+/u)
    .map((word) => word.replace(/[^\p{L}’']/gu, ''))
    .filter((word) => STOCK_NAMES.includes(word.toLowerCase()) && !usesName(client, word));
}

/** The reason a planner is asked again, naming the field. */
export function stockNameConcern(index: number, names: readonly string[]): string {
  const quoted = names.map((name) => `"${name}"`).join(' and ');
  return (
    `/characters/${index}/name: ${quoted} ${names.length === 1 ? 'is a name' : 'are names'} language models give ` +
    "characters in book after book; choose one of the story's own time, place and people"
  );
}
