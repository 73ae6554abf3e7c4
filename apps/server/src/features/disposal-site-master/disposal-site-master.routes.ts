import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const disposalSiteMasterRoutes: FastifyPluginAsyncZod = async () => {};
