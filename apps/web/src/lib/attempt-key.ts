import { useMemo, useRef } from 'react';

/**
 * 128 random bits as hex: `crypto.randomUUID` exists only on HTTPS and localhost, this everywhere. A form
 * that works before the scripts run gets one from its server render, in a hidden field (decision 051).
 */
export function newAttemptKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The `Idempotency-Key` of a write the user may send again (decisions 019 and 033): one key per attempt,
 * the same while the user sends the same request again after a failure (a lost answer, a 503), so that
 * the server answers the retry with the first answer instead of ordering or charging twice. A changed
 * request, or one that succeeded, is a new attempt with a new key.
 */
export function useAttemptKey() {
  const attempt = useRef<{ request: string; key: string } | undefined>(undefined);
  return useMemo(
    () => ({
      keyFor(request: unknown): string {
        const text = JSON.stringify(request);
        if (attempt.current?.request !== text) attempt.current = { request: text, key: newAttemptKey() };
        return attempt.current.key;
      },
      succeeded() {
        attempt.current = undefined;
      },
    }),
    [],
  );
}
