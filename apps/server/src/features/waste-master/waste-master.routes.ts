import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const wasteMasterRoutes: FastifyPluginAsyncZod = async () => {};
