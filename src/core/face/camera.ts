import type { CameraProblem } from './state';

export interface PageOrigin {
  protocol: string;
  hostname: string;
  /** `window.isSecureContext` where known: browsers expose the camera only in a secure context. */
  isSecureContext?: boolean;
}

const LOCAL_HOSTS = /^(?:localhost|[\w-]+\.localhost|127(?:\.\d{1,3}){3}|\[?::1\]?)$/i;

/**
 * §4: the camera opens only on https or localhost. A browser that says the page is not a secure context has no
 * camera to offer either way (`navigator.mediaDevices` is missing there).
 */
export function cameraAllowed(page: PageOrigin): boolean {
  if (page.isSecureContext === false) return false;
  return page.protocol === 'https:' || LOCAL_HOSTS.test(page.hostname);
}

/** The camera problem a getUserMedia rejection means. */
export function cameraProblem(error: unknown): CameraProblem {
  const name = (error as { name?: string } | null)?.name ?? '';
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError') return 'busy';
  return 'noCamera';
}
