// Shared by every page of the demo site (a classic script, so legacy and ES-module pages both load it): renders the
// page's texts from the widgets (`PH.t` over core's page tables, in the language the widgets resolved), the unit's
// name and the language links the page offers. Everything is written with textContent or attributes, never as HTML.
// The HTML carries the zh-CN texts, so a page whose widgets did not load still reads.
(() => {
  const html = document.documentElement;

  /**
   * The unit's name in a language: `data-unit` (Chinese) and `data-unit-en` on <html>, as the unit data has them; zh-HK
   * reads the Chinese in Hong Kong forms once the widgets' converter has loaded (issue 69).
   */
  function unitName(language) {
    const chinese = html.dataset.unit || '';
    if (language === 'en') return html.dataset.unitEn || chinese;
    return language === 'zh-HK' && window.PH?.toHongKong ? window.PH.toHongKong(chinese) : chinese;
  }

  function currentLanguage() {
    return window.PH ? window.PH.stores.language.get() : html.lang;
  }

  /** A page text in the widgets' language, with the unit and the year filled in. */
  function text(key, params) {
    return window.PH.t(key, { unit: unitName(currentLanguage()), year: new Date().getFullYear(), ...params });
  }

  /** The links of the languages the page offers keep the rest of the query (redirect_uri, client_id). */
  function updateLanguageLinks(language, offered) {
    for (const link of document.querySelectorAll('.languages a[lang]')) {
      if (offered && !offered.includes(link.lang)) {
        link.remove();
        continue;
      }
      const url = new URL(location.href);
      url.searchParams.set('language', link.lang);
      // The parsed URL's own href (issue 67): a path rebuilt from its parts turns `/.//evil.example/x` into the
      // protocol-relative `//evil.example/x`, another site.
      link.href = url.href;
      if (link.lang === language) link.setAttribute('aria-current', 'true');
      else link.removeAttribute('aria-current');
    }
  }

  /** Links back to the login page ([data-keeps-language]) ask for the language this page shows (issue 55). */
  function keepLanguage(language) {
    for (const link of document.querySelectorAll('a[data-keeps-language]')) {
      const url = new URL(link.getAttribute('href') || '', location.href);
      if (url.origin !== location.origin) continue;
      url.searchParams.set('language', language);
      link.setAttribute('href', url.href);
    }
  }

  /** Platform names of <ph-login platforms> in the page language (`page.platform.<provider>`). */
  function namePlatforms() {
    for (const login of document.querySelectorAll('ph-login[platforms]')) {
      let platforms;
      try {
        platforms = JSON.parse(login.getAttribute('platforms') || '[]');
      } catch {
        continue;
      }
      if (!Array.isArray(platforms)) continue;
      const named = platforms.map((entry) => {
        const key = `page.platform.${entry.provider}`;
        const name = text(key);
        return name === key ? entry : { ...entry, name };
      });
      const value = JSON.stringify(named);
      if (value !== login.getAttribute('platforms')) login.setAttribute('platforms', value);
    }
  }

  /** A text the node already shows is left alone: writing it again would lay the page's text out anew. */
  function setText(node, value) {
    if (node.textContent !== value) node.textContent = value;
  }

  /**
   * Writes every [data-text] (textContent; `<title>` too), [data-label] (aria-label) and [data-unit-name], names
   * the platforms, keeps the offered language links and gives the links back to the login page the language.
   */
  function render(offered) {
    const language = currentLanguage();
    html.lang = language;
    for (const node of document.querySelectorAll('[data-text]')) setText(node, text(node.dataset.text));
    for (const node of document.querySelectorAll('[data-label]'))
      node.setAttribute('aria-label', text(node.dataset.label));
    for (const node of document.querySelectorAll('[data-unit-name]')) setText(node, unitName(language));
    namePlatforms();
    updateLanguageLinks(language, offered);
    keepLanguage(language);
  }

  /**
   * phinit with the page's options, the language of §9, then the texts; again when zh-HK's converter has loaded (the
   * unit's name and the window title in Hong Kong forms). Resolves the configuration.
   */
  async function start(options) {
    const config = window.PH.phinit(options);
    offeredLanguages = config.languages;
    try {
      await window.PH.initLanguage();
    } finally {
      render(config.languages);
      window.PH.stores.hongKong?.listen(() => render(config.languages));
    }
    return config;
  }

  /** The languages the page offers, once `start` has configured it. */
  let offeredLanguages;
  /** The field of a form on the page that last had the focus (inside <ph-login>'s shadow root too). */
  let lastField = null;

  function onFocusIn(event) {
    const target = event.composedPath()[0];
    if (target instanceof HTMLInputElement && target.type !== 'checkbox') lastField = target;
  }

  /** After a language change: back to the field the user was in, else the form's first empty field. */
  function focusField() {
    if (lastField?.isConnected) {
      lastField.focus();
      return;
    }
    const login = document.querySelector('ph-login');
    const root = login?.shadowRoot ?? document;
    const fields = [
      ...root.querySelectorAll('[part~="input"], form input:not([type="checkbox"]):not([type="hidden"])'),
    ];
    const empty = fields.find((input) => !input.value);
    (empty ?? fields[0])?.focus();
  }

  /**
   * A language link switches the page in place (issue 69: following it reloaded the page, which lost what was typed
   * and left no field focused): the choice is stored (`lange_`, for the next pages), every text and element follows
   * the language, the address says it, and page scripts hear `ph-site-language`. Without the widgets it is a link.
   */
  function onLanguageClick(event) {
    const link = event.target instanceof Element ? event.target.closest('.languages a[lang]') : null;
    if (!link || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const ph = window.PH;
    if (!ph) return;
    event.preventDefault();
    const go = () => location.assign(link.href);
    const switched = () => {
      const url = new URL(link.href);
      history.replaceState(history.state, '', url.href);
      render(offeredLanguages);
      document.dispatchEvent(new CustomEvent('ph-site-language'));
      focusField();
    };
    try {
      ph.setLanguage(link.lang).then(switched, go);
    } catch {
      go();
    }
  }

  document.addEventListener('click', onLanguageClick);
  document.addEventListener('focusin', onFocusIn);
  document.addEventListener('DOMContentLoaded', () => updateLanguageLinks(currentLanguage()));

  window.PHSite = { render, start, text, unitName };
})();
