import type { EventTicket } from '../../contract/events';
import { baseApi, unwrapResult } from './baseApi';

/* Types only from contract/events: zod never reaches the client bundle. */

export const eventsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /api/events/ticket (bearer) — `{ ticket, expiresIn }`: a single-use ticket for `GET /api/events?ticket=`,
     * valid `expiresIn` seconds (contract/events.ts). Goes through the app's base query, so the access token and
     * its renewal apply; a 401 after a failed renewal means signed out. Callers dispatch it with `track: false`
     * (the ticket is used at once and never kept in the store).
     */
    createEventTicket: build.mutation<EventTicket, void>({
      query: () => ({ url: '/api/events/ticket', method: 'POST' }),
      transformResponse: unwrapResult<EventTicket>,
    }),
  }),
});
