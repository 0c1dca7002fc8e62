import { Component, type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslate } from './prerender';

// A part of an element loaded on first render (the face widget's chunk, the classic script's lazy scripts). When its
// file cannot be fetched (a CDN or prefix that does not serve it, the network gone), the element says so in the
// page's language and offers a retry, instead of an uncaught error and an empty box (issue 53).

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const t = useTranslate();
  return (
    <p role="alert" part="load-error">
      {t('element.loadFailed')}{' '}
      <button type="button" part="load-retry" onClick={onRetry}>
        {t('element.loadRetry')}
      </button>
    </p>
  );
}

class LoadBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? <LoadFailed onRetry={this.props.onRetry} /> : this.props.children;
  }
}

/** The lazy component of a part, made anew by `retry` after a failure. */
interface LazyHolder<Props> {
  current: ComponentType<Props>;
  retry(): void;
}

function LazyPartView<Props extends object>({ holder, props }: { holder: LazyHolder<Props>; props: Props }) {
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    holder.retry();
    setAttempt((count) => count + 1);
  };
  const Part = holder.current;
  return (
    <LoadBoundary key={attempt} onRetry={retry}>
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    </LoadBoundary>
  );
}

/**
 * A component whose code `load` fetches on its first render. The fetch is shared by every instance; a failed one is
 * forgotten, so that a retry fetches again (React keeps a lazy component's failure, hence a new one per retry).
 */
export function lazyPart<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  let pending: Promise<{ default: ComponentType<Props> }> | undefined;
  const loadOnce = () => {
    pending ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const holder: LazyHolder<Props> = {
    current: lazy(loadOnce),
    retry() {
      holder.current = lazy(loadOnce);
    },
  };
  return (props: Props) => <LazyPartView holder={holder} props={props} />;
}
