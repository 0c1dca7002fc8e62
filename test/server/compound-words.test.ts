import { describe, expect, it } from 'vitest';
import { britishLines } from '../../demo/server/speech/british-english';
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

// The acoustic model is American; espeak-ng's en voice, like a Hong Kong pupil, says "assets" with an open A (issue 56).
describe('britishLines', () => {
  it.each([
    [['assets AE S EH T S'], ['assets(2) AA S EH T S']],
    [['staff S T AE F'], ['staff(2) S T AA F']],
    // Numbered after the word's own variants; a form already there is not repeated.
    [['ask AE S K', 'ask(2) AA S K', 'ask(3) AE K S'], ['ask(4) AA K S']],
    [['notices N OW T IH S IH Z'], []],
    [[], []],
  ])('%j → %j', (lines, british) => {
    expect(britishLines(lines)).toEqual(british);
  });
});
