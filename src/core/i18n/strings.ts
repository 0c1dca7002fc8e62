import type { Language } from './translate';

// Built-in text of the elements, in the three languages. Loaded packs override any key.
// Keys are grouped by element; every element adds its own block.
export const BUILTIN_STRINGS: Record<Language, Record<string, string>> = {
  'zh-CN': {
    'modal.close': '关闭',
    'notice.close': '关闭通知',
    'notice.region': '通知',
  },
  en: {
    'modal.close': 'Close',
    'notice.close': 'Dismiss notification',
    'notice.region': 'Notifications',
  },
  'zh-HK': {
    'modal.close': '關閉',
    'notice.close': '關閉通知',
    'notice.region': '通知',
  },
};
