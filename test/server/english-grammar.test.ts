import { describe, expect, it } from 'vitest';
import { COMMON_WORDS, commonWords } from '../../demo/server/speech/common-words';
import {
  commandGrammar,
  heardCommand,
  LOOP_ENTRY,
  LOOP_WORD_COST,
  PHRASE_ENTRY,
} from '../../demo/server/speech/grammar';

// The English search graph (issue 69): the phrases, and beside them a loop of common English words, so that speech
// that is no command is explained as words rather than forced onto the nearest phrase. speech.test.ts hears it.

const SAYABLE = new Set(['open', 'my', 'messages', 'show', 'attendance', 'notices', 'the', 'what', 'is', 'time']);
const pronounceable = (word: string) => SAYABLE.has(word);
const transitions = (fsg: string | null) => (fsg ?? '').split('\n').filter((line) => line.startsWith('TRANSITION'));

describe('commandGrammar', () => {
  const grammar = commandGrammar(
    ['open my messages', '打开我的消息', 'Show  Attendance'],
    pronounceable,
    ['open notices', 'open payslips'],
    ['the', 'what', 'zzz'],
  );

  it('holds each sayable phrase as a chain from the start to the end, entered alike, and leaves out the others', () => {
    expect(grammar.phrases).toEqual(['open my messages', 'open notices', 'show attendance']);
    const lines = transitions(grammar.fsg);
    const entries = lines.filter((line) => /^TRANSITION 0 \d+ \S+ [a-z]+$/.test(line));
    expect(entries.map((line) => line.split(' ').at(-1))).toEqual(['open', 'open', 'show']);
    expect(new Set(entries.map((line) => line.split(' ')[3]))).toEqual(new Set([String(PHRASE_ENTRY / 3)]));
    expect(lines).toContain(`TRANSITION 0 2 ${LOOP_ENTRY}`);
    expect(grammar.words).toEqual(['attendance', 'messages', 'my', 'notices', 'open', 'show']);
  });

  it('puts the common words it can pronounce in the loop, marked, each at a cost', () => {
    expect(grammar.loop).toEqual(['_the', '_what']);
    expect(transitions(grammar.fsg)).toEqual(
      expect.arrayContaining([`TRANSITION 2 2 ${LOOP_WORD_COST} _the`, `TRANSITION 2 2 ${LOOP_WORD_COST} _what`]),
    );
  });

  it('has no graph when no phrase can be said in English', () => {
    expect(commandGrammar(['打开我的消息'], pronounceable).fsg).toBeNull();
  });
});

describe('heardCommand', () => {
  it.each([
    ['open my messages', 'open my messages'],
    ['open notices(2)', 'open notices'],
    // The loop took it: no command.
    ['_what _is _the _time', ''],
    ['  ', ''],
  ])('%j → %j', (words, heard) => {
    expect(heardCommand(words)).toBe(heard);
  });
});

describe('commonWords', () => {
  it("takes SUBTLEX's most frequent words the dictionary has, lower case, single letters only as words", () => {
    const words = commonWords(() => true);
    expect(words).toHaveLength(COMMON_WORDS);
    expect(words.slice(0, 4)).toEqual(['you', 'i', 'the', 'to']);
    expect(words.filter((word) => word.length === 1).sort()).toEqual(['a', 'i']);
    expect(words).toEqual(words.map((word) => word.toLowerCase()));
    expect(commonWords((word) => word !== 'you')[0]).toBe('i');
  });
});
