import { waitUntil } from './wait';
export type ModalElement = HTMLElementTagNameMap['ph-modal'];

/** A region of a ph-modal's shadow DOM by its part name. */
export function part(modal: HTMLElement, name: string): HTMLElement {
  const found = modal.shadowRoot?.querySelector<HTMLElement>(`[part~="${name}"]`);
  if (!found) throw new Error(`ph-modal has no visible part "${name}"`);
  return found;
}

export function isShown(modal: HTMLElement): boolean {
  return Boolean(modal.shadowRoot?.querySelector('[part~="dialog"]'));
}

export async function waitShown(modal: HTMLElement): Promise<void> {
  await waitUntil(() => isShown(modal) && part(modal, 'mask').classList.contains('shown'), 'modal did not open');
}

/**
 * Opening fades the mask in (where a test turns the fade on): colours (axe's contrast check) are read once that fade has finished, not
 * half-way through it (seen in CI: the body's text at 1.57:1 while it was still fading in).
 */
export async function waitFadedIn(modal: HTMLElement): Promise<void> {
  await waitShown(modal);
  await Promise.all(
    part(modal, 'mask')
      .getAnimations()
      .map((animation) => animation.finished),
  );
}

/** The dialog leaves the DOM once its fade-out (none on the test page) has finished. */
export async function waitHidden(modal: HTMLElement): Promise<void> {
  await waitUntil(() => !isShown(modal), 'modal did not close');
}

export function zIndexOf(modal: HTMLElement): number {
  return Number(getComputedStyle(part(modal, 'mask')).zIndex);
}

export function rectOf(modal: HTMLElement): DOMRect {
  return part(modal, 'dialog').getBoundingClientRect();
}

/**
 * Resolves once an event of `type` has bubbled to `target`: the listeners on its way (React's, at its root) and those
 * added to `target` before this call (the dialog's own, added when it opened) have run. What they did not do on it,
 * they will not do.
 */
export function afterListeners(target: EventTarget, type: string): Promise<void> {
  return new Promise((resolve) => target.addEventListener(type, () => resolve(), { once: true }));
}
