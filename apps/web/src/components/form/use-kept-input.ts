import { useMemo } from 'react';
import { dropKeptInput, keepInput, readKeptInput } from './kept-input';

/** The kept input under `key`: what a reload found, and how to keep or drop it. */
export function useKeptInput<T>(key: string) {
  return useMemo(
    () => ({
      read: () => readKeptInput<T>(key),
      keep: (values: T) => keepInput(key, values),
      drop: () => dropKeptInput(key),
    }),
    [key],
  );
}
