import { describe, expect, it } from 'vitest';
import { compoundLines } from '../../demo/server/speech/compound-words';

// A tile's English word that CMUdict lacks is said as two words it has (issue 56: "Payslips").

const DICTIONARY = new Map([
  ['pay', ['pay P EY']],
  ['pays', ['pays P EY Z']],
  ['lips', ['lips L IH P S']],
  ['slips', ['slips S L IH P S']],
  ['a', ['a AH']],
  ['book', ['book B UH K']],
]);

describe('compoundLines', () => {
  it.each([
    ['payslips', ['payslips P EY Z L IH P S']],
    ['paybook', ['paybook P EY B UH K']],
    // Parts of one letter are no words to build on: "abook" stays unsayable.
    ['abook', []],
    ['zzzz', []],
    ['', []],
  ])('%j → %j', (word, lines) => {
    expect(compoundLines(word, DICTIONARY)).toEqual(lines);
  });
});
