import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const collectionAreaRoutes: FastifyPluginAsyncZod = async () => {};
