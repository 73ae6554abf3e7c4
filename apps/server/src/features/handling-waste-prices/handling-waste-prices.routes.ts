import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const handlingWastePriceRoutes: FastifyPluginAsyncZod = async () => {};
