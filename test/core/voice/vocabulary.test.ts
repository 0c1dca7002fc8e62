import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { vocabularyKey, withoutTrailingPunctuation } from '../../../src/core/api/vocabulary';

describe('withoutTrailingPunctuation (§4: one trailing mark removed)', () => {
  it.each([
    ['打开成绩管理。', '打开成绩管理'],
    ['打开成绩管理！', '打开成绩管理'],
    ['打开成绩管理？', '打开成绩管理'],
    ['打开成绩管理，', '打开成绩管理'],
    ['查看考勤；', '查看考勤'],
    ['打开我的消息…', '打开我的消息'],
    ['open grade management.', 'open grade management'],
    ['Open grade management!', 'Open grade management'],
    ['show attendance?', 'show attendance'],
    ['show attendance ,', 'show attendance'],
    ['  open my messages.  ', 'open my messages'],
    // Only one mark goes: a recogniser's "?!" keeps its first mark.
    ['打开成绩管理？！', '打开成绩管理？'],
    ['open grade management..', 'open grade management.'],
    // Marks inside the text stay.
    ['打开，成绩管理', '打开，成绩管理'],
    ['open grade management', 'open grade management'],
    ['。', ''],
    ['', ''],
  ])('%j -> %j', (text, expected) => {
    expect(withoutTrailingPunctuation(text)).toBe(expected);
  });

  const MARKS = ['.', ',', '!', '?', ';', ':', '…', '。', '，', '！', '？', '；', '：', '、', '．'];
  const command = fc
    .string({ minLength: 1 })
    .map((text) => text.trim())
    .filter((text) => text !== '' && !MARKS.some((mark) => text.endsWith(mark)));

  it('takes exactly one mark off a command, whichever mark it is', () => {
    fc.assert(
      fc.property(command, fc.constantFrom(...MARKS), (text, mark) => {
        expect(withoutTrailingPunctuation(text + mark)).toBe(text);
        expect(withoutTrailingPunctuation(text + mark + mark)).toBe(text + mark);
      }),
    );
  });

  it('leaves a command without a trailing mark as it is', () => {
    fc.assert(
      fc.property(command, (text) => {
        expect(withoutTrailingPunctuation(text)).toBe(text);
      }),
    );
  });

  it('keys the skill table in lower case', () => {
    expect(vocabularyKey(' Open Grade Management. ')).toBe('open grade management');
    expect(vocabularyKey('打开成绩管理。')).toBe('打开成绩管理');
  });
});
