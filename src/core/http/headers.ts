import { APP_PATH_HEADER, AUTHORIZATION_HEADER, DEVICE_HEADER, type Device } from '../api/wire';

/**
 * §7 headers of every request: the device, the app path prefix, and the bearer token when script holds one. The
 * request client and the upload engine's XMLHttpRequest transport both send them.
 */
export function requestHeaders(
  device: Device | undefined,
  appPath: string | undefined,
  token: string | undefined,
): Record<string, string> {
  const headers: Record<string, string> = { [DEVICE_HEADER]: device ?? 'pc' };
  if (appPath) headers[APP_PATH_HEADER] = appPath;
  if (token) headers[AUTHORIZATION_HEADER] = `Bearer ${token}`;
  return headers;
}
