// A sign-in pressed before the element's script has taken over its server-rendered markup (ph-widgets/server) is kept,
// not lost: a small inline script sent right after the markup holds the form's submit (no native submission, which
// would put the password in the URL) and marks the button busy; when the component hydrates it takes the press (the
// button back as the server rendered it) and carries it out. Issue 36: the form takes a press from its first paint,
// as it takes typing. So do the third-party sign-in buttons under it (issue 70: the login page paints before its
// scripts load): a press on one is held, the button marked busy, and the component carries it out when it runs.

/** What the inline script leaves on the host: each takes its held press and stops holding. */
interface HostWithEarlySubmit extends Element {
  /** True when the form was submitted. */
  phTakeEarlySubmit?: () => boolean;
  /** The index of the third-party sign-in button pressed last, or -1. */
  phTakeEarlyPlatform?: () => number;
}

/**
 * The inline script, sent as `<script>…</script>` as a child of `<ph-login>` right after its declarative shadow root
 * (its parent is the host, whose shadow root exists by then). ES5 on purpose: it runs before any polyfill.
 */
export const EARLY_SUBMIT_SCRIPT =
  '(function(s){var h=s&&s.parentNode,r=h&&h.shadowRoot,f=r&&r.querySelector("form"),b=f&&f.querySelector("button[type=submit]"),p=false;' +
  'if(!f)return;function k(e){e.preventDefault();p=true;if(b)b.setAttribute("aria-busy","true")}' +
  'f.addEventListener("submit",k);' +
  'h.phTakeEarlySubmit=function(){f.removeEventListener("submit",k);delete h.phTakeEarlySubmit;if(p&&b)b.setAttribute("aria-busy","false");var t=p;p=false;return t};' +
  'var l=r.querySelectorAll("button[part~=platform]"),q=-1;' +
  'function c(e){for(var i=0;l[i];i++)if(l[i].contains(e.target)){if(q>=0)l[q].removeAttribute("aria-busy");q=i;l[i].setAttribute("aria-busy","true")}}' +
  'r.addEventListener("click",c);' +
  'h.phTakeEarlyPlatform=function(){r.removeEventListener("click",c);delete h.phTakeEarlyPlatform;if(q>=0)l[q].removeAttribute("aria-busy");var t=q;q=-1;return t}' +
  '})(document.currentScript)';

/** The press the inline script held on `host`, if any; from here on the component handles every submit itself. */
export function takeEarlySubmit(host: Element | null): boolean {
  return (host as HostWithEarlySubmit | null)?.phTakeEarlySubmit?.() ?? false;
}

/** The third-party sign-in button pressed before the component ran (its index), or -1; from here on it handles them. */
export function takeEarlyPlatform(host: Element | null): number {
  return (host as HostWithEarlySubmit | null)?.phTakeEarlyPlatform?.() ?? -1;
}
