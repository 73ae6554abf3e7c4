import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const businessCalendarRoutes: FastifyPluginAsyncZod = async () => {};
