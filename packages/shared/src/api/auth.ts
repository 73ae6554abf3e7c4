import { z } from 'zod';
import { OPERATOR_ROLES } from '../enums';
import { emailSchema, loginEmailSchema, MAX_LENGTH, newPasswordSchema, wholeNumber } from '../validation';

export const loginRequestSchema = z.object({
  email: loginEmailSchema,
  password: z
    .string({ error: 'MSG_00_21' })
    .min(1, 'MSG_00_21')
    .max(MAX_LENGTH.password, 'max_length_exceeded'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** Quote parameters a visitor may carry into account creation (banner rule in quoteBanner.ts). */
export const quoteParamsSchema = z.object({
  type: z.string().max(32).optional(),
  pcode: z.string().max(16).optional(),
  size: wholeNumber(0, 999).optional(),
  num: wholeNumber(0, 999).optional(),
  week: wholeNumber(0, 7).optional(),
});
export type QuoteParams = z.infer<typeof quoteParamsSchema>;

export const signupRequestSchema = z
  .object({
    email: emailSchema,
    /** The spec's payload names no limit here and clients send the e-mail address: the column's 254. */
    userName: z.string().trim().max(MAX_LENGTH.userName, 'max_length_exceeded').optional(),
    password: newPasswordSchema,
    role: z.enum(OPERATOR_ROLES).default('WASTE'),
  })
  .extend(quoteParamsSchema.shape);

export const accountActiveRequestSchema = z.object({ token: z.string().min(1, 'MSG_00_21').max(200) });
export const linkCheckQuerySchema = z.object({ token: z.string().min(1, 'MSG_00_21').max(200) });
export const emailTokenQuerySchema = z.object({ emailToken: z.string().min(1, 'MSG_00_21').max(200) });
export const emailTokenResponseSchema = z.object({ active: z.boolean(), id: z.number() });

export const passwordSendEmailRequestSchema = z.object({ email: emailSchema });
export const passwordResetRequestSchema = z.object({
  pass: newPasswordSchema,
  token: z.string().min(1, 'MSG_00_21').max(200),
});
export const passwordChangeRequestSchema = z.object({
  oldPass: z
    .string({ error: 'MSG_00_21' })
    .min(1, 'MSG_00_21')
    .max(MAX_LENGTH.password, 'max_length_exceeded'),
  newPass: newPasswordSchema,
});
/** A password change ends every sign-in of the user; the token carries on in the tab that changed it. */
export const passwordChangeResponseSchema = z.object({ result: z.boolean(), token: z.string() });
export type PasswordChangeResponse = z.infer<typeof passwordChangeResponseSchema>;

/** Client-side form: new password and its confirmation (MSG_03_2). */
export const passwordWithConfirmSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string().min(1, 'MSG_00_21') })
  .refine((v) => v.password === v.confirmPassword, { message: 'MSG_03_2', path: ['confirmPassword'] });
