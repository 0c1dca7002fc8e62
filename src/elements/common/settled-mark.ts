import { useCallback, useEffect, useState } from 'react';

/** The attribute a component's host carries once its first data is in and it has the size it keeps (issue 36). */
export const SETTLED_ATTRIBUTE = 'data-ph-settled';

/**
 * Marks the host of the shadow root the returned ref's element is in (the custom element, or the `<div>` of
 * `ph-widgets/react`) with `data-ph-settled` while `settled` holds. A page hides what lies around the component until
 * then: a box that moves unpainted is no layout shift, and the page shows once, in place.
 */
export function useSettledMark(settled: boolean): (element: Element | null) => void {
  const [host, setHost] = useState<Element | null>(null);
  const ref = useCallback((element: Element | null) => {
    const root = element?.getRootNode();
    if (root instanceof ShadowRoot) setHost(root.host);
  }, []);
  useEffect(() => {
    host?.toggleAttribute(SETTLED_ATTRIBUTE, settled);
  }, [host, settled]);
  return ref;
}
