import { createElement, type ReactElement, type ReactNode, startTransition, useLayoutEffect } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import type { ElementProps } from './element-tree';
import { prerenderedStyle } from './prerender';

// Markup a server rendered into an element's shadow root (ph-widgets/server) is hydrated as a transition: React works
// through it in slices of a few milliseconds and the browser handles input between them, so a key pressed while the
// page's scripts start lands at once instead of after the whole hydration. Two things keep React from undoing that:
// typing in the markup is kept from React until it has hydrated (React would otherwise finish hydrating before it
// handles the key), and props that change meanwhile wait for the end (React replaces markup it is given new props
// for before it has hydrated). The form adopts what was typed when it comes alive, as it does for typing before the
// scripts ran.

/**
 * What typing dispatches that React, seeing it on markup it has not hydrated, would hydrate synchronously first. The
 * browser applies each natively; the form reads the result when it comes alive.
 */
export const TYPING_EVENTS = [
  'keydown',
  'keypress',
  'keyup',
  'textInput',
  'input',
  'compositionstart',
  'compositionend',
  'cut',
  'paste',
] as const;

/**
 * Until the returned release is called, typing inside `host`'s shadow root stops at the host (a capture listener: it
 * runs before React's on the shadow root). The browser still applies it; the page's own capture listeners still see it.
 */
export function holdTyping(host: Element): () => void {
  const stop = (event: Event) => event.stopPropagation();
  for (const type of TYPING_EVENTS) host.addEventListener(type, stop, true);
  return () => {
    for (const type of TYPING_EVENTS) host.removeEventListener(type, stop, true);
  };
}

/** Calls `onCommit` when it first commits. No markup of its own, so the server's markup hydrates under it unchanged. */
function FirstCommit({ onCommit, children }: { onCommit: () => void; children?: ReactNode }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the hydration commits
  useLayoutEffect(onCommit, []);
  return children;
}

/** A React root in an element's shadow root, as r2wc's renderer drives it. */
export interface ElementRoot {
  render(props: ElementProps): void;
  unmount(): void;
}

const sameProps = (a: ElementProps, b: ElementProps) => {
  const keys = Object.keys(a) as (keyof ElementProps)[];
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
};

/**
 * Hydrates the server's markup in `shadow` with `tree(props)` as a transition (see above). When it commits, the
 * server's stylesheet copy goes (the component has adopted the same sheets by then) and props given meanwhile render.
 */
export function hydratingRoot(
  shadow: ShadowRoot,
  tree: (props: ElementProps) => ReactElement,
  props: ElementProps,
): ElementRoot {
  const release = holdTyping(shadow.host);
  // r2wc hands the same props object every time and changes it in place: keep what hydration renders.
  const hydratedWith = { ...props };
  let hydrated = false;
  let latest: ElementProps | null = null;
  let root: Root | undefined;
  const onCommit = () => {
    hydrated = true;
    release();
    prerenderedStyle(shadow)?.remove();
    if (latest && !sameProps(latest, hydratedWith)) root?.render(wrap(latest));
    latest = null;
  };
  const wrap = (next: ElementProps) => createElement(FirstCommit, { onCommit }, tree(next));
  startTransition(() => {
    // React types its container as an element or document; a shadow root works as one.
    root = hydrateRoot(shadow as unknown as Element, wrap(props));
  });
  return {
    render(next) {
      if (hydrated) root?.render(wrap(next));
      else latest = { ...next };
    },
    unmount() {
      release();
      root?.unmount();
    },
  };
}
