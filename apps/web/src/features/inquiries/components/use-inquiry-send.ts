import { useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { isAbortError, type UploadProgress } from '../../../lib/multipart';
import type { SendOptions } from '../api/send-inquiry';

export interface SendFailure {
  code: string;
  fields?: Record<string, string>;
}

/** A failure the form shows next to its fields (anything but the file). */
export const hasFormFields = (failure: SendFailure) =>
  Object.keys(failure.fields ?? {}).some((field) => field !== 'file');

/**
 * One send of a message with its file: the upload's progress while it goes, a way to stop it, and what failed
 * when it did (the form keeps its values and file, so sending again is the same call). A stopped upload is no
 * failure.
 */
export function useInquirySend() {
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [failure, setFailure] = useState<SendFailure | null>(null);
  const controller = useRef<AbortController | null>(null);

  /** Sends; answers the result, or what failed (null when it was stopped). */
  async function run<T>(
    send: (options: SendOptions) => Promise<T>,
  ): Promise<{ ok: true; value: T } | { ok: false; failure: SendFailure | null }> {
    const current = new AbortController();
    controller.current = current;
    setSending(true);
    setProgress(null);
    setFailure(null);
    try {
      return { ok: true, value: await send({ signal: current.signal, onProgress: setProgress }) };
    } catch (error) {
      if (isAbortError(error)) return { ok: false, failure: null };
      const failed = isApiError(error)
        ? { code: error.code, fields: error.fields }
        : { code: 'unknown_error' };
      // Field codes are shown next to their fields by the form; the rest by UploadStatus.
      if (!hasFormFields(failed)) setFailure(failed);
      return { ok: false, failure: failed };
    } finally {
      setSending(false);
      setProgress(null);
      controller.current = null;
    }
  }

  return {
    sending,
    progress,
    failure,
    run,
    stop: () => controller.current?.abort(),
    clearFailure: () => setFailure(null),
  };
}
