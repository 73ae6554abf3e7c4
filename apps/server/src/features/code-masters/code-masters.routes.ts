import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const codeMasterRoutes: FastifyPluginAsyncZod = async () => {};
