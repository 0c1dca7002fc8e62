import { $config } from '../config/phinit';

// Where the classic script (`ph-widgets.js`) lies, so that the files it loads later — its lazy scripts, workers,
// worklet, face detector files, all beside it — are found however a platform loaded it (issue 53): a <script> tag,
// an inserted script, RequireJS, or jQuery's `$.getScript`, which fetches same-origin scripts by XHR and evaluates
// them, so that no element and no `document.currentScript` names it. `<base href>` plays no part: the page's own
// address is the last resort, never document.baseURI.

/** The classic script's file name, as copied from dist/ (a `.min` or a version query may be added by a CDN). */
const CLASSIC_BUNDLE = /\/ph-widgets(?:\.min)?\.js(?:[?#]|$)/;

/** What the browser tells of where the classic script came from; every address absolute. */
export interface ScriptBaseClues {
  /** phinit's `assetsBase`: the platform's word, above every guess. */
  assetsBase?: string;
  /** `document.currentScript.src`, read while the script ran ('' for an evaluated script). */
  currentScript: string;
  /** The `src` of every <script> on the page, in document order. */
  scripts: readonly string[];
  /** The URLs the page has fetched (resource timing): an XHR-evaluated script is among them. */
  fetched: readonly string[];
  /** The page's own address. */
  pageHref: string;
}

/** The folder (ending in `/`) the classic script's own files are read from. */
export function classicScriptBase(clues: ScriptBaseClues): string {
  if (clues.assetsBase) {
    const folder = new URL(clues.assetsBase, clues.pageHref).href;
    return folder.endsWith('/') ? folder : `${folder}/`;
  }
  const source =
    clues.currentScript ||
    clues.scripts.findLast((src) => CLASSIC_BUNDLE.test(src)) ||
    clues.fetched.findLast((url) => CLASSIC_BUNDLE.test(url)) ||
    clues.pageHref;
  return new URL('./', source).href;
}

/** The clues this page gives now; `currentScript` is the one read while the classic script ran. */
function cluesNow(currentScript: string): ScriptBaseClues {
  const fetched =
    typeof performance !== 'undefined' && typeof performance.getEntriesByType === 'function'
      ? performance.getEntriesByType('resource').map((entry) => entry.name)
      : [];
  return {
    assetsBase: $config.get()?.assetsBase,
    currentScript,
    scripts: Array.from(document.scripts, (script) => script.src).filter(Boolean),
    fetched,
    pageHref: location.href,
  };
}

/**
 * The address of `fileName` beside the classic script. `currentScript` is `document.currentScript.src` as read when
 * the calling script ran: the classic bundle itself, or a lazy script it added (whose tag names it exactly).
 */
export function classicAssetUrl(fileName: string, currentScript: string): string {
  return new URL(fileName, classicScriptBase(cluesNow(currentScript))).href;
}
