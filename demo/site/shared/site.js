// Shared by every page of the demo site (a classic script, so legacy and ES-module pages both load it): the text
// tables of the login-side pages in zh-CN, en and zh-HK, the [data-text] renderer and the language links.
// Everything is written with textContent or attributes, never as HTML.
(() => {
  const LANGUAGES = ['zh-CN', 'en', 'zh-HK'];

  const COMMON = {
    'zh-CN': {
      unit: '示范实验学校',
      languages: '语言',
      footer: '© 2026 示范实验学校 版权所有 · 统一身份认证平台',
    },
    en: {
      unit: 'Demo Experimental School',
      languages: 'Language',
      footer: '© 2026 Demo Experimental School · Unified sign-in',
    },
    'zh-HK': {
      unit: '示範實驗學校',
      languages: '語言',
      footer: '© 2026 示範實驗學校 版權所有 · 統一身份認證平台',
    },
  };

  const texts = {
    login: {
      'zh-CN': {
        title: '示范实验学校 统一身份认证',
        service: '统一身份认证',
        intro: '请使用学校分配的账号登录',
        platformQy: '企业微信',
        platformMp: '微信',
      },
      en: {
        title: 'Demo Experimental School sign-in',
        service: 'Sign-in',
        intro: 'Sign in with the account your school gave you',
        platformQy: 'WeCom',
        platformMp: 'WeChat',
      },
      'zh-HK': {
        title: '示範實驗學校 統一身份認證',
        service: '統一身份認證',
        intro: '請使用學校分配的賬號登錄',
        platformQy: '企業微信',
        platformMp: '微信',
      },
    },
    relogin: {
      'zh-CN': {
        title: '重新登录 · 示范实验学校',
        service: '重新登录',
        expired: '登录已失效，请重新登录',
      },
      en: {
        title: 'Sign in again · Demo Experimental School',
        service: 'Sign in again',
        expired: 'Your session has ended. Please sign in again.',
      },
      'zh-HK': {
        title: '重新登錄 · 示範實驗學校',
        service: '重新登錄',
        expired: '登錄已失效，請重新登錄',
      },
    },
    forget: {
      'zh-CN': {
        title: '忘记密码 · 示范实验学校',
        heading: '忘记密码',
        lead: '为了账号安全，密码只能由学校管理员重置。',
        step1: '联系学校管理员（信息中心或教务处），说明您的姓名和账号。',
        step2: '管理员核实身份后为您重置密码，并告知临时密码。',
        step3: '使用临时密码登录后，请立即在个人设置中修改为只有您知道的新密码。',
        note: '家长账号请联系孩子的班主任。',
        back: '返回登录',
      },
      en: {
        title: 'Forgot password · Demo Experimental School',
        heading: 'Forgot your password?',
        lead: 'To keep accounts safe, only the school administrator can reset a password.',
        step1: 'Contact the school administrator (IT office or academic affairs office) with your name and account.',
        step2: 'Once they have checked who you are, they reset the password and give you a temporary one.',
        step3: 'Sign in with the temporary password, then change it in your settings to one only you know.',
        note: "Parents: please contact your child's class teacher.",
        back: 'Back to sign-in',
      },
      'zh-HK': {
        title: '忘記密碼 · 示範實驗學校',
        heading: '忘記密碼',
        lead: '為了賬號安全，密碼只能由學校管理員重設。',
        step1: '聯絡學校管理員（資訊中心或教務處），說明您的姓名和賬號。',
        step2: '管理員核實身份後為您重設密碼，並告知臨時密碼。',
        step3: '使用臨時密碼登錄後，請立即在個人設定中修改為只有您知道的新密碼。',
        note: '家長賬號請聯絡孩子的班主任。',
        back: '返回登錄',
      },
    },
    bind: {
      'zh-CN': {
        title: '绑定账号 · 示范实验学校',
        heading: '绑定学校账号',
        lead: '此第三方账号尚未绑定学校账号。请输入学校账号和密码完成绑定，以后即可直接登录。',
        username: '账号',
        password: '密码',
        submit: '绑定并登录',
        busy: '正在绑定…',
        back: '返回登录',
        usernameEmpty: '用户名不能为空！',
        passwordEmpty: '密码不能为空！',
        missingId: '缺少绑定参数，请返回登录页重新进行第三方登录。',
        failed: '绑定失败，请稍后再试',
        done: '绑定成功',
      },
      en: {
        title: 'Link account · Demo Experimental School',
        heading: 'Link your school account',
        lead: 'This sign-in is not linked to a school account yet. Enter your school account and password to link it; next time you sign in directly.',
        username: 'Account',
        password: 'Password',
        submit: 'Link and sign in',
        busy: 'Linking…',
        back: 'Back to sign-in',
        usernameEmpty: 'User name cannot be empty!',
        passwordEmpty: 'Password cannot be empty!',
        missingId: 'The link request is missing. Go back to the sign-in page and start the sign-in again.',
        failed: 'Linking failed, please try again later',
        done: 'Account linked',
      },
      'zh-HK': {
        title: '綁定賬號 · 示範實驗學校',
        heading: '綁定學校賬號',
        lead: '此第三方賬號尚未綁定學校賬號。請輸入學校賬號和密碼完成綁定，以後即可直接登錄。',
        username: '賬號',
        password: '密碼',
        submit: '綁定並登錄',
        busy: '正在綁定…',
        back: '返回登錄',
        usernameEmpty: '用戶名不能為空！',
        passwordEmpty: '密碼不能為空！',
        missingId: '缺少綁定參數，請返回登錄頁重新進行第三方登錄。',
        failed: '綁定失敗，請稍後再試',
        done: '綁定成功',
      },
    },
  };

  const normalize = (language) => (LANGUAGES.includes(language) ? language : 'zh-CN');

  /** The language last rendered; until then the query's. */
  let current = '';

  /** The language of the query when the widgets are not there to resolve it (the page still reads right). */
  const queryLanguage = () => normalize(new URLSearchParams(location.search).get('language'));

  /** One language of a table (a page name of `texts` or a table of its own), with the common texts under it. */
  function textFor(table, language) {
    const lang = normalize(language);
    const own = typeof table === 'string' ? texts[table] : table;
    return { ...COMMON[lang], ...(own ? own[lang] : {}) };
  }

  /** The language links keep the rest of the query (redirect_uri, client_id) and mark the current language. */
  function updateLanguageLinks(language) {
    for (const link of document.querySelectorAll('.languages a[lang]')) {
      const url = new URL(location.href);
      url.searchParams.set('language', link.lang);
      link.href = url.pathname + url.search + url.hash;
      if (link.lang === language) link.setAttribute('aria-current', 'true');
      else link.removeAttribute('aria-current');
    }
  }

  /** Writes every [data-text] (textContent), [data-label] (aria-label) and the title; returns the texts. */
  function render(table, language) {
    const lang = normalize(language);
    const text = textFor(table, lang);
    current = lang;
    document.documentElement.lang = lang;
    if (text.title) document.title = text.title;
    for (const node of document.querySelectorAll('[data-text]')) {
      const value = text[node.dataset.text];
      if (typeof value === 'string') node.textContent = value;
    }
    for (const node of document.querySelectorAll('[data-label]')) {
      const value = text[node.dataset.label];
      if (typeof value === 'string') node.setAttribute('aria-label', value);
    }
    for (const login of document.querySelectorAll('ph-login[platforms]')) {
      let platforms;
      try {
        platforms = JSON.parse(login.getAttribute('platforms') || '[]');
      } catch {
        continue;
      }
      if (!Array.isArray(platforms)) continue;
      const named = platforms.map((entry) => {
        const key = `platform${String(entry.provider).charAt(0).toUpperCase()}${String(entry.provider).slice(1)}`;
        return typeof text[key] === 'string' ? { ...entry, name: text[key] } : entry;
      });
      const value = JSON.stringify(named);
      if (value !== login.getAttribute('platforms')) login.setAttribute('platforms', value);
    }
    updateLanguageLinks(lang);
    return text;
  }

  /** A language link stores the choice (`lange_`, for the next pages) before it follows the link. */
  function onLanguageClick(event) {
    const link = event.target instanceof Element ? event.target.closest('.languages a[lang]') : null;
    if (!link || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const ph = window.PH;
    if (!ph) return;
    event.preventDefault();
    const go = () => location.assign(link.href);
    try {
      ph.setLanguage(link.lang).then(go, go);
    } catch {
      go();
    }
  }

  document.addEventListener('click', onLanguageClick);
  document.addEventListener('DOMContentLoaded', () => updateLanguageLinks(current || queryLanguage()));

  window.PHSite = { LANGUAGES, texts, textFor, render, queryLanguage, normalize };
})();
