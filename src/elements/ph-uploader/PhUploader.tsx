import { useStore } from '@nanostores/react';
import { type ChangeEvent, type DragEvent, useEffect, useId, useState } from 'react';
import {
  $language,
  $translate,
  addStrings,
  canPickFolders,
  createUploadQueue,
  currentFolderPickingBrowser,
  DEFAULT_MAX_SIZE,
  type DroppedEntry,
  filesFromDropped,
  formatBytes,
  isFinished,
  listView,
  naturalOrder,
  planChoice,
  type QueueAction,
  queueActions,
  refusedExtensions,
  takeDropped,
  toUploadItem,
  type Upload,
  type UploadAction,
  type UploaderSettings,
  type UploadItem,
  type UploadTransport,
  uploaderOptions,
} from '../../core';
import { useSettledMark } from '../common/settled-mark';
import { sharedStyles, useStyles } from '../common/styles';
import { FileRow } from './FileRow';
import { UPLOADER_STRINGS } from './strings';
import styles from './styles.css';
import { UnfinishedList, useUnfinished } from './unfinished';
import { type UploadCallbacks, useUploadWatch } from './watch';

addStrings(UPLOADER_STRINGS);
const UPLOADER_STYLES = sharedStyles(styles);

export interface PhUploaderProps extends UploaderSettings, UploadCallbacks {
  /** Several files at once (a folder is always many). */
  multiple?: boolean;
  /** Folders too: a second picker for a folder, and dropped folders are walked (§3 directory picking). */
  directory?: boolean;
  /** Start each file as soon as it is added; otherwise the person starts them. */
  autoStart?: boolean;
  /** How requests reach the file store; by default core's (the page's gateway, session and headers). */
  transport?: UploadTransport;
}

const QUEUE_ORDER: QueueAction[] = ['startAll', 'pauseAll', 'resumeAll', 'retryAll', 'abortAll', 'clearFinished'];

