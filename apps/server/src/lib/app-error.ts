import type { PermitCoverageGapAnswer } from '@junkan/shared/api/permit-coverage';
import { statusForCode } from '@junkan/shared/errors';
import type { MessageCode } from '@junkan/shared/messages';

/** The one error type services throw; the error handler turns it into `{ code, message, fields?, params?, details? }`. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: MessageCode,
    message?: string,
    readonly fields?: Record<string, MessageCode>,
    readonly params?: Record<string, string | number>,
    readonly details?: Record<string, unknown>,
    /** permit_cannot_be_confirmed: what the permits do not cover. */
    readonly gaps?: PermitCoverageGapAnswer[],
  ) {
    super(message ?? code);
    this.statusCode = statusForCode(code);
  }
}

export const fieldError = (field: string, code: MessageCode) => new AppError(code, code, { [field]: code });
