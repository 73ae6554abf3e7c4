import { errorSchema } from '@junkan/shared/api/common';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mailOutbox } from '../../db/schema';

const outboxItemSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.string(),
  error: z.string().nullable(),
  createdAt: z.date(),
  sentAt: z.date().nullable(),
});

/** The mail outbox, for administrators and developers (ruling 13). */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/outbox',
    {
      config: { permission: 'MASTER_ACCOUNT' },
      schema: {
        tags: ['mail'],
        querystring: z.object({ to: z.string().max(254).optional() }),
        response: { 200: z.array(outboxItemSchema), 401: errorSchema, 403: errorSchema },
      },
    },
    (request) =>
      app.db
        .select()
        .from(mailOutbox)
        .where(request.query.to ? eq(mailOutbox.to, request.query.to.toLowerCase()) : undefined)
        .orderBy(desc(mailOutbox.id))
        .limit(100),
  );
};