/** The file picker, drop zone and upload list of issue 11, over one upload queue of core. */
export function PhUploader(props: PhUploaderProps) {
  const translate = useStore($translate);
  const [queue] = useState(() => createUploadQueue({ transport: props.transport }));
  const uploads = useStore(queue.$uploads);
  const [expanded, setExpanded] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState(false);
  const states = useUploadWatch(queue, {
    ...props,
    onSuccess: (state, upload) => {
      const status = translate(state.instant ? 'uploader.status.instant' : 'uploader.status.success');
      setAnnouncement(translate('uploader.announce', { name: state.fileName, status }));
      props.onSuccess?.(state, upload);
    },
    onError: (state, upload) => {
      setAnnouncement(translate('uploader.announce', { name: state.fileName, status: state.error?.warning ?? '' }));
      props.onError?.(state, upload);
    },
  });
  const hintId = useId();
  // Folders only where the browser can pick them (not on phones); dropped folders are walked all the same.
  const [folders] = useState(() => Boolean(props.directory) && canPickFolders(currentFolderPickingBrowser()));
  useStyles(UPLOADER_STYLES);
  // Rendered: the drop zone has the height it keeps (issue 36).
  const settledRef = useSettledMark(true);

  // Leaving the page's DOM pauses what runs (the stored MD5 lets it continue later, even after a reload).
  useEffect(() => () => queue.pauseAll(), [queue]);
  const unfinished = useUnfinished(uploads, states);

  const add = (items: UploadItem[]) => {
    const chosen = props.multiple || props.directory ? items : items.slice(0, 1);
    if (chosen.length === 0) return;
    // A single-file uploader holds one file: a new choice replaces one that has not started or has ended.
    if (!props.multiple && !props.directory) {
      for (const upload of queue.$uploads.get()) {
        const state = upload.$state.get();
        if (state.status === 'idle' || isFinished(state)) queue.remove(upload);
      }
    }
    const listed = queue.$uploads.get();
    const plan = planChoice(
      listed.map((upload) => ({ uid: upload.uid, item: upload.item, state: upload.$state.get() })),
      chosen,
    );
    for (const upload of listed) if (plan.replace.includes(upload.uid)) queue.remove(upload);
    const added = queue.add(naturalOrder(plan.add, $language.get()), {
      ...uploaderOptions(props),
      transport: props.transport,
    });
    unfinished.chosenAgain(added);
    if (props.autoStart) for (const upload of added) void upload.start();
  };

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    add(Array.from(input.files ?? [], (file) => toUploadItem(file)));
    // The same file chosen again (to resume after a reload) must fire `change` again.
    input.value = '';
  };

  const dropped = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    const taken: DroppedEntry[] = takeDropped(event.dataTransfer.items);
    const wanted = props.directory ? taken : taken.filter((entry) => !entry.entry?.isDirectory);
    void filesFromDropped(wanted).then(add);
  };

  const act = (upload: Upload, action: UploadAction) => {
    if (action === 'remove') queue.remove(upload);
    else void upload[action]();
  };
  const actAll = (action: QueueAction) => {
    if (action === 'clearFinished') {
      for (const upload of uploads) if (isFinished(upload.$state.get())) queue.remove(upload);
    } else void queue[action]();
  };

  const settings = uploaderOptions(props);
  const hints = [translate('uploader.limits', { size: formatBytes(settings.maxSize ?? DEFAULT_MAX_SIZE, 1) })];
  if (settings.accept) hints.push(translate('uploader.accepts', { accept: settings.accept }));
  hints.push(
    translate('uploader.refusedTypes', {
      types: refusedExtensions()
        .map((extension) => `.${extension}`)
        .join(' '),
    }),
  );
  const available = queueActions(states);
  const done = states.filter((state) => state.status === 'success').length;
  // Re-rendered on every change of status (useUploadWatch), which is all the folding reads.
  const view = listView(
    uploads.map((upload) => ({ uid: upload.uid, state: upload.$state.get() })),
    expanded,
  );
  const shown = new Set(view.shown);
  const folded = view.finished + view.waiting > 0;

  return (
    <section ref={settledRef} className="uploader" part="uploader">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the pickers inside are the keyboard way */}
      <div
        part="dropzone"
        className={dragging ? 'dropzone dragging' : 'dropzone'}
        onDragEnter={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={dropped}
      >
        <UploadIcon />
        <p className="prompt">{translate(folders ? 'uploader.dropFolders' : 'uploader.drop')}</p>
        <div className="pickers">
          <label className="pick" part="pick">
            <input
              type="file"
              className="picker"
              multiple={Boolean(props.multiple)}
              accept={settings.accept}
              aria-describedby={hintId}
              onChange={picked}
            />
            {translate('uploader.choose')}
          </label>
          {folders ? (
            <label className="pick" part="pick pick-folder">
              <input
                type="file"
                className="picker"
                aria-describedby={hintId}
                onChange={picked}
                {...{ webkitdirectory: '' }}
              />
              {translate('uploader.chooseFolder')}
            </label>
          ) : null}
        </div>
        <p className="hint" id={hintId}>
          {hints.join(' · ')}
        </p>
      </div>
      <UnfinishedList unfinished={unfinished} />
      {uploads.length > 0 ? (
        <>
          <div className="toolbar" part="toolbar">
            <span className="summary">
              {translate(uploads.length === 1 ? 'uploader.summaryOne' : 'uploader.summary', {
                count: uploads.length,
                done,
              })}
            </span>
            {QUEUE_ORDER.filter((action) => available.includes(action)).map((action) => (
              <button
                key={action}
                type="button"
                part="queue-action"
                data-action={action}
                className="ph-button"
                onClick={() => actAll(action)}
              >
                {translate(`uploader.queue.${action}`)}
              </button>
            ))}
          </div>
          <ul className="files" part="list" aria-label={translate('uploader.list')}>
            {uploads
              .filter((upload) => shown.has(upload.uid))
              .map((upload) => (
                <FileRow
                  key={upload.uid}
                  upload={upload}
                  onAction={act}
                  resumedFrom={unfinished.resumedFrom(upload.uid)}
                />
              ))}
          </ul>
          {folded || expanded ? (
            <p className="folded" part="folded">
              {view.finished ? <span>{translate('uploader.foldedFinished', { count: view.finished })}</span> : null}
              {view.waiting ? <span>{translate('uploader.foldedWaiting', { count: view.waiting })}</span> : null}
              <button
                type="button"
                className="ph-button quiet"
                part="fold"
                aria-expanded={expanded}
                onClick={() => setExpanded(!expanded)}
              >
                {translate(expanded ? 'uploader.showLess' : 'uploader.showAll')}
              </button>
            </p>
          ) : null}
        </>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}

function UploadIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M19.35 10.04A7.49 7.49 0 0 0 12 4a7.5 7.5 0 0 0-6.65 4.04A5.99 5.99 0 0 0 6 20h13a5 5 0 0 0 .35-9.96ZM14 13v4h-4v-4H7l5-5 5 5h-3Z"
      />
    </svg>
  );
}
