import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chineseGrammar, heardPhrase } from '../../demo/server/speech/chinese-grammar';
import { syllableInventory } from '../../demo/server/speech/phones';
import { romanise } from '../../demo/server/speech/romanise';
import { blockSyllables, syllablesModule } from '../../scripts/speech-syllables.mjs';

// The Chinese search graph with the user's tile names beside the skill phrases (issue 56): the bench measures what
// the recogniser makes of them; the skills keep the graph they were tuned with.

const SKILLS = ['打开我的消息', '查看考勤'];
const NAMES = ['打开课表', '打开通知公告'];
const transitions = (fsg: string | null) => (fsg ?? '').split('\n').filter((line) => line.startsWith('TRANSITION'));
/** The transitions that start a phrase: out of the start state with a word. */
const entries = (fsg: string | null) => transitions(fsg).filter((line) => /^TRANSITION 0 \d+ \S+ \S+$/.test(line));

describe('chineseGrammar with tile names', () => {
  it('enters each skill phrase as it did without names, and a name only from its start', () => {
    const alone = chineseGrammar(SKILLS, 'zh-CN', romanise);
    const beside = chineseGrammar(SKILLS, 'zh-CN', romanise, NAMES);
    expect(entries(beside.fsg).filter((line) => line.endsWith(' da') || line.endsWith(' cha'))).toEqual(
      expect.arrayContaining(entries(alone.fsg)),
    );
    expect(new Set(entries(beside.fsg).map((line) => line.split(' ')[3]))).toEqual(new Set(['0.25']));
    // Part-way entries from the loop before a phrase (state 2): the skills' inner states only, as without names.
    const partWay = (fsg: string | null) => transitions(fsg).filter((line) => /^TRANSITION 2 \d+ 1$/.test(line));
    expect(partWay(beside.fsg)).toHaveLength(partWay(alone.fsg).length);
  });

  it('hears a name as its characters, in Mandarin and Cantonese', () => {
    const mandarin = chineseGrammar(SKILLS, 'zh-CN', romanise, NAMES);
    expect(heardPhrase(mandarin, 'da kai ke biao')).toBe('打开课表');
    const cantonese = chineseGrammar(SKILLS, 'zh-HK', romanise, ['打開課表']);
    expect([...cantonese.phrases.values()]).toContain('打開課表');
  });
});

describe('the garbage loop', () => {
  it('holds the syllables the characters are read with, as scripts/speech-syllables.mjs writes them (issue 69)', () => {
    const file = new URL('../../demo/server/speech/syllables.ts', import.meta.url);
    expect(readFileSync(file, 'utf8')).toBe(syllablesModule(blockSyllables()));
  });

  it('has one word per sound, and none for shapes the language never uses', () => {
    const mandarin = syllableInventory('pinyin').map(([word]) => word);
    expect(mandarin).toEqual(expect.arrayContaining(['_da', '_kai', '_cha', '_kan']));
    // Every initial with every final gave these too (668 words where 410 are sounds of Mandarin).
    expect(mandarin).not.toEqual(expect.arrayContaining(['_fia']));
    expect(mandarin).not.toContain('_biong');
    const sounds = syllableInventory('jyutping').map(([, phones]) => phones.join(' '));
    expect(new Set(sounds).size).toBe(sounds.length);
  });
});
