import { beforeEach, describe, expect, it, vi } from 'vitest';

// Counts the converter chunk's loads, the chunk itself as it is.
const imports = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../src/core/i18n/hongkong/chunk', async (importOriginal) => {
  const chunk = await importOriginal<typeof import('../../../src/core/i18n/hongkong/chunk')>();
  return {
    importConverter: () => {
      imports.count++;
      return chunk.importConverter();
    },
  };
});

const { $hongKong, loadHongKongConverter, toHongKong, watchHongKong } = await import(
  '../../../src/core/i18n/hongkong/load'
);
const { splitBilingual } = await import('../../../src/core/i18n/bilingual');
const { $language } = await import('../../../src/core/i18n/translate');

describe('zh-HK converter loader', () => {
  beforeEach(() => {
    $language.set('zh-CN');
  });

  it('is the identity before the converter loads, and loads it once when the language becomes zh-HK', async () => {
    expect(toHongKong('示范实验学校')).toBe('示范实验学校');
    expect(splitBilingual('没有数据|||No data', 'zh-HK')).toBe('没有数据');
    watchHongKong();
    watchHongKong();
    expect(imports.count).toBe(0);
    const ready = new Promise((resolve) => $hongKong.listen(resolve));
    $language.set('zh-HK');
    await ready;
    await loadHongKongConverter();
    expect(imports.count).toBe(1);
    expect(toHongKong('示范实验学校')).toBe('示範實驗學校');
  });

  it('shows the Chinese part of a server message in Hong Kong forms for zh-HK only', async () => {
    await loadHongKongConverter();
    expect(splitBilingual('没有数据|||No data', 'zh-HK')).toBe('沒有數據');
    expect(splitBilingual('示范实验学校', 'zh-HK')).toBe('示範實驗學校');
    expect(splitBilingual('没有数据|||No data', 'zh-CN')).toBe('没有数据');
    expect(splitBilingual('没有数据|||No data', 'en')).toBe('No data');
    // A third part the server wrote is zh-HK's own text.
    expect(splitBilingual('三年级|||Grade 3|||三年級', 'zh-HK')).toBe('三年級');
    expect(imports.count).toBe(1);
  });
});
