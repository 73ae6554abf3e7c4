import { errorSchema, idParamSchema } from '@junkan/shared/api/common';
import {
  contractDraftSchema,
  contractFileKindParamSchema,
  contractInputSchema,
  contractListItemSchema,
  renewalDecisionSchema,
  returnContractSchema,
} from '@junkan/shared/api/contracts';
import { projectDetailSchema, renewalDecisionResultSchema } from '@junkan/shared/api/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload } from '../../lib/downloads';
import { tokyoDate } from '../../lib/time';
import { approveContract, returnContract } from './contract-answers';
import { contractDraft } from './contract-draft';
import { decideRenewal } from './contract-renewal';
import { saveContract } from './contract-saving';
import { sendContract } from './contract-sending';
import { listContracts, readContractFile, readContractPermitCopy } from './contracts.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['contracts'];
const permission = 'CONTRACT_MANAGEMENT' as const;
const detail = { 200: projectDetailSchema, ...errors };

/**
 * Issue 4: the transporter writes the contract and sends it; the discharger returns it with a reason or
 * approves it; either side decides an auto-renewal. The project's status moves with each step.
 */
export const contractRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/contracts',
    {
      config: { role: 'WASTE', permission, company: 'read' },
      schema: { tags, response: { 200: z.array(contractListItemSchema), ...errors } },
    },
    (request) => listContracts(app.db, request.caller()),
  );

  app.get(
    '/trans/contracts',
    {
      config: { role: 'TRANSPORT', permission, company: 'read' },
      schema: { tags, response: { 200: z.array(contractListItemSchema), ...errors } },
    },
    (request) => listContracts(app.db, request.caller()),
  );

  app.get(
    '/trans/projects/:id/contract-draft',
    {
      config: { role: 'TRANSPORT', permission, company: 'read' },
      schema: { tags, params: idParamSchema, response: { 200: contractDraftSchema, ...errors } },
    },
    (request) => contractDraft(app.db, request.caller(), request.params.id, tokyoDate(app.now())),
  );

  app.put(
    '/trans/projects/:id/contract',
    {
      config: { role: 'TRANSPORT', permission, company: 'read' },
      schema: { tags, params: idParamSchema, body: contractInputSchema, response: detail },
    },
    (request) => {
      return saveContract(app, request.caller(), request.params.id, request.body);
    },
  );

  app.post(
    '/trans/projects/:id/contract/send',
    {
      config: { role: 'TRANSPORT', permission, company: 'read' },
      schema: {
        tags,
        description: 'Renders the contract documents (PDF) and asks the discharger to confirm.',
        params: idParamSchema,
        response: detail,
      },
    },
    (request) => {
      return sendContract(app, request.caller(), request.params.id);
    },
  );

  app.post(
    '/projects/:id/contract/return',
    {
      config: { role: 'WASTE', permission, company: 'read' },
      schema: { tags, params: idParamSchema, body: returnContractSchema, response: detail },
    },
    (request) => {
      return returnContract(app, request.caller(), request.params.id, request.body.reason);
    },
  );

  app.post(
    '/projects/:id/contract/approve',
    {
      config: { role: 'WASTE', permission, company: 'read' },
      schema: { tags, params: idParamSchema, response: detail },
    },
    (request) => {
      return approveContract(app, request.caller(), request.params.id);
    },
  );

  for (const [path, role] of [
    ['/projects/:id/contract/renewal', 'WASTE'],
    ['/trans/projects/:id/contract/renewal', 'TRANSPORT'],
  ] as const)
    app.post(
      path,
      {
        config: { role, permission, company: 'read' },
        schema: {
          tags,
          description:
            'Ending the auto-renewal removes the collections dated after the period (removedCollections).',
          params: idParamSchema,
          body: renewalDecisionSchema,
          response: { 200: renewalDecisionResultSchema, ...errors },
        },
      },
      (request) => {
        return decideRenewal(app, request.caller(), request.params.id, request.body.renewal);
      },
    );

  app.get(
    '/projects/:id/contract/files/:kind',
    {
      config: { permission, company: 'read' },
      schema: { tags, params: contractFileKindParamSchema, produces: ['application/pdf'] },
    },
    async (request, reply) => {
      const file = await readContractFile(app, request.caller(), request.params.id, request.params.kind);
      return sendDownload(reply, file);
    },
  );

  app.get(
    '/projects/:id/contract/permit-file',
    {
      config: { permission, company: 'read' },
      schema: {
        tags,
        description:
          "The PDF copy of the transporter's permit the contract's license was chosen from, for either party " +
          "(the permit's current copy).",
        params: idParamSchema,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) =>
      sendDownload(reply, await readContractPermitCopy(app, request.caller(), request.params.id)),
  );
};
