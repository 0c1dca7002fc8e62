import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import {
  $translate,
  defaultStateStore,
  fileFingerprint,
  type StoredUploadState,
  type UnfinishedUpload,
  type Upload,
  type UploadSnapshot,
  unfinishedUploads,
} from '../../core';

// What an earlier visit left unfinished (issue 35): read from the state store the engine keeps, shown above the list
// until the file is chosen again (its row then says how far it had come) or forgotten.

export interface Unfinished {
  /** The kept uploads the list does not hold, the latest first. */
  entries: UnfinishedUpload[];
  /** Notes the per cent each upload just added for a kept file had reached (its row shows it). */
  chosenAgain(added: readonly Upload[]): void;
  /** The per cent the upload `uid` had reached before it was chosen again. */
  resumedFrom(uid: string): number | undefined;
  forget(fingerprint: string): void;
}

/** `states` changes at every change of status: a finished upload is no longer kept, so the store is read again. */
export function useUnfinished(uploads: readonly Upload[], states: readonly UploadSnapshot[]): Unfinished {
  const [store] = useState(() => defaultStateStore());
  const [kept, setKept] = useState<StoredUploadState[]>([]);
  const [resumed] = useState(() => new Map<string, number>());
  // biome-ignore lint/correctness/useExhaustiveDependencies: states is the trigger, not an input
  useEffect(() => {
    store?.list().then(setKept, () => setKept([]));
  }, [store, states]);
  const entries = unfinishedUploads(kept, new Set(uploads.map((upload) => fileFingerprint(upload.item))));
  return {
    entries,
    chosenAgain(added) {
      const percents = new Map(entries.map((entry) => [entry.fingerprint, entry.percent]));
      for (const upload of added) {
        const percent = percents.get(fileFingerprint(upload.item));
        if (percent !== undefined) resumed.set(upload.uid, percent);
      }
    },
    resumedFrom: (uid) => resumed.get(uid),
    forget(fingerprint) {
      void store
        ?.delete(fingerprint)
        .then(() => store.list())
        .then(setKept, () => undefined);
    },
  };
}

/** The kept uploads: name, per cent done, and Forget. */
export function UnfinishedList({ unfinished }: { unfinished: Unfinished }) {
  const translate = useStore($translate);
  if (unfinished.entries.length === 0) return null;
  return (
    <section className="unfinished" part="unfinished" aria-label={translate('uploader.unfinishedList')}>
      <p className="unfinished-hint">{translate('uploader.unfinished')}</p>
      <ul>
        {unfinished.entries.map((entry) => (
          <li key={entry.fingerprint}>
            <span className="unfinished-name" title={entry.fileName}>
              {entry.fileName}
            </span>
            <span className="done">{translate('uploader.unfinishedDone', { percent: entry.percent })}</span>
            <button
              type="button"
              className="ph-button quiet"
              part="forget"
              aria-label={translate('uploader.action.fileLabel', {
                action: translate('uploader.forget'),
                name: entry.fileName,
              })}
              onClick={() => unfinished.forget(entry.fingerprint)}
            >
              {translate('uploader.forget')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
