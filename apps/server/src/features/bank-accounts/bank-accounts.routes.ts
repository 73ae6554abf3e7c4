import {
  bankAccountsSchema,
  bankCodeParamSchema,
  bankSearchQuerySchema,
  bankSearchResultSchema,
  saveBankAccountsSchema,
} from '@junkan/shared/api/bank-accounts';
import { errorSchema } from '@junkan/shared/api/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { listBankAccounts, saveBankAccounts } from './bank-accounts.service';
import { searchBanks, searchBranches } from './bank-list';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const tags = ['bank-accounts'];
/** The transporter (or an admin acting as it) keeps its accounts on its account information screen. */
const config = { permission: 'ACCOUNT_INFO_TRANS', role: 'TRANSPORT' } as const;
/** The company's own bank accounts. */
const ownConfig = { ...config, company: 'act' } as const;

/** The zengin bank and branch look-ups, and a transport company's bank accounts (振込先). */
export const bankAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/banks',
    {
      config,
      schema: {
        tags,
        description:
          'Banks of the zengin code list by code prefix or name (kanji, kana, rōmaji), at most 50.',
        querystring: bankSearchQuerySchema,
        response: { 200: bankSearchResultSchema, ...errors },
      },
    },
    (request) => searchBanks(request.query.keyword),
  );

  app.get(
    '/banks/:bankCode/branches',
    {
      config,
      schema: {
        tags,
        description: "A bank's branches by code prefix or name, at most 50.",
        params: bankCodeParamSchema,
        querystring: bankSearchQuerySchema,
        response: { 200: bankSearchResultSchema, ...errors },
      },
    },
    (request) => {
      const result = searchBranches(request.params.bankCode, request.query.keyword);
      if (!result) throw new AppError('not_found', 'Bank not found');
      return result;
    },
  );

  app.get(
    '/trans/bank-accounts',
    { config: ownConfig, schema: { tags, response: { 200: bankAccountsSchema, ...errors } } },
    (request) => listBankAccounts(app, request.caller()),
  );

  app.put(
    '/trans/bank-accounts',
    {
      config: ownConfig,
      schema: {
        tags,
        description:
          'Replaces the accounts: bank and branch codes from the list, type, 7-digit number, holder in half-width kana.',
        body: saveBankAccountsSchema,
        response: { 200: bankAccountsSchema, ...errors },
      },
    },
    (request) => saveBankAccounts(app, request.caller(), request.body),
  );
};
