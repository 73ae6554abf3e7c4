import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const transportOperatorMasterRoutes: FastifyPluginAsyncZod = async () => {};
