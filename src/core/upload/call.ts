import { TransportError } from '../http/transport';
import { networkError, type UploadErrorType } from './errors';
import type { UploadRequest, UploadResponse, UploadTransport } from './transport';

/** A stop asked for by the uploader itself (pause, abort): never shown, never retried. */
export class Stopped extends Error {
  constructor() {
    super('Upload stopped');
    this.name = 'Stopped';
  }
}

/** Sends one request of a step: no answer becomes the step's network error, an abort a Stopped. */
export async function call(
  transport: UploadTransport,
  type: UploadErrorType,
  request: UploadRequest,
): Promise<UploadResponse> {
  try {
    return await transport.send(request);
  } catch (error) {
    if (request.signal?.aborted) throw new Stopped();
    if (error instanceof TransportError && error.kind !== 'abort')
      throw networkError(type, error.kind, error.timeoutMs);
    throw networkError(type, 'network');
  }
}
