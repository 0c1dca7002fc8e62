import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import {
  $language,
  createUploadQueue,
  isFinished,
  naturalOrder,
  planChoice,
  type QueueAction,
  type Translate,
  type Upload,
  type UploadAction,
  type UploaderSettings,
  type UploadItem,
  type UploadTransport,
  uploaderOptions,
} from '../../core';
import { useUnfinished } from './unfinished';
import { type UploadCallbacks, useUploadWatch } from './watch';

// The uploader's queue as React holds it: what is listed, what a new choice does to the list, the per-file and
// whole-list actions, and the status line's announcement. PhUploader only lays the regions out over it.

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

/** One upload queue of core for the uploader's lifetime, watched, with what the list and its buttons do to it. */
export function useUploaderQueue(props: PhUploaderProps, translate: Translate) {
  const [queue] = useState(() => createUploadQueue({ transport: props.transport }));
  const uploads = useStore(queue.$uploads);
  const [announcement, setAnnouncement] = useState('');
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

  const act = (upload: Upload, action: UploadAction) => {
    if (action === 'remove') queue.remove(upload);
    else void upload[action]();
  };
  const actAll = (action: QueueAction) => {
    if (action === 'clearFinished') {
      for (const upload of uploads) if (isFinished(upload.$state.get())) queue.remove(upload);
    } else void queue[action]();
  };

  return { uploads, states, announcement, unfinished, add, act, actAll };
}
