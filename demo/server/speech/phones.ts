import { JYUTPING_SYLLABLES, PINYIN_SYLLABLES } from './syllables';

// Pinyin and jyutping syllables spelt in the English acoustic model's phones (CMU's 39), so that Debian's English
// pocketsphinx model can listen for Mandarin and Cantonese commands (issue 37): no Chinese model installs here. Tones
// are left out (the model cannot hear them); each syllable gets the English phones nearest to how it sounds, with a
// second spelling where two are close (an unaspirated z heard as either Z or JH).

/** One syllable's spellings, each a list of CMU phones. */
export type Spellings = string[][];

const split = (phones: string) => phones.split(' ').filter(Boolean);

// ---- Mandarin (pinyin without tone numbers; ü written v) ----

const PINYIN_INITIALS: Record<string, string[]> = {
  b: ['B'],
  p: ['P'],
  m: ['M'],
  f: ['F'],
  d: ['D'],
  t: ['T'],
  n: ['N'],
  l: ['L'],
  g: ['G'],
  k: ['K'],
  h: ['HH'],
  j: ['JH', 'Z'],
  q: ['CH', 'T S'],
  x: ['SH', 'S'],
  zh: ['JH'],
  ch: ['CH'],
  sh: ['SH'],
  r: ['R', 'ZH'],
  z: ['Z', 'JH'],
  c: ['T S', 'CH'],
  s: ['S'],
};

const PINYIN_FINALS: Record<string, string[]> = {
  a: ['AA'],
  o: ['AO'],
  e: ['AH', 'ER'],
  er: ['ER'],
  ai: ['AY'],
  ei: ['EY'],
  ao: ['AW'],
  ou: ['OW'],
  an: ['AA N'],
  en: ['AH N'],
  ang: ['AA NG'],
  eng: ['AH NG'],
  ong: ['UH NG', 'AO NG'],
  i: ['IY'],
  ia: ['Y AA'],
  ie: ['Y EH'],
  iao: ['Y AW'],
  iu: ['Y OW'],
  ian: ['Y EH N', 'Y AE N'],
  in: ['IY N', 'IH N'],
  iang: ['Y AA NG'],
  ing: ['IY NG', 'IH NG'],
  iong: ['Y UH NG'],
  u: ['UW'],
  ua: ['W AA'],
  uo: ['W AO'],
  uai: ['W AY'],
  ui: ['W EY'],
  uan: ['W AA N'],
  un: ['W AH N'],
  uang: ['W AA NG'],
  ueng: ['W AH NG'],
  v: ['Y UW'],
  ve: ['Y UW EH', 'Y EH'],
  van: ['Y UW AE N', 'Y AE N'],
  vn: ['Y UW N', 'IY N'],
};

/** zi, ci, si: the i is a buzz of the consonant; zhi, chi, shi, ri: an r-coloured vowel. */
const BUZZED_I: Record<string, string[]> = {
  z: ['IH'],
  c: ['IH'],
  s: ['IH'],
  zh: ['ER'],
  ch: ['ER'],
  sh: ['ER'],
  r: ['ER'],
};

/** y and w spellings as the finals they write (yi = i, you = iu, wu = u, yu = ü …). */
function pinyinFinal(initial: string, rest: string): string {
  if (initial === 'y') {
    if (rest.startsWith('u')) return `v${rest.slice(1)}`;
    if (rest === 'ou') return 'iu';
    return rest.startsWith('i') ? rest : `i${rest}`;
  }
  if (initial === 'w') {
    if (rest === 'u') return 'u';
    if (rest === 'ei') return 'ui';
    if (rest === 'en') return 'un';
    return `u${rest}`;
  }
  // After j, q and x a written u is ü.
  if (['j', 'q', 'x'].includes(initial) && rest.startsWith('u')) return `v${rest.slice(1)}`;
  return rest.replace('ü', 'v');
}

/** A toneless pinyin syllable's spellings; null for what is no pinyin syllable. */
export function pinyinSpellings(syllable: string): Spellings | null {
  const text = syllable
    .toLowerCase()
    .replace(/[0-5]$/, '')
    .replace('ü', 'v');
  const initial =
    ['zh', 'ch', 'sh'].find((two) => text.startsWith(two)) ?? /^[bpmfdtnlgkhjqxrzcsyw]/.exec(text)?.[0] ?? '';
  const final = pinyinFinal(initial, text.slice(initial.length));
  const finals = final === 'i' && BUZZED_I[initial] ? BUZZED_I[initial] : PINYIN_FINALS[final];
  if (!finals) return null;
  const initials = initial === 'y' || initial === 'w' || initial === '' ? [''] : PINYIN_INITIALS[initial];
  if (!initials) return null;
  return initials.flatMap((start) => finals.map((end) => split(`${start} ${end}`)));
}

