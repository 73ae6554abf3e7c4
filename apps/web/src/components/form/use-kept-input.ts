import { useMemo } from 'react';
import { dropKeptInput, keepInput, readKeptInput } from './kept-input';

/** The unsaved input kept under `key`: read what a reload left, keep the current values, drop once saved. */
export function useKeptInput(key: string) {
  return useMemo(
    () => ({
      read: <T>() => readKeptInput<T>(key),
      keep: (values: unknown) => keepInput(key, values),
      drop: () => dropKeptInput(key),
    }),
    [key],
  );
}
