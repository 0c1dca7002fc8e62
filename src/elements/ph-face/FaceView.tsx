import { useStore } from '@nanostores/react';
import { type ChangeEvent, type RefObject, useEffect, useRef } from 'react';
import {
  $translate,
  actingPrompt,
  addStrings,
  canPhotograph,
  collectButtons,
  countdownLeft,
  type FaceMode,
  type FaceNotice,
  type FaceState,
  faceNotice,
  facePicture,
  holdRunning,
} from '../../core';
import { sharedStyles, useStyles } from '../common/styles';
import { drawOverlay } from './overlay';
import { FACE_ELEMENT_STRINGS } from './strings';
import styles from './styles.css';

// What <ph-face> shows for a state of core's face machine: the picture (live camera, photo or registered face) with
// its overlay and countdown, the line under it and collect mode's buttons. It decides nothing: PhFace hands it the
// controller's state and actions (and the docs site the states core's machine reaches, one by one).

addStrings(FACE_ELEMENT_STRINGS);
const FACE_STYLES = sharedStyles(styles);

type Translate = (key: string, params?: Record<string, string | number>) => string;

export interface FaceActions {
  retry(): void;
  photograph(): void;
  again(): void;
  save(): void;
  /** A picture was chosen instead of the camera (collect without one). */
  choose(file: File): void;
}

export interface FaceViewProps {
  state: FaceState;
  mode: FaceMode;
  /** The live camera's element: the controller plays the camera into it. */
  video?: RefObject<HTMLVideoElement | null>;
  /** A chosen picture could not be read (shown until the next state). */
  pictureError?: boolean;
  actions: FaceActions;
}

const BUSY: ReadonlySet<FaceState['status']> = new Set(['initializing', 'capturing', 'challenging', 'submitting']);

export function FaceView({ state, mode, video: givenVideo, pictureError = false, actions }: FaceViewProps) {
  useStyles(FACE_STYLES);
  const t = useStore($translate) as Translate;
  const ownVideo = useRef<HTMLVideoElement>(null);
  const video = givenVideo ?? ownVideo;
  const overlay = useRef<HTMLCanvasElement>(null);
  const file = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (overlay.current && video.current) drawOverlay(overlay.current, video.current, state);
  }, [state, video]);

  const picture = facePicture(state, mode);
  const photo = picture.kind === 'photo' ? picture.src : null;
  const live = picture.kind === 'live';
  // The challenge asked for while the hold runs is quick, and the person is still being framed: no spinner.
  const busy = BUSY.has(state.status) && !holdRunning(state);

  const choosePicture = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (chosen) actions.choose(chosen);
  };

  return (
    <section
      className="face"
      aria-label={t('face.region')}
      aria-busy={busy}
      data-status={state.status}
      data-action={state.status === 'acting' ? actingPrompt(state) : undefined}
      data-turn-again={state.status === 'acting' && state.jumped ? '' : undefined}
    >
      <div className="stage" part="stage">
        <video ref={video} className={live ? 'video' : 'video hidden'} part="video" muted playsInline />
        <canvas ref={overlay} className={live ? 'overlay' : 'overlay hidden'} part="overlay" />
        {photo && (
          <img
            className="photo"
            part="photo"
            src={photo}
            alt={state.status === 'registered' ? t('face.registeredAt', { time: state.record.registerTime }) : ''}
          />
        )}
        {countdownLeft(state) !== null && (
          <span className="count" aria-hidden="true">
            {countdownLeft(state)}
          </span>
        )}
        {busy && <span className="spinner" aria-hidden="true" />}
      </div>
      <Notice state={state} mode={mode} t={t} pictureError={pictureError} onRetry={actions.retry} />
      {mode === 'collect' && (
        <CollectButtons
          state={state}
          t={t}
          onPhotograph={actions.photograph}
          onAgain={actions.again}
          onSave={actions.save}
          onUpload={() => file.current?.click()}
        />
      )}
      <input ref={file} className="file" type="file" accept="image/jpeg,image/png" hidden onChange={choosePicture} />
    </section>
  );
}

/** The widget's own lines where core's §8 texts have none: opening the camera, and when the face was registered. */
function widgetNotice(state: FaceState, t: Translate): FaceNotice | null {
  const info = (text: string): FaceNotice => ({ tone: 'info', text, retry: false });
  if (state.status === 'initializing') return info(t('face.opening'));
  if (state.status === 'registered') return info(t('face.registeredAt', { time: state.record.registerTime }));
  return null;
}

interface NoticeProps {
  state: FaceState;
  mode: FaceMode;
  t: Translate;
  pictureError: boolean;
  onRetry: () => void;
}

/** The line under the picture (§8); a button when a click retries. Announced politely as it changes. */
function Notice({ state, mode, t, pictureError, onRetry }: NoticeProps) {
  const notice: FaceNotice | null = pictureError
    ? { tone: 'error', text: t('face.pictureUnreadable'), retry: false }
    : (faceNotice(state, mode) ?? widgetNotice(state, t));
  return (
    <div className="notice-line" aria-live="polite">
      {notice &&
        (notice.retry ? (
          <button type="button" className={`notice ${notice.tone}`} part="notice retry" onClick={onRetry}>
            <span>{notice.text}</span>
            {notice.nextStep && <span className="next-step">{notice.nextStep}</span>}
            {notice.retryText && <span className="retry-text">{notice.retryText}</span>}
          </button>
        ) : (
          <p
            className={`notice ${notice.tone}${notice.progress === undefined ? '' : ' prompt'}`}
            part="notice"
            role={notice.tone === 'error' ? 'alert' : undefined}
          >
            {notice.text}
            {notice.nextStep && <span className="next-step">{notice.nextStep}</span>}
          </p>
        ))}
      {notice?.progress !== undefined && (
        <div
          className="progress"
          part="progress"
          role="progressbar"
          aria-label={notice.text}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(notice.progress * 100)}
        >
          <span className="progress-bar" style={{ width: `${notice.progress * 100}%` }} />
        </div>
      )}
    </div>
  );
}

interface ButtonsProps {
  state: FaceState;
  t: Translate;
  onPhotograph: () => void;
  onAgain: () => void;
  onSave: () => void;
  onUpload: () => void;
}

/** Collect mode (§4): Photograph, then Again or Save; a registered face shows only Again first. */
function CollectButtons({ state, t, onPhotograph, onAgain, onSave, onUpload }: ButtonsProps) {
  const shown = collectButtons(state);
  if (!shown.photograph && !shown.again && !shown.save && !shown.upload) return null;
  return (
    <div className="buttons" part="buttons">
      {shown.upload && (
        <button type="button" className="button primary" part="button upload" onClick={onUpload}>
          {t('face.upload')}
        </button>
      )}
      {shown.photograph && (
        <button
          type="button"
          className="button primary"
          part="button photograph"
          disabled={!canPhotograph(state)}
          onClick={onPhotograph}
        >
          {t('face.photograph')}
        </button>
      )}
      {shown.again && (
        <button type="button" className="button" part="button again" onClick={onAgain}>
          {t('face.again')}
        </button>
      )}
      {shown.save && (
        <button
          type="button"
          className="button primary"
          part="button save"
          disabled={!shown.saveEnabled}
          onClick={onSave}
        >
          {t('face.save')}
        </button>
      )}
    </div>
  );
}
