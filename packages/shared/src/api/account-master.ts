import { z } from 'zod';
import { OPERATOR_ROLES, ROLES } from '../enums';
import { emailSchema, MAX_LENGTH } from '../validation';
import { pageOf, pageQuerySchema, sortOrderSchema } from './common';
import { accountInfoResponseSchema, accountInfoSchema, accountUpdateRequestSchema } from './users';

export const ADMIN_USER_SORT_KEYS = ['id', 'userName', 'email', 'lastLoginAt'] as const;

/** GET /admin/users?keyWord=&role=&page=&size= : keyWord matches name, email or company name. */
export const adminUserListQuerySchema = pageQuerySchema.extend({
  keyWord: z.string().trim().max(MAX_LENGTH.email, 'max_length_exceeded').optional(),
  role: z.enum(ROLES).optional(),
  sort: z.enum(ADMIN_USER_SORT_KEYS).default('id'),
  order: sortOrderSchema,
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

export const adminUserListItemSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  enabled: z.boolean(),
  companyName: z.string().nullable(),
  /** ISO instant; null before the first sign-in. */
  lastLoginAt: z.string().nullable(),
});
export type AdminUserListItem = z.infer<typeof adminUserListItemSchema>;

export const adminUserPageSchema = pageOf(adminUserListItemSchema);
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

/** GET /admin/users/{id}: the account information plus the master's own fields. */
export const adminUserDetailSchema = accountInfoResponseSchema.extend({
  enabled: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/**
 * PUT /admin/users/{id}: account information (as PUT /users: an existing office or discharge site is
 * named by its id alone, a new one carries every field), sign-in address and the enabled flag.
 */
export const adminUserUpdateSchema = accountUpdateRequestSchema.extend({
  email: emailSchema,
  enabled: z.boolean({ error: 'invalid_format' }),
});
export type AdminUserUpdate = z.input<typeof adminUserUpdateSchema>;

/** POST /admin/users: a discharger or transporter account; the user sets a password from the mailed link. */
export const adminUserCreateSchema = accountInfoSchema.extend({
  email: emailSchema,
  role: z.enum(OPERATOR_ROLES, { error: 'invalid_format' }),
  enabled: z.boolean({ error: 'invalid_format' }).default(true),
});
export type AdminUserCreate = z.input<typeof adminUserCreateSchema>;

export const adminUserCreatedSchema = z.object({ id: z.number().int() });
