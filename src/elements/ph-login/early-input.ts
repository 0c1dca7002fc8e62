/** What a visitor typed into the page's own fields inside `<ph-login>` before the element showed its form. */
export interface EarlyInput {
  username: string;
  password: string;
  /** The field that had the caret, which the form's own field takes over. */
  focus: 'username' | 'password' | null;
}

/**
 * A login page may put plain fields inside `<ph-login>` (`[data-ph-early]` holding `input[name=username]` and
 * `input[name=password]`), so that typing starts as soon as the page is parsed instead of when the widgets have run.
 * When the element renders (its shadow root hides them) it takes what was typed, and where the caret was, and removes
 * them: nothing typed is lost, and no password stays behind in the page.
 */
export function takeEarlyInput(host: HTMLElement | null): EarlyInput {
  if (!host) return { username: '', password: '', focus: null };
  const field = (name: string) => host.querySelector<HTMLInputElement>(`[data-ph-early] input[name="${name}"]`);
  const username = field('username');
  const password = field('password');
  const active = document.activeElement;
  const taken: EarlyInput = {
    username: username?.value ?? '',
    password: password?.value ?? '',
    focus: active && active === username ? 'username' : active && active === password ? 'password' : null,
  };
  for (const early of host.querySelectorAll('[data-ph-early]')) early.remove();
  return taken;
}
