import { describe, expect, it } from 'vitest';
import { versionNote } from '../../../src/core/version/info';

// The footer's version history (§3) in the page's language; the Chinese note may carry §8's three parts (issue 35:
// zh-HK showed the Simplified note).
describe('versionNote', () => {
  const entry = (cn: string, en: string) => ({ version: '1.5.0', date: '2026-01-01', metto: { cn, en } });
  it.each([
    ['新增人脸登录|||Face login added|||新增人臉登入', 'Face login', 'zh-CN', '新增人脸登录'],
    ['新增人脸登录|||Face login added|||新增人臉登入', 'Face login', 'zh-HK', '新增人臉登入'],
    ['新增人脸登录|||Face login added|||新增人臉登入', 'Face login', 'en', 'Face login'],
    ['新增人脸登录|||Face login added|||新增人臉登入', '', 'en', 'Face login added'],
    ['新增人脸登录', 'Face login', 'zh-HK', '新增人脸登录'],
    ['', 'Face login', 'zh-CN', 'Face login'],
  ] as const)('%s / %s in %s reads %s', (cn, en, language, expected) => {
    expect(versionNote(entry(cn, en), language)).toBe(expected);
  });
});
