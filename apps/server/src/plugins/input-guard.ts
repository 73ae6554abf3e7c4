import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { findInvalidText, jsonBeyondBounds } from '../lib/input-bounds';

/**
 * Every call's input, before its own schema runs, so a new call is covered without naming the rule in its schema:
 * - a JSON body is read within `JSON_BOUNDS` (bytes, depth, values, property-name length) before it is parsed,
 *   and refused 400 `request_too_complex` past them (with Fastify's own parser and its prototype-poisoning
 *   checks after);
 * - text no column can store (NUL, lone surrogates) in the path, query and body is refused 400
 *   `invalid_characters` on its field, found by a walk that keeps its own stack.
 */
export const inputGuard = fp(async (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonBeyondBounds(body as string)) {
      done(new AppError('request_too_complex', 'Request too complex'), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });

  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findInvalidText(part);
      if (field) {
        throw new AppError('validation_error', 'Validation failed', { [field]: 'invalid_characters' });
      }
    }
  });
});
