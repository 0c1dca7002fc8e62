export declare function blockSyllables(): { pinyin: string[]; jyutping: string[] };
export declare function syllablesModule(syllables: { pinyin: string[]; jyutping: string[] }): string;
