import { useStore } from '@nanostores/react';
import {
  $translate,
  formatBytes,
  pausedRemainder,
  type Translate,
  type Upload,
  type UploadAction,
  type UploadSnapshot,
  uploadActions,
} from '../../core';
import { formatRemaining, percent } from './format';

/** One file of the list: name, size, state, a bar for hashing and one for sending, speed, time left, its actions. */
export function FileRow({
  upload,
  onAction,
  resumedFrom,
}: {
  upload: Upload;
  onAction: (upload: Upload, action: UploadAction) => void;
  /** The per cent an earlier visit had uploaded, when this file was chosen again to continue (issue 35). */
  resumedFrom?: number | undefined;
}) {
  const translate = useStore($translate);
  const state = useStore(upload.$state);
  const name = upload.item.webkitRelativePath || state.fileName;
  const hashed = state.md5 ? 100 : percent(state.hashedBytes, state.size);
  const uploaded = state.status === 'success' ? 100 : percent(state.uploadedBytes, state.size);
  const active = state.status === 'hashing' || state.status === 'uploading';
  // Refused before anything was read or sent: no bar to show, only why; labelled "not uploaded", since nothing
  // failed to upload (issue 35).
  const refused = state.error?.type === 'validation';
  const status = state.status === 'success' && state.instant ? 'instant' : refused ? 'refused' : state.status;
  const hashLabel = translate('uploader.hashing');
  const uploadLabel = translate('uploader.uploading');
  return (
    <li part="file" className={`file ${state.status}`} data-uid={upload.uid}>
      <div className="head">
        <span className="name" part="file-name" title={name}>
          {name}
        </span>
        <span className="size">{formatBytes(state.size)}</span>
        <span className="state" part="file-state">
          {status === 'paused' ? pausedText(state, translate) : translate(`uploader.status.${status}`)}
        </span>
      </div>
      {refused ? null : (
        <div className="bars">
          <Bar kind="hash" label={hashLabel} name={name} value={hashed} />
          <Bar kind="upload" label={uploadLabel} name={name} value={uploaded} />
        </div>
      )}
      {active && state.speed > 0 ? (
        <p className="rate" part="rate">
          <span>{translate('uploader.speed', { speed: formatBytes(state.speed, 1) })}</span>
          {state.remainingSeconds === undefined ? null : (
            <span>{translate('uploader.remaining', { time: formatRemaining(state.remainingSeconds, translate) })}</span>
          )}
        </p>
      ) : null}
      {resumedFrom !== undefined && state.status !== 'success' ? (
        <p className="resumed" part="file-resumed">
          {translate('uploader.resumedFrom', { percent: resumedFrom })}
        </p>
      ) : null}
      {state.error ? (
        <p className="error" part="file-error">
          {state.error.warning}
        </p>
      ) : null}
      <div className="actions">
        {uploadActions(state).map((action) => {
          const text = translate(`uploader.action.${action}`);
          return (
            <button
              key={action}
              type="button"
              part="action"
              data-action={action}
              className={action === 'abort' || action === 'remove' ? 'ph-button quiet' : 'ph-button'}
              aria-label={translate('uploader.action.fileLabel', { action: text, name })}
              onClick={() => onAction(upload, action)}
            >
              {text}
            </button>
          );
        })}
      </div>
    </li>
  );
}

/** A labelled bar in whole per cent (native <progress>: screen readers announce its value). */
function Bar(props: { kind: 'hash' | 'upload'; label: string; name: string; value: number }) {
  return (
    <div className="bar">
      <span className="bar-label" aria-hidden="true">
        {props.label}
      </span>
      <progress
        part={`${props.kind}-progress`}
        max={100}
        value={props.value}
        aria-label={`${props.label} ${props.name}`}
      />
      <span className="bar-value" aria-hidden="true">
        {props.value}%
      </span>
    </div>
  );
}

/** A paused file says what is left: the bytes not yet sent, or only the merge (issue 56). */
function pausedText(state: UploadSnapshot, translate: Translate): string {
  const left = pausedRemainder(state);
  return left.kind === 'merge'
    ? translate('uploader.status.pausedMerge')
    : translate('uploader.status.pausedLeft', { left: formatBytes(left.left) });
}
