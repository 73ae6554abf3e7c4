import { hasInvalidCharacters } from '@junkan/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

/** The path (`items.0.name`) of the first string, or object key, holding NUL or a lone surrogate; else null. */
export function findInvalidText(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return hasInvalidCharacters(value) ? path || '_' : null;
  if (!value || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (hasInvalidCharacters(key)) return itemPath;
    const found = findInvalidText(item, itemPath);
    if (found) return found;
  }
  return null;
}

/**
 * Every call refuses text no column can store (NUL, lone surrogates) in its path, query and JSON body before
 * its own schema runs, so a new call is covered without naming the rule in its schema.
 */
export const inputGuard = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findInvalidText(part);
      if (field) {
        throw new AppError('validation_error', 'Validation failed', { [field]: 'invalid_characters' });
      }
    }
  });
});
