import { rejectNulCharacters } from '../http/input-guard';
import { unencapsulated } from './unencapsulated';

/**
 * Request bodies and input: JSON only (the auth module adds urlencoded for its own form posts). An empty JSON body
 * counts as no body, so body-less POSTs from clients that always send `Content-Type: application/json` still work.
 * Before every route's own checks, text with NUL characters is refused, so it never reaches a handler or the
 * database.
 */
export const bodyPlugin = unencapsulated(async (app) => {
  app.addHook('preValidation', rejectNulCharacters);
  app.removeContentTypeParser('text/plain');
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') {
      done(null, undefined);
      return;
    }
    defaultJsonParser(request, body as string, done);
  });
});
