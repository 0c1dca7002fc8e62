// §4 version comparison: every dotted segment is padded to 4 digits and the padded strings are compared.
// Reading each segment as a number gives the same order, also past 9999, and missing segments count as 0
// (so `1.2` equals `1.2.0`).

const SEGMENT_WIDTH = 4;

function segments(version: string): number[] {
  return version
    .trim()
    .replace(/^v/i, '')
    .split('.')
    .map((segment) => Number(/^\d+/.exec(segment.trim())?.[0] ?? 0));
}

/** `1.6.0` → `000100060000`: the spec's padded form, for display and logs. */
export function padVersion(version: string): string {
  return segments(version)
    .map((segment) => String(segment).padStart(SEGMENT_WIDTH, '0'))
    .join('');
}

/** -1, 0 or 1 as `a` is older than, the same as or newer than `b`. */
export function compareVersions(a: string, b: string): -1 | 0 | 1 {
  const left = segments(a);
  const right = segments(b);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return difference < 0 ? -1 : 1;
  }
  return 0;
}
