import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const attachmentRoutes: FastifyPluginAsyncZod = async () => {};
