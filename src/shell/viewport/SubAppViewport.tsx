import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { $translate, defaultClient, loadManifest, loadStyle, runScriptIn, visitKeepAlive } from '../../core';

export interface SubAppViewportProps {
  app: string;
  fileId: string;
  /** How many sub-apps stay mounted while hidden (§2 keep-alive, LRU). */
  keepAlive: number;
}

type Status = 'loading' | 'ready' | 'failed';
interface Kept {
  app: string;
  fileId: string;
  status: Status;
  /** Bumped by a retry: a fresh container, a fresh load. */
  attempt: number;
}

const keyOf = (app: string, fileId: string) => `${app}/${fileId}`;

/**
 * §2 sub-application viewport: `/{app}/manifest.json` names `{fileId}.js` (and `.css`); the script runs inside a
 * container keyed by fileId. Only the current one shows; others stay mounted but hidden, up to `keepAlive` (the
 * least recently shown beyond that is unmounted and its DOM freed). A failed load shows an error with retry.
 */
export function SubAppViewport({ app, fileId, keepAlive }: SubAppViewportProps) {
  const translate = useStore($translate);
  const [state, setState] = useState<{ order: string[]; kept: Record<string, Kept> }>({ order: [], kept: {} });
  const current = keyOf(app, fileId);

  useEffect(() => {
    setState(({ order, kept }) => {
      const next = visitKeepAlive(order, current, keepAlive).kept;
      const result: Record<string, Kept> = {};
      for (const key of next) result[key] = kept[key] ?? { app, fileId, status: 'loading', attempt: 0 };
      return { order: next, kept: result };
    });
  }, [current, app, fileId, keepAlive]);

  const update = (key: string, change: (entry: Kept) => Kept) =>
    setState(({ order, kept }) => {
      const entry = kept[key];
      return entry ? { order, kept: { ...kept, [key]: change(entry) } } : { order, kept };
    });
  const { order, kept } = state;

  return (
    <div className="subapp-viewport">
      {order.map((key) => {
        const entry = kept[key];
        if (!entry) return null;
        return (
          <SubAppBox
            key={`${key}#${entry.attempt}`}
            entry={entry}
            hidden={key !== current}
            onStatus={(status) => update(key, (entry) => ({ ...entry, status }))}
            onRetry={() => update(key, (entry) => ({ ...entry, status: 'loading', attempt: entry.attempt + 1 }))}
            failedText={translate('shell.subappFailed', { app: entry.fileId })}
            retryText={translate('shell.retry')}
            loadingText={translate('shell.loading')}
          />
        );
      })}
    </div>
  );
}

interface SubAppBoxProps {
  entry: Kept;
  hidden: boolean;
  onStatus: (status: Status) => void;
  onRetry: () => void;
  failedText: string;
  retryText: string;
  loadingText: string;
}

function SubAppBox({ entry, hidden, onStatus, onRetry, failedText, retryText, loadingText }: SubAppBoxProps) {
  const box = useRef<HTMLDivElement>(null);
  const report = useRef(onStatus);
  report.current = onStatus;

  useEffect(() => {
    const container = box.current;
    if (!container) return;
    let live = true;
    (async () => {
      const manifest = await loadManifest(defaultClient(), entry.app);
      const script = manifest[`${entry.fileId}.js`];
      if (!script) throw new Error(`${entry.fileId}.js is not in the manifest of ${entry.app}`);
      const style = manifest[`${entry.fileId}.css`];
      if (style) await loadStyle(style);
      if (live) await runScriptIn(script, container);
    })().then(
      () => live && report.current('ready'),
      () => live && report.current('failed'),
    );
    return () => {
      live = false;
      // Unmounting frees the sub-app's DOM (its script element included).
      container.replaceChildren();
    };
  }, [entry.app, entry.fileId]);

  return (
    <section
      className="subapp"
      data-subapp-key={`${entry.app}/${entry.fileId}`}
      hidden={hidden}
      aria-busy={entry.status === 'loading'}
    >
      {entry.status === 'failed' ? (
        <div className="subapp-error" role="alert">
          <p>{failedText}</p>
          <button type="button" onClick={onRetry}>
            {retryText}
          </button>
        </div>
      ) : null}
      {entry.status === 'loading' ? <p className="shell-status">{loadingText}</p> : null}
      <div ref={box} data-file-id={entry.fileId} />
    </section>
  );
}
