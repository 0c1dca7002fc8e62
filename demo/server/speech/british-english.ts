import { phones } from './compound-words';

/**
 * The British form of a word's CMUdict lines (American), where it differs: the trap and bath vowel open, AE said as AA
 * (espeak-ng's en voice: 'asEts, st'aaf). The acoustic model is American, so a British "assets" came nearer its
 * "office" than its "assets": 0 of 6 in the bench (issue 56). Dropping the R after a vowel as well was measured and
 * made tile names worse (12 misses of 156 instead of 5), so it is not done. Numbered after the word's own variants.
 */
export function britishLines(lines: readonly string[]): string[] {
  const first = lines[0];
  if (!first) return [];
  const word = first.slice(0, first.indexOf(' ')).replace(/\(\d+\)$/, '');
  const known = new Set(lines.map(phones));
  const added: string[] = [];
  for (const said of lines.map(phones)) {
    const open = said.replace(/\bAE\b/g, 'AA');
    if (known.has(open)) continue;
    known.add(open);
    added.push(`${word}(${lines.length + added.length + 1}) ${open}`);
  }
  return added;
}
