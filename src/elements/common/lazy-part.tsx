import { Component, type ComponentType, type ReactNode, useEffect, useState } from 'react';
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

/** A part's code: the component once loaded, and the one shared fetch of it (forgotten when it fails). */
interface PartLoader<Props> {
  loaded?: ComponentType<Props>;
  load(): Promise<ComponentType<Props>>;
}

function LazyPartView<Props extends object>({ loader, props }: { loader: PartLoader<Props>; props: Props }) {
  const [part, setPart] = useState(() => loader.loaded);
  const [failed, setFailed] = useState(false);
  // A new boundary for each retry: one that caught a failure keeps showing it.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (part || failed) return;
    let live = true;
    loader.load().then(
      (component) => live && setPart(() => component),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [loader, part, failed]);
  const retry = () => {
    setFailed(false);
    setAttempt((count) => count + 1);
  };
  if (failed) return <LoadFailed onRetry={retry} />;
  if (!part) return null;
  const Part = part;
  return (
    <LoadBoundary key={attempt} onRetry={retry}>
      <Part {...props} />
    </LoadBoundary>
  );
}

/**
 * A component whose code `load` fetches on its first render. The fetch is shared by every instance; a failed one is
 * forgotten, so that a retry fetches again. Not React.lazy: React holds back what a Suspense boundary reveals for up
 * to 300 ms after its fallback, and the face widget showed its camera 290 ms after its 20 ms chunk had come.
 */
export function lazyPart<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  let pending: Promise<ComponentType<Props>> | undefined;
  const loader: PartLoader<Props> = {
    load() {
      pending ??= load().then(
        (component) => {
          loader.loaded = component;
          return component;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
  };
  return (props: Props) => <LazyPartView loader={loader} props={props} />;
}
