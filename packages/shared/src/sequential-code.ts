/** Master codes the server numbers itself: digits only, zero-padded to a minimum width (00001, 00002...). */
export const SEQUENTIAL_CODE_WIDTH = 5;

const DIGITS = /^\d+$/;

/**
 * The code after `lastCode`: the number plus one, zero-padded to `width` (wider when it outgrows it).
 * A missing or non-numeric last code starts at 1.
 */
export function nextSequentialCode(
  lastCode: string | null | undefined,
  width = SEQUENTIAL_CODE_WIDTH,
): string {
  const last = lastCode && DIGITS.test(lastCode) ? BigInt(lastCode) : 0n;
  return (last + 1n).toString().padStart(width, '0');
}

/** Orders codes numerically ("00010" after "00009", "100000" after "99999"). */
export function compareSequentialCodes(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}
