import {
  type ComponentType,
  type CSSProperties,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { StyleRoot } from './styles';
import { ensureToastHost } from './toast-host';

/** What a React app may set on the box a component renders in (`ph-widgets/react`). */
export interface HostProps {
  /** Class of the host `<div>` (layout only: the component's own styles live in its shadow root). */
  className?: string;
  /** Inline style of the host `<div>`. */
  style?: CSSProperties;
}

/**
 * A component of ours as a React component for apps (`ph-widgets/react`): rendered into an open shadow root of a
 * `<div data-ph-component="ph-…">`, so that it carries its stylesheets (adopted there, as in the element) and the
 * app's CSS and ours stay apart, in the app's own React tree (context, one React). The first one mounted adds the
 * notification toasts to the page, as an element module does.
 */
export function inShadowRoot<Props extends object>(tag: string, Component: ComponentType<Props>) {
  function Hosted({ className, style, ...props }: Props & HostProps) {
    const [root, setRoot] = useState<ShadowRoot | null>(null);
    // Inside another of ours (the header's voice button): rendered straight after it commits, before the browser
    // paints, or the header's icons would move when the button came a task later.
    const nested = useContext(StyleRoot) !== null;
    // StrictMode attaches the ref twice to the same div: a div has at most one shadow root. Otherwise the first render
    // is a transition (issue 70): an update made while React commits is rendered at once, in the same task, so the
    // shell's commit and the whole header's first render and effects made one long task.
    const host = useCallback(
      (div: HTMLDivElement | null) => {
        if (!div) return;
        const shadow = div.shadowRoot ?? div.attachShadow({ mode: 'open' });
        if (nested) setRoot(shadow);
        else startTransition(() => setRoot(shadow));
      },
      [nested],
    );
    useEffect(() => ensureToastHost(), []);
    return (
      <div ref={host} data-ph-component={tag} className={className} style={style}>
        {root
          ? createPortal(
              <StyleRoot.Provider value={root}>
                <Component {...(props as Props)} />
              </StyleRoot.Provider>,
              root,
            )
          : null}
      </div>
    );
  }
  Hosted.displayName = Component.displayName ?? Component.name;
  return Hosted;
}
