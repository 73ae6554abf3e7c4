// Loaded on first validation, so zod stays out of the login page's first load (< 200 KB target).
export { loginRequestSchema } from '@junkan/shared/api/auth';
