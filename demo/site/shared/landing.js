// The four landing pages of §2 until the shell arrives: who is signed in (from `me`), a parent's children, and a
// sign-out button with the logout confirmation (§2 Dialogs) in a <ph-modal>. A classic script after
// /dist/ph-widgets.js and /shared/site.js; the page passes code, appCode, device and kind as data-* on this script.
// Texts come from the widgets (PH.t through PHSite.text); server data is written with textContent only.
(() => {
  const PARENT = 3;

  const options = { ...(document.currentScript ? document.currentScript.dataset : {}) };
  const kind = options.kind === 'areaDesktop' ? 'areaDesktop' : 'desktop';
  const byId = (id) => document.getElementById(id);
  const text = (key, params) => PHSite.text(`page.landing.${key}`, params);

  const setText = (id, value) => {
    const node = byId(id);
    if (node) node.textContent = value;
  };

  function typeName(userType) {
    const key = `page.userType.${Number(userType)}`;
    const name = PHSite.text(key);
    return name === key ? PHSite.text('page.userType.other', { type: userType }) : name;
  }

  function unitName(session) {
    return window.PH.stores.language.get() === 'en' && session.unitEnName ? session.unitEnName : session.unitName;
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
        ['child-grade', child.gradeName, text('grade')],
        ['child-class', child.className, text('className')],
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
        badge.textContent = text('current');
        item.append(badge);
      }
      list.append(item);
    }
    setText('children-empty', children.length ? '' : text('noChildren'));
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
    document.title = `${text(kind)} · ${unitName(session)}`;
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
    if (!ph) {
      // Without the widgets there are no texts to read: the page says so in both languages (its HTML).
      const missing = byId('no-widgets');
      if (missing) missing.hidden = false;
      const status = byId('status');
      if (status) status.hidden = true;
      return;
    }
    ph.stores.loginStatus.subscribe((status) => {
      document.body.dataset.loginStatus = status;
    });
    await PHSite.start({
      code: options.code || kind,
      appCode: options.appCode || 'base',
      env: 'production',
      device: options.device || 'pc',
      appPath: location.pathname.split('/').slice(0, 3).join('/'),
      languagePack: {},
    });
    document.title = text(kind);
    wireLogout(ph);

    const me = await ph.fetchMe();
    if (!me) {
      // §8: a failed login outside the login page goes to /login with redirect_uri (the re-login page in a desktop
      // client, §2).
      setText('status', text('leaving'));
      location.assign(ph.loginPageUrl());
      return;
    }
    // Also later changes (a parent's current child); not the emptied session of a logout on its way out.
    ph.stores.session.subscribe((session) => {
      if (ph.stores.loginStatus.get() === 'in' && session.loginName) renderSession(session);
    });
  }

  start();
})();
