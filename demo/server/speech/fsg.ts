// pocketsphinx's FSG file format, shared by the English and the Chinese graphs (grammar.ts, chinese-grammar.ts).

/** The states every graph starts with: the start and the one final state. */
export const START = 0;
export const END = 1;

/** An FSG file of `count` states from its TRANSITION lines (`TRANSITION from to probability [word]`). */
export function fsgText(graph: { count: number; lines: readonly string[] }): string {
  return [
    'FSG_BEGIN commands',
    `NUM_STATES ${graph.count}`,
    `START_STATE ${START}`,
    `FINAL_STATE ${END}`,
    ...graph.lines,
    'FSG_END',
    '',
  ].join('\n');
}