// ---- Cantonese (jyutping without tone numbers) ----

const JYUTPING_INITIALS: Record<string, string[]> = {
  b: ['B'],
  p: ['P'],
  m: ['M'],
  f: ['F'],
  d: ['D'],
  t: ['T'],
  n: ['N', 'L'],
  l: ['L'],
  g: ['G'],
  k: ['K'],
  ng: ['NG', ''],
  h: ['HH'],
  gw: ['G W'],
  kw: ['K W'],
  w: ['W'],
  z: ['JH', 'Z'],
  c: ['CH', 'T S'],
  s: ['S', 'SH'],
  j: ['Y'],
};

/** Vowels (nuclei and glides) of jyutping finals; a final is one of these and maybe a coda. */
const JYUTPING_VOWELS: Record<string, string[]> = {
  aa: ['AA'],
  aai: ['AY'],
  aau: ['AW'],
  a: ['AH'],
  ai: ['EY', 'AY'],
  au: ['OW', 'AW'],
  e: ['EH'],
  ei: ['EY'],
  eu: ['EH UW'],
  i: ['IY'],
  iu: ['IY UW'],
  o: ['AO'],
  oi: ['OY'],
  ou: ['OW'],
  u: ['UW'],
  ui: ['UW IY'],
  oe: ['ER'],
  eo: ['ER', 'AH'],
  eoi: ['ER IY', 'UH IY'],
  yu: ['Y UW', 'IY UW'],
};

const CODAS: Record<string, string[]> = { m: ['M'], n: ['N'], ng: ['NG'], p: ['P', ''], t: ['T', ''], k: ['K', ''] };

/** Short vowels before a coda sound shorter or closer: i before ng and k is the i of "sing". */
const BEFORE_VELAR: Record<string, string[]> = { i: ['IH'], u: ['UH'], e: ['EH'], o: ['AO'] };

/** A toneless jyutping syllable's spellings; null for what is no jyutping syllable. */
export function jyutpingSpellings(syllable: string): Spellings | null {
  const text = syllable.toLowerCase().replace(/[1-6]$/, '');
  if (text === 'm') return [['M']];
  if (text === 'ng') return [['NG'], ['EH NG']];
  const initial = ['gw', 'kw', 'ng'].find((two) => text.startsWith(two)) ?? /^[bpmfdtnlgkhwzcsj]/.exec(text)?.[0] ?? '';
  const final = text.slice(initial.length);
  const coda = ['ng', 'm', 'n', 'p', 't', 'k'].find((end) => final.endsWith(end) && final.length > end.length) ?? '';
  const vowel = final.slice(0, final.length - coda.length);
  const velar = coda === 'ng' || coda === 'k';
  const vowels = (velar && BEFORE_VELAR[vowel]) || JYUTPING_VOWELS[vowel];
  if (!vowels) return null;
  // jyu: the j is the start of yu.
  const initials = initial === '' || (initial === 'j' && vowel === 'yu') ? [''] : JYUTPING_INITIALS[initial];
  if (!initials) return null;
  const codas = coda ? (CODAS[coda] ?? ['']) : [''];
  return initials.flatMap((start) =>
    vowels.flatMap((middle) => codas.map((end) => split(`${start} ${middle} ${end}`))),
  );
}

/**
 * Every syllable of the language, one word per distinct sound (`_da`, `_kai` …, first spellings only): the garbage
 * loop. The syllables the characters are read with (syllables.ts), not every initial with every final: those held
 * shapes the language never uses, and a Mandarin recognition took twice as long with them (issue 69).
 */
export function syllableInventory(kind: 'pinyin' | 'jyutping'): [string, string[]][] {
  const [syllables, spell] =
    kind === 'pinyin' ? [PINYIN_SYLLABLES, pinyinSpellings] : [JYUTPING_SYLLABLES, jyutpingSpellings];
  const seen = new Set<string>();
  const words: [string, string[]][] = [];
  for (const syllable of syllables) {
    const phones = spell(syllable)?.[0];
    if (!phones || seen.has(phones.join(' '))) continue;
    seen.add(phones.join(' '));
    words.push([`_${syllable}`, phones]);
  }
  return words;
}
