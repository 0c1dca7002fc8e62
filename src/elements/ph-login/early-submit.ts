// A sign-in pressed before the element's script has taken over its server-rendered markup (ph-widgets/server) is kept,
// not lost: a small inline script sent right after the markup holds the form's submit (no native submission, which
// would put the password in the URL) and marks the button busy; when the component hydrates it takes the press (the
// button back as the server rendered it) and carries it out. Issue 36: the form takes a press from its first paint,
// as it takes typing.

/** What the inline script leaves on the host: takes the held press (true when there was one) and stops holding. */
interface HostWithEarlySubmit extends Element {
  phTakeEarlySubmit?: () => boolean;
}

/**
 * The inline script, sent as `<script>…</script>` as a child of `<ph-login>` right after its declarative shadow root
 * (its parent is the host, whose shadow root exists by then). ES5 on purpose: it runs before any polyfill.
 */
export const EARLY_SUBMIT_SCRIPT =
  '(function(s){var h=s&&s.parentNode,r=h&&h.shadowRoot,f=r&&r.querySelector("form"),b=f&&f.querySelector("button[type=submit]"),p=false;' +
  'if(!f)return;function k(e){e.preventDefault();p=true;if(b)b.setAttribute("aria-busy","true")}' +
  'f.addEventListener("submit",k);' +
  'h.phTakeEarlySubmit=function(){f.removeEventListener("submit",k);delete h.phTakeEarlySubmit;if(p&&b)b.setAttribute("aria-busy","false");var t=p;p=false;return t}' +
  '})(document.currentScript)';

/** The press the inline script held on `host`, if any; from here on the component handles every submit itself. */
export function takeEarlySubmit(host: Element | null): boolean {
  return (host as HostWithEarlySubmit | null)?.phTakeEarlySubmit?.() ?? false;
}
