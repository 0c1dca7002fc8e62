import { describe, expect, it } from 'vitest';
import { type ApiError, bilingual, errors, fieldError, ok } from '../../demo/server/envelope';

// Issue 56: every message the reference server sends carries zh-CN, en and zh-HK (`中文|||English|||繁體`).
describe("the reference server's messages", () => {
  const parts = (message: string) => message.split('|||');

  it('carry three parts, zh-HK in Hong Kong forms when none is given', () => {
    expect(parts(bilingual({ zh: '没有权限', en: 'No permission' }))).toEqual([
      '没有权限',
      'No permission',
      '沒有權限',
    ]);
    expect(parts(bilingual({ zh: '三年级', en: 'Grade 3', hk: '三年級' }))).toEqual(['三年级', 'Grade 3', '三年級']);
  });

  it('carry three parts in envelopes, field errors and every error helper', () => {
    expect(parts(ok(null).message)).toHaveLength(3);
    expect(parts(fieldError('username', { zh: '必填', en: 'Required' }).message)).toEqual(['必填', 'Required', '必填']);
    for (const make of Object.values(errors)) {
      const error = (make as () => ApiError)();
      expect(parts(bilingual(error.text))).toHaveLength(3);
    }
  });
});
