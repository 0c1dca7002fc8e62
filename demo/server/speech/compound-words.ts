/**
 * Dictionary lines for a word CMUdict lacks that is two words it has, the first as long as it can be ("payslips" as
 * "pays" + "lips"): without a line a tile's name cannot be in the grammar at all, and so can never be heard (issue
 * 56). Each part at least two letters; none when no split works.
 */
export function compoundLines(word: string, dictionary: ReadonlyMap<string, readonly string[]>): string[] {
  for (let split = word.length - 2; split >= 2; split--) {
    const first = dictionary.get(word.slice(0, split))?.[0];
    const second = dictionary.get(word.slice(split))?.[0];
    if (first && second) return [`${word} ${phones(first)} ${phones(second)}`];
  }
  return [];
}

/** A dictionary line's phones: what follows the word. */
export const phones = (line: string) => line.slice(line.indexOf(' ') + 1).trim();
