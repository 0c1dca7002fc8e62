// Keyboard focus inside a dialog whose content may be slotted from the page (light DOM) or rendered by React.

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [contenteditable="true"], [tabindex]';

function isTabbable(element: Element): element is HTMLElement {
  if (!(element instanceof HTMLElement) || !element.matches(FOCUSABLE) || element.tabIndex < 0) return false;
  return element.getClientRects().length > 0;
}

/** The elements Tab visits inside `root`, in order, following slots into what the page assigned to them. */
export function tabbablesWithin(root: Element): HTMLElement[] {
  const found: HTMLElement[] = [];
  const visit = (node: Element) => {
    if (isTabbable(node)) found.push(node);
    const children = node instanceof HTMLSlotElement ? node.assignedElements({ flatten: true }) : [...node.children];
    for (const child of children) visit(child);
  };
  for (const child of root.children) visit(child);
  return found;
}
