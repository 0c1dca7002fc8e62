// The four landing pages of §2 until the shell arrives: who is signed in (from `me`), a parent's children, and a
// sign-out button with the logout confirmation (§2 Dialogs) in a <ph-modal>. A classic script after
// /dist/ph-widgets.js and /shared/site.js; the page passes code, appCode, device and kind as data-* on this script.
// Server data is written with textContent only.
(() => {
  const TEXT = {
    'zh-CN': {
      desktop: '学校桌面',
      areaDesktop: '区域桌面',
      checking: '正在确认登录状态…',
      leaving: '未登录，正在前往登录页…',
      noWidgets: '页面组件未加载（/dist/ph-widgets.js），请先构建。',
      welcome: '欢迎您',
      realName: '姓名',
      loginName: '账号',
      userType: '身份',
      unitName: '单位',
      children: '我的孩子',
      noChildren: '暂无关联的孩子',
      current: '当前',
      grade: '年级',
      className: '班级',
      logout: '退出登录',
      logoutTitle: '提示',
      logoutQuestion: '您确认要退出吗？',
      cancel: '取消',
      ok: '确定',
      type1: '学生',
      type2: '教师',
      type3: '家长',
      type4: '职员',
      typeOther: '用户',
    },
    en: {
      desktop: 'School desktop',
      areaDesktop: 'District desktop',
      checking: 'Checking your sign-in…',
      leaving: 'Not signed in, going to the sign-in page…',
      noWidgets: 'The page widgets are not loaded (/dist/ph-widgets.js); build them first.',
      welcome: 'Welcome',
      realName: 'Name',
      loginName: 'Account',
      userType: 'Role',
      unitName: 'Unit',
      children: 'My children',
      noChildren: 'No linked children',
      current: 'Current',
      grade: 'Grade',
      className: 'Class',
      logout: 'Sign out',
      logoutTitle: 'Sign out',
      logoutQuestion: 'Are you sure you want to log out?',
      cancel: 'Cancel',
      ok: 'OK',
      type1: 'Student',
      type2: 'Teacher',
      type3: 'Parent',
      type4: 'Staff',
      typeOther: 'User',
    },
    'zh-HK': {
      desktop: '學校桌面',
      areaDesktop: '區域桌面',
      checking: '正在確認登錄狀態…',
      leaving: '未登錄，正在前往登錄頁…',
      noWidgets: '頁面組件未載入（/dist/ph-widgets.js），請先構建。',
      welcome: '歡迎您',
      realName: '姓名',
      loginName: '賬號',
      userType: '身份',
      unitName: '單位',
      children: '我的孩子',
      noChildren: '暫無關聯的孩子',
      current: '當前',
      grade: '年級',
      className: '班級',
      logout: '登出',
      logoutTitle: '提示',
      logoutQuestion: '您確認要退出嗎？',
      cancel: '取消',
      ok: '確定',
      type1: '學生',
      type2: '教師',
      type3: '家長',
      type4: '職員',
      typeOther: '用戶',
    },
  };
  const PARENT = 3;

  const options = { ...(document.currentScript ? document.currentScript.dataset : {}) };
  const kind = options.kind === 'areaDesktop' ? 'areaDesktop' : 'desktop';
  const byId = (id) => document.getElementById(id);
  let text = TEXT['zh-CN'];
  let language = 'zh-CN';

  const setText = (id, value) => {
    const node = byId(id);
    if (node) node.textContent = value;
  };

  function typeName(userType) {
    const key = `type${Number(userType)}`;
    return Object.hasOwn(text, key) ? text[key] : `${text.typeOther} ${userType}`;
  }

  function unitName(session) {
    return language === 'en' && session.unitEnName ? session.unitEnName : session.unitName;
  }

  /** One <li> per child: name, grade and class in their own spans; the current child is marked. */
  function renderChildren(session) {
    const section = byId('children-section');
    const list = byId('children');
    if (!section || !list) return;
    const isParent = Number(session.userType) === PARENT;
    section.hidden = !isParent;
    list.replaceChildren();
    if (!isParent) return;
    const children = Array.isArray(session.chirdenList) ? session.chirdenList : [];
    const currentId = session.currentChirden ? session.currentChirden.id : session.chirdenId;
    for (const child of children) {
      const item = document.createElement('li');
      item.dataset.childId = String(child.id);
      const parts = [
        ['child-name', child.realName, ''],
        ['child-grade', child.gradeName, text.grade],
        ['child-class', child.className, text.className],
      ];
      for (const [className, value, label] of parts) {
        const span = document.createElement('span');
        span.className = className;
        span.textContent = value == null ? '' : String(value);
        if (label) span.title = label;
        item.append(span);
      }
      if (child.id === currentId) {
        item.setAttribute('aria-current', 'true');
        const badge = document.createElement('span');
        badge.className = 'child-current';
        badge.textContent = text.current;
        item.append(badge);
      }
      list.append(item);
    }
    setText('children-empty', children.length ? '' : text.noChildren);
    const empty = byId('children-empty');
    if (empty) empty.hidden = children.length > 0;
  }

  function renderSession(session) {
    setText('real-name', session.realName);
    setText('login-name', session.loginName);
    setText('user-type', typeName(session.userType));
    setText('unit-name', unitName(session));
    setText('header-unit', unitName(session));
    setText('welcome-name', session.realName);
    document.title = `${text[kind]} · ${unitName(session)}`;
    renderChildren(session);
    const who = byId('who');
    if (who) who.hidden = false;
    const status = byId('status');
    if (status) status.hidden = true;
  }

  function wireLogout(ph) {
    const modal = byId('logout-confirm');
    const open = byId('logout');
    const cancel = byId('logout-cancel');
    const confirm = byId('logout-ok');
    if (!modal || !open || !cancel || !confirm) return;
    open.addEventListener('click', () => {
      modal.open = true;
    });
    cancel.addEventListener('click', () => {
      modal.open = false;
    });
    confirm.addEventListener('click', async () => {
      confirm.disabled = true;
      cancel.disabled = true;
      confirm.setAttribute('aria-busy', 'true');
      try {
        await ph.logout();
      } finally {
        location.assign('/login');
      }
    });
  }

  async function start() {
    const ph = window.PH;
    language = PHSite.queryLanguage();
    text = TEXT[language];
    if (!ph) {
      PHSite.render(TEXT, language);
      setText('status', text.noWidgets);
      return;
    }
    ph.phinit({
      code: options.code || kind,
      appCode: options.appCode || 'base',
      env: 'production',
      device: options.device || 'pc',
      appPath: location.pathname.split('/').slice(0, 3).join('/'),
      languagePack: {},
    });
    ph.stores.loginStatus.subscribe((status) => {
      document.body.dataset.loginStatus = status;
    });
    language = PHSite.normalize(await ph.initLanguage());
    text = TEXT[language];
    PHSite.render(TEXT, language);
    document.title = text[kind];
    setText('page-title', text[kind]);
    wireLogout(ph);

    const me = await ph.fetchMe();
    if (!me) {
      // §8: a failed login outside the login page goes to /login with redirect_uri.
      setText('status', text.leaving);
      location.assign(`/login?redirect_uri=${encodeURIComponent(location.href)}`);
      return;
    }
    // Also later changes (a parent's current child); not the emptied session of a logout on its way out.
    ph.stores.session.subscribe((session) => {
      if (ph.stores.loginStatus.get() === 'in' && session.loginName) renderSession(session);
    });
  }

  window.PHLanding = { TEXT };
  start();
})();
