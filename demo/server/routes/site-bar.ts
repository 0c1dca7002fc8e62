import { LANGUAGE_NAMES, LANGUAGES } from '../../../src/core/i18n/language';
import { LOGIN_SHELL_STRINGS } from '../../../src/core/i18n/page-strings';
import { startTagAttributes } from '../prerender';
import { escapeHtml } from '../util/html';

// The top bar of the site's pages (the unit's name and a link to each language), written once, here: the server puts
// it into a page's HTML where the page says <!--#site-bar-->, so that every page has the same bar in the HTML it
// paints first (no script draws it). Its texts are zh-CN, the pages' own; site.js then names the unit and the bar in
// the language the widgets resolve, and points each link at the page's own address (updateLanguageLinks).

export const SITE_BAR_MARK = '<!--#site-bar-->';

/** The bar of a page whose unit is `unit` (the Chinese name, as <html data-unit> has it), indented by `indent`. */
export function siteBar(unit: string, indent = ''): string {
  const languages = LOGIN_SHELL_STRINGS['zh-CN']?.['page.languages'] ?? '';
  const links = LANGUAGES.map(
    (language) =>
      `<a href="?language=${language}" lang="${language}" hreflang="${language}">${LANGUAGE_NAMES[language]}</a>`,
  );
  return [
    '<header class="site-bar">',
    `  <span class="site-unit" data-unit-name>${escapeHtml(unit)}</span>`,
    `  <nav class="languages" aria-label="${escapeHtml(languages)}" data-label="page.languages">`,
    ...links.map((link) => `    ${link}`),
    '  </nav>',
    '</header>',
  ].join(`\n${indent}`);
}

/** The page with its bar where it asks for one; a page that does not is answered as it is. */
export function withSiteBar(html: string): string {
  if (!html.includes(SITE_BAR_MARK)) return html;
  const start = /<html\b((?:[^>"']|"[^"]*"|'[^']*')*)>/i.exec(html);
  const unit = startTagAttributes(start?.[1] ?? '')['data-unit'] ?? '';
  return html.replace(/(^[ \t]*)?<!--#site-bar-->/gm, (_mark, indent = '') => `${indent}${siteBar(unit, indent)}`);
}
