import { describe, expect, it } from 'vitest';
import { clientDownloads, downloadActionShown } from '../../../src/core/header/downloads';

describe('the download-client dialog (§2)', () => {
  it('lists the configured installers in a fixed order, trimmed', () => {
    expect(clientDownloads({ macArm: ' /d/arm.dmg ', windowsInstaller: 'https://cdn.example.edu/setup.exe' })).toEqual([
      { kind: 'windowsInstaller', url: 'https://cdn.example.edu/setup.exe' },
      { kind: 'macArm', url: '/d/arm.dmg' },
    ]);
  });

  it.each([
    ['javascript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['//evil.example/setup.exe'],
    [''],
    ['   '],
  ])('drops %j', (url) => {
    expect(clientDownloads({ windowsInstaller: url })).toEqual([]);
  });

  it('ignores values that are not strings (configuration from a plain script page)', () => {
    expect(clientDownloads({ windowsPortable: 42 } as unknown as Record<string, string>)).toEqual([]);
    expect(clientDownloads(undefined)).toEqual([]);
  });

  it('shows the action only with links and outside the desktop client', () => {
    const some = clientDownloads({ windowsInstaller: '/setup.exe' });
    expect(downloadActionShown(some, false)).toBe(true);
    expect(downloadActionShown(some, true)).toBe(false);
    expect(downloadActionShown([], false)).toBe(false);
  });
});
