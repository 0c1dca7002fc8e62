import { describe, expect, it } from 'vitest';
import { convertToHongKong } from '../../../src/core/i18n/hongkong/converter';

// Issue 56: the zh-HK converter (OpenCC's characters, its common phrases, its Hong Kong variants, the glossary).
describe('convertToHongKong', () => {
  it.each([
    ['示范实验学校', '示範實驗學校'],
    ['没有', '沒有'],
    // The glossary's Hong Kong wording (docs/glossary.json), over OpenCC's 圖標 and 保存.
    ['图标', '圖示'],
    ['请保存后再试', '請儲存後再試'],
    // Phrases that the characters alone would get wrong.
    ['头发', '頭髮'],
    ['干净的桌面', '乾淨的桌面'],
    // Hong Kong variants.
    ['里面', '裏面'],
  ])('%s → %s', (simplified, hongKong) => {
    expect(convertToHongKong(simplified)).toBe(hongKong);
  });

  it('leaves English, digits and Traditional text as they are', () => {
    expect(convertToHongKong('Grade 3 三年級')).toBe('Grade 3 三年級');
  });
});
