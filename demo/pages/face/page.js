// The face page's own script, loaded after ph-face's module (which installed window.PH) once the page has painted
// its header (the server's data-ph-after-paint, issue 70).
const TEXT = {
  'zh-CN': {
    title: '人脸登记与打卡',
    modes: '功能',
    collect: '登记我的人脸',
    clock: '打卡',
    who: '当前用户：{name}',
    signIn: '请先登录',
  },
  en: {
    title: 'Face registration and clock-in',
    modes: 'Modes',
    collect: 'Register my face',
    clock: 'Clock in',
    who: 'Signed in as {name}',
    signIn: 'Please sign in first',
  },
  'zh-HK': {
    title: '人臉登記與打卡',
    modes: '功能',
    collect: '登記我的人臉',
    clock: '打卡',
    who: '當前用戶：{name}',
    signIn: '請先登入',
  },
};
const query = new URLSearchParams(location.search);
const mode = query.get('mode') === 'orther' ? 'orther' : 'collect';
document.getElementById(mode === 'orther' ? 'clock-link' : 'collect-link').setAttribute('aria-current', 'page');

// This page carries its own texts (TEXT above): no language file is fetched.
PH.phinit({ code: 'face', appCode: 'base', env: 'production', device: 'pc', languagePack: {} });
const language = await PH.initLanguage();
const text = TEXT[language];
document.documentElement.lang = language;
document.title = text.title;
for (const node of document.querySelectorAll('[data-text]')) node.textContent = text[node.dataset.text];
for (const node of document.querySelectorAll('[data-label]')) node.setAttribute('aria-label', text[node.dataset.label]);
for (const link of document.querySelectorAll('.ways a')) {
  const url = new URL(link.href);
  url.searchParams.set('language', language);
  link.href = url.href;
}

const who = document.getElementById('who');
const me = await PH.fetchMe().catch(() => null);
const session = PH.stores.session.get();
if (!me || !session.userId) {
  const link = document.createElement('a');
  link.href = `/login?redirect_uri=${encodeURIComponent(location.href)}`;
  link.textContent = text.signIn;
  who.replaceChildren(link);
} else {
  who.textContent = text.who.replace('{name}', session.realName || session.loginName);
  const widget = document.createElement('ph-face');
  widget.setAttribute('mode', mode);
  if (mode === 'collect') widget.setAttribute('user-id', session.userId);
  document.getElementById('face-area').append(widget);
}
