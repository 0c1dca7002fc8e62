// <PhUploader> for React apps (ph-widgets/react): the element's uploader in a shadow root of its own, over the app's
// React and the page-wide stores. The uploader and the upload engine are a module of their own, loaded when a
// <PhUploader> first renders (the app's bundler makes it a lazy chunk).
import { createElement } from 'react';
import { lazyPart } from '../common/lazy-part';
import { inShadowRoot } from '../common/shadow-host';
import { type UploaderDetailCallbacks, uploaderCallbacks } from './detail-callbacks';
import type { UploaderSettings } from './PhUploader';

export type * from './details';

/** The settings of `<ph-uploader>`, and its events as callbacks with the same details. */
export type PhUploaderProps = UploaderSettings & UploaderDetailCallbacks;

const Uploader = lazyPart(async () => (await import('./PhUploader')).PhUploader);

function ReactUploader({ onProgress, onSuccess, onError, onComplete, ...settings }: PhUploaderProps) {
  return createElement(Uploader, { ...settings, ...uploaderCallbacks({ onProgress, onSuccess, onError, onComplete }) });
}

/**
 * The chunked, resumable uploader of `<ph-uploader>` (spec §4 "Chunked upload"): `onProgress`, `onSuccess` (with the
 * file's MD5 and the server's answer), `onError` and `onComplete` carry the details of the element's events.
 * `className` and `style` go to the host `<div>`.
 */
export const PhUploader = inShadowRoot('ph-uploader', ReactUploader);
