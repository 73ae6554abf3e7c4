import { errorSchema } from '@junkan/shared/api/common';
import { jobListResponseSchema, jobNameParamSchema, jobRunResponseSchema } from '@junkan/shared/api/jobs';
import { scheduledJob } from '@junkan/shared/rules/scheduled-jobs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { runDto } from '../../plugins/jobs/scheduler';

/**
 * The scheduled jobs, for administrators (the operations screen): each job's schedule on the business clock, its
 * last run and outcome, its next run and the failures of the last week; and a run now, queued for whichever
 * process works jobs (`npm run job -- <name>` runs one in its own process instead).
 */
export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 401: errorSchema, 403: errorSchema };
  app.get(
    '/admin/jobs',
    {
      config: { permission: 'OPERATIONS' },
      schema: { tags: ['operations'], response: { 200: jobListResponseSchema, ...errors } },
    },
    async () => {
      const { businessNow, jobs } = await app.jobs.scheduler.list();
      return { businessNow: businessNow.toISOString(), jobs };
    },
  );

  app.post(
    '/admin/jobs/:name/run',
    {
      config: { permission: 'OPERATIONS' },
      schema: {
        tags: ['operations'],
        params: jobNameParamSchema,
        response: { 202: jobRunResponseSchema, 404: errorSchema, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      if (!scheduledJob(name)) throw new AppError('job_not_found', 'No such scheduled job');
      const run = await app.jobs.scheduler.queueNow(name);
      if (!run) throw new AppError('job_already_running', 'A run of the job is queued or going');
      request.log.info({ job: name, runId: run.id }, 'scheduled job run asked for');
      return reply.status(202).send({ run: runDto(run) });
    },
  );
};
