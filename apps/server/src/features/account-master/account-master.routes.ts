import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const accountMasterRoutes: FastifyPluginAsyncZod = async () => {};
