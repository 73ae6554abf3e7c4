import { errorSchema, idParamSchema } from '@junkan/shared/api/common';
import {
  dispatchAssignSchema,
  dispatchOrderSchema,
  dispatchQuerySchema,
  dispatchResultSchema,
  dispatchSchema,
  driverCreateSchema,
  driverListSchema,
  driverSchema,
  driverUpdateSchema,
  vehicleInputSchema,
  vehicleListSchema,
  vehicleSchema,
} from '@junkan/shared/api/drivers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assignStops, getDispatch, orderStops } from './dispatch.service';
import { createDriver, listDrivers, updateDriver } from './drivers.service';
import { createVehicle, deleteVehicle, listVehicles, updateVehicle } from './vehicles.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['dispatch'];
/**
 * The office's drivers, vehicles and dispatch: a transporter, or an admin acting for one. A driver (role DRIVER)
 * holds none of it. Reads are scoped to the caller's company; writes act for it.
 */
const read = { role: 'TRANSPORT', permission: 'DRIVER_MANAGEMENT', company: 'read' } as const;
const act = { role: 'TRANSPORT', permission: 'DRIVER_MANAGEMENT', company: 'act' } as const;

export const dispatchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/trans/vehicles',
    { config: read, schema: { tags, response: { 200: vehicleListSchema, ...errors } } },
    (request) => listVehicles(app.db, request.caller().companyId),
  );
  app.post(
    '/trans/vehicles',
    {
      config: act,
      schema: { tags, body: vehicleInputSchema, response: { 201: vehicleSchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await createVehicle(app, request.caller(), request.body)),
  );
  app.put(
    '/trans/vehicles/:id',
    {
      config: act,
      schema: {
        tags,
        params: idParamSchema,
        body: vehicleInputSchema,
        response: { 200: vehicleSchema, ...errors },
      },
    },
    (request) => updateVehicle(app, request.caller(), request.params.id, request.body),
  );
  app.delete(
    '/trans/vehicles/:id',
    {
      config: act,
      schema: {
        tags,
        description:
          'Deletes a vehicle nothing names; one a driver, stop or mark names is 409 vehicle_in_use.',
        params: idParamSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteVehicle(app, request.caller(), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/trans/drivers',
    { config: read, schema: { tags, response: { 200: driverListSchema, ...errors } } },
    (request) => listDrivers(app.db, request.caller().companyId),
  );
  app.post(
    '/trans/drivers',
    {
      config: act,
      schema: {
        tags,
        description:
          'A driver of the company; it gets a mail to set its password, and is enabled once it has.',
        body: driverCreateSchema,
        response: { 201: driverSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createDriver(app, request.caller(), request.body)),
  );
  app.put(
    '/trans/drivers/:id',
    {
      config: act,
      schema: {
        tags,
        description:
          'Renames a driver and sets its usual vehicle. enabled false stops an enabled driver (its sign-ins end); ' +
          'true restarts a stopped one, or mails a driver that never set its password a new invitation.',
        params: idParamSchema,
        body: driverUpdateSchema,
        response: { 200: driverSchema, ...errors },
      },
    },
    (request) => updateDriver(app, request.caller(), request.params.id, request.body),
  );

  app.get(
    '/trans/dispatch',
    {
      config: read,
      schema: { tags, querystring: dispatchQuerySchema, response: { 200: dispatchSchema, ...errors } },
    },
    (request) => getDispatch(app.db, request.caller().companyId, request.query.date),
  );
  app.post(
    '/trans/dispatch/assign',
    {
      config: act,
      schema: { tags, body: dispatchAssignSchema, response: { 200: dispatchResultSchema, ...errors } },
    },
    (request) => assignStops(app, request.caller(), request.body),
  );
  app.post(
    '/trans/dispatch/order',
    {
      config: act,
      schema: { tags, body: dispatchOrderSchema, response: { 200: dispatchResultSchema, ...errors } },
    },
    (request) => orderStops(app, request.caller(), request.body),
  );
};
