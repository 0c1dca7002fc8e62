import { describe, expect, it } from 'vitest';
import { canPickFolders } from '../../../src/core/upload';

// Issue 35: "Choose a folder" was offered on phones, whose browsers pick single files instead (or nothing).
describe('canPickFolders', () => {
  it.each([
    ['Chrome on Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0 Safari/537.36', false, true, true],
    ['Safari on a Mac', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Version/17.0 Safari/605.1.15', false, true, true],
    [
      'Chrome on Android',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126.0 Mobile Safari/537.36',
      true,
      true,
      false,
    ],
    ['Safari on an iPhone', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1', true, false, false],
    ['an iPad', 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Safari/604.1', true, true, false],
    ['a desktop browser without webkitdirectory', 'Mozilla/5.0 (X11; Linux x86_64) Firefox/40.0', false, false, false],
  ])('%s', (_, userAgent, coarsePointer, webkitdirectory, expected) => {
    expect(canPickFolders({ userAgent, coarsePointer, webkitdirectory })).toBe(expected);
  });
});
