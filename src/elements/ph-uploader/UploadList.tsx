import { listView, type Translate, type Upload, type UploadAction } from '../../core';
import { FileRow } from './FileRow';
import type { Unfinished } from './unfinished';

export interface UploadListProps {
  translate: Translate;
  uploads: readonly Upload[];
  /** Every row shown, or the finished and waiting ones folded away (issue 35). */
  expanded: boolean;
  onExpand: (expanded: boolean) => void;
  onAction: (upload: Upload, action: UploadAction) => void;
  unfinished: Unfinished;
}

/** The rows of the list, the finished and waiting ones folded while the list is long, and the line that unfolds them. */
export function UploadList({ translate, uploads, expanded, onExpand, onAction, unfinished }: UploadListProps) {
  // Re-rendered on every change of status (useUploadWatch), which is all the folding reads.
  const view = listView(
    uploads.map((upload) => ({ uid: upload.uid, state: upload.$state.get() })),
    expanded,
  );
  const shown = new Set(view.shown);
  const folded = view.finished + view.waiting > 0;
  return (
    <>
      <ul className="files" part="list" aria-label={translate('uploader.list')}>
        {uploads
          .filter((upload) => shown.has(upload.uid))
          .map((upload) => (
            <FileRow
              key={upload.uid}
              upload={upload}
              onAction={onAction}
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
            onClick={() => onExpand(!expanded)}
          >
            {translate(expanded ? 'uploader.showLess' : 'uploader.showAll')}
          </button>
        </p>
      ) : null}
    </>
  );
}
