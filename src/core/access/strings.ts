import type { StringTable } from '../i18n/translate';

// The refusals' words (src/core/access), kept beside the gate rather than in core's built-in table: that table rides
// in the runtime chunk every page loads, and these are only needed where a door is (header, voice, shell, page kit).
// A loaded language pack overrides any of them (refusalText asks the page's translation first).
export const ACCESS_STRINGS: StringTable = {
  'zh-CN': {
    'access.expired': '「{name}」已到期，请联系管理员！',
    'access.expired.unnamed': '该模块已到期，请联系管理员！',
    'access.unitExpired': '本单位的平台授权已到期，所有模块都无法使用，请联系管理员！',
    'access.teacherOnly': '「{name}」的这个页面供教师使用，您的账号不能打开。',
    'access.teacherOnly.unnamed': '这个页面供教师使用，您的账号不能打开。',
    'access.notPermitted': '您的账号没有「{name}」的使用权限，请联系管理员。',
    'access.notPermitted.unnamed': '您的账号没有该模块的使用权限，请联系管理员。',
  },
  en: {
    'access.expired': '{name} has expired. Please contact the administrator!',
    'access.expired.unnamed': 'This module has expired. Please contact the administrator!',
    'access.unitExpired':
      "Your school's platform licence has expired, so no module can be used. Please contact the administrator!",
    'access.teacherOnly': 'This page of {name} is for teachers; your account cannot open it.',
    'access.teacherOnly.unnamed': 'This page is for teachers; your account cannot open it.',
    'access.notPermitted': 'Your account has no access to {name}. Please contact the administrator.',
    'access.notPermitted.unnamed': 'Your account has no access to this module. Please contact the administrator.',
  },
  'zh-HK': {
    'access.expired': '「{name}」已到期，請聯繫管理員！',
    'access.expired.unnamed': '該模組已到期，請聯繫管理員！',
    'access.unitExpired': '本單位的平台授權已到期，所有模組都無法使用，請聯繫管理員！',
    'access.teacherOnly': '「{name}」的這個頁面供教師使用，您的賬號不能打開。',
    'access.teacherOnly.unnamed': '這個頁面供教師使用，您的賬號不能打開。',
    'access.notPermitted': '您的賬號沒有「{name}」的使用權限，請聯繫管理員。',
    'access.notPermitted.unnamed': '您的賬號沒有該模組的使用權限，請聯繫管理員。',
  },
};
