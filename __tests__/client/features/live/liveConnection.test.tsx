import { act, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { LiveEvent } from '../../../../contract/events';
import { LiveUpdates } from '../../../../src/features/live/LiveUpdates';
import { backoffDelay } from '../../../../src/features/live/liveConnection';
import { startLiveUpdates, type LiveEnvironment } from '../../../../src/features/live/liveUpdates';
import { createEventMarks, eventMarks, type EventMarks } from '../../../../src/shared/lib/eventMarks';
import { reissueFailed } from '../../../../src/features/session/sessionSlice';
import { createTestStore, envelopeResponse, mockFetch } from '../../support/helpers';
import { signedIn } from '../items/itemListSupport';
import { FakeEventSource, fakeLocks } from './liveSupport';
import { onePage, team, teamsHandler } from '../workspace/workspaceSupport';
import { teamsApi } from '../../../../src/api/teamsApi';

/*
 * The event stream connection (src/features/live/liveConnection.ts, liveUpdates.ts, liveSaga.ts, LiveUpdates.tsx): tickets,
 * resume point, backoff, the quiet offline status, sign-out, and one stream per browser across tabs.
 */

const OFFLINE = '연결이 끊겼습니다 — 다시 연결 중';
const teamCreated: LiveEvent = { type: 'team.created', actorId: 2, teamId: 12 };

beforeEach(() => {
  FakeEventSource.reset();
  eventMarks.forget();
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

/** Lets pending promise callbacks (ticket → new EventSource) run. */
const flush = async () => {
  for (let index = 0; index < 5; index++) await Promise.resolve();
};

describe('backoffDelay', () => {
  it('doubles from 1 s to at most 30 s, with ±25 % jitter', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((attempt) => backoffDelay(attempt, () => 0.5))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(backoffDelay(3, () => 0)).toBe(6000);
    expect(backoffDelay(3, () => 0.999)).toBe(9996);
    expect(backoffDelay(0, () => 0)).toBe(1000);
    expect(backoffDelay(8, () => 0.999)).toBe(30000);
  });
});

describe('a stream with tickets (startLiveUpdates, no other tabs)', () => {
  /** Tickets `t1`, `t2`, … */
  const numberedTickets = () => {
    let issued = 0;
    return jest.fn(async (): Promise<string> => `t${++issued}`);
  };

  function start(fetchTicket: jest.Mock<Promise<string>, []> = numberedTickets()) {
    const applied: LiveEvent[] = [];
    const statuses: boolean[] = [];
    const env: LiveEnvironment = { EventSource: FakeEventSource, locks: null, BroadcastChannel: null };
    const stop = startLiveUpdates({
      env,
      fetchTicket,
      random: () => 0.5,
      apply: (event) => applied.push(event),
      onStatus: (connected) => statuses.push(connected),
    })!;
    return { stop, applied, statuses, fetchTicket };
  }

  it('reconnects after an error with a new ticket and lastEventId, backing off 1 s, 2 s, 4 s …', async () => {
    jest.useFakeTimers();
    const { stop, applied, statuses, fetchTicket } = start();
    await flush();
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(FakeEventSource.latest.param('ticket')).toBe('t1');
    expect(FakeEventSource.latest.param('lastEventId')).toBeNull();

    FakeEventSource.latest.open();
    FakeEventSource.latest.emit('41', teamCreated);
    FakeEventSource.latest.emit('42', { type: 'team.reordered', actorId: 2 });
    expect(applied.map((event) => event.type)).toEqual(['team.created', 'team.reordered']);
    expect(statuses).toEqual([false, true]);

    const first = FakeEventSource.latest;
    first.fail();
    // Never left to EventSource's own retry (the ticket is used up).
    expect(first.closed).toBe(true);
    expect(statuses).toEqual([false, true, false]);

    await act(() => jest.advanceTimersByTimeAsync(999));
    expect(FakeEventSource.instances).toHaveLength(1);
    await act(() => jest.advanceTimersByTimeAsync(1));
    await flush();
    expect(fetchTicket).toHaveBeenCalledTimes(2);
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.latest.param('ticket')).toBe('t2');
    expect(FakeEventSource.latest.param('lastEventId')).toBe('42');

    // Refused at once again: 2 s, then 4 s.
    FakeEventSource.latest.fail();
    await act(() => jest.advanceTimersByTimeAsync(1999));
    expect(FakeEventSource.instances).toHaveLength(2);
    await act(() => jest.advanceTimersByTimeAsync(1));
    await flush();
    expect(FakeEventSource.instances).toHaveLength(3);
    FakeEventSource.latest.fail();
    await act(() => jest.advanceTimersByTimeAsync(3999));
    expect(FakeEventSource.instances).toHaveLength(3);
    await act(() => jest.advanceTimersByTimeAsync(1));
    await flush();
    expect(FakeEventSource.instances).toHaveLength(4);

    // A connection that stayed up resets the backoff to 1 s.
    FakeEventSource.latest.open();
    await act(() => jest.advanceTimersByTimeAsync(60_000));
    FakeEventSource.latest.fail();
    await act(() => jest.advanceTimersByTimeAsync(1000));
    await flush();
    expect(FakeEventSource.instances).toHaveLength(5);
    stop();
  });

  it('backs off when no ticket can be had, and stops for good on stop()', async () => {
    jest.useFakeTimers();
    const fetchTicket = jest.fn(async (): Promise<string> => {
      throw new Error('503');
    });
    const { stop } = start(fetchTicket);
    await flush();
    expect(fetchTicket).toHaveBeenCalledTimes(1);
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(fetchTicket).toHaveBeenCalledTimes(2);
    await act(() => jest.advanceTimersByTimeAsync(2000));
    expect(fetchTicket).toHaveBeenCalledTimes(3);
    stop();
    await act(() => jest.advanceTimersByTimeAsync(120_000));
    expect(fetchTicket).toHaveBeenCalledTimes(3);
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it('refetches everything after reconnecting when no event id was ever received (events may be lost)', async () => {
    jest.useFakeTimers();
    const { stop, applied } = start();
    await flush();
    FakeEventSource.latest.open();
    expect(applied).toEqual([]);
    FakeEventSource.latest.fail();
    await act(() => jest.advanceTimersByTimeAsync(1000));
    await flush();
    FakeEventSource.latest.open();
    expect(applied).toEqual([{ type: 'resync' }]);
    stop();
  });
});

describe('the live saga and <LiveUpdates /> in the app', () => {
  async function renderLive() {
    const { seen } = mockFetch({
      'POST /api/events/ticket': () =>
        envelopeResponse(200, { ticket: `ticket-${seen.length}`, expiresIn: 30 }),
      'GET /api/workspace/setting/teams': teamsHandler(onePage(team(7, 'Acme', true))),
    });
    const env: LiveEnvironment = { EventSource: FakeEventSource, locks: null, BroadcastChannel: null };
    // The live saga starts with the session (the token is already there) and runs the stream in `env`.
    const bundle = await createTestStore({ preloadedState: signedIn, liveEnvironment: env });
    render(
      <Provider store={bundle.store}>
        <LiveUpdates />
      </Provider>,
    );
    return { ...bundle, seen };
  }

  it('asks for a ticket with the access token, opens the stream with it and applies its events', async () => {
    const { store, seen } = await renderLive();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const ticketRequest = seen.find((request) => request.path === '/api/events/ticket');
    expect(ticketRequest).toMatchObject({ method: 'POST', authorization: 'Bearer tok' });
    expect(FakeEventSource.latest.url).toBe('/api/events?ticket=ticket-1');
    // The ticket is used, never kept in the store.
    expect(JSON.stringify(store.getState())).not.toContain('ticket-1');

    const subscription = store.dispatch(teamsApi.endpoints.getTeams.initiate());
    await subscription;
    const teamRequests = () =>
      seen.filter((request) => request.path === '/api/workspace/setting/teams').length;
    expect(teamRequests()).toBe(1);
    act(() => {
      FakeEventSource.latest.open();
      FakeEventSource.latest.emit('7', teamCreated);
    });
    await waitFor(() => expect(teamRequests()).toBe(2));
    subscription.unsubscribe();
  });

  it('resumes the first stream after the event mark of the data the app fetched before it', async () => {
    const { seen } = mockFetch({
      'GET /api/workspace/setting/teams': () => {
        const response = envelopeResponse(200, onePage(team(7, 'Acme', true)));
        response.headers.set('x-event-mark', '314');
        return response;
      },
      'POST /api/events/ticket': () => {
        const response = envelopeResponse(200, { ticket: `ticket-${seen.length}`, expiresIn: 30 });
        response.headers.set('x-event-mark', '320');
        return response;
      },
    });
    const env: LiveEnvironment = { EventSource: FakeEventSource, locks: null, BroadcastChannel: null };
    // The data is read before the app's store and its stream exist (as by the early script); the marks are the
    // page's, shared by both.
    const early = await createTestStore({ preloadedState: signedIn });
    const subscription = early.store.dispatch(teamsApi.endpoints.getTeams.initiate());
    await subscription;
    expect(FakeEventSource.instances).toHaveLength(0);
    // The app's store starts with the session: so does the stream.
    await createTestStore({ preloadedState: signedIn, liveEnvironment: env });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(FakeEventSource.latest.param('lastEventId')).toBe('314');
    subscription.unsubscribe();
  });

  it('shows the quiet offline status after 5 s without a stream and hides it once reconnected', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    await renderLive();
    await act(() => jest.advanceTimersByTimeAsync(0));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() => FakeEventSource.latest.open());
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    act(() => FakeEventSource.latest.fail());
    await act(() => jest.advanceTimersByTimeAsync(4000));
    // Reconnect attempts fail quietly meanwhile.
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    act(() => FakeEventSource.latest.fail());
    expect(screen.queryByText(OFFLINE)).not.toBeInTheDocument();

    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE);

    await act(() => jest.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(3));
    expect(FakeEventSource.latest.param('lastEventId')).toBeNull();
    act(() => FakeEventSource.latest.open());
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('closes the stream on sign-out and reconnects no more', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    const { store } = await renderLive();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() => FakeEventSource.latest.open());

    act(() => {
      store.dispatch(reissueFailed());
    });
    expect(FakeEventSource.latest.closed).toBe(true);
    await act(() => jest.advanceTimersByTimeAsync(120_000));
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});

describe('one stream per browser (Web Locks + BroadcastChannel)', () => {
  it('the leader tab holds the only stream and relays its events; a follower takes over where it left off', async () => {
    const locks = fakeLocks();
    const env: LiveEnvironment = { EventSource: FakeEventSource, locks, BroadcastChannel };
    const tab = () => {
      const applied: LiveEvent[] = [];
      const statuses: boolean[] = [];
      let ticket = 0;
      const stop = startLiveUpdates({
        env,
        fetchTicket: async () => `ticket-${++ticket}`,
        apply: (event) => applied.push(event),
        onStatus: (connected) => statuses.push(connected),
      })!;
      return { stop, applied, statuses };
    };

    const first = tab();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const second = tab();
    FakeEventSource.latest.open();
    await waitFor(() => expect(second.statuses.at(-1)).toBe(true));

    FakeEventSource.latest.emit('41', teamCreated);
    expect(first.applied).toEqual([teamCreated]);
    await waitFor(() => expect(second.applied).toEqual([teamCreated]));
    // Still one stream for two tabs.
    expect(FakeEventSource.instances).toHaveLength(1);

    first.stop();
    expect(FakeEventSource.instances[0]!.closed).toBe(true);
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    expect(FakeEventSource.latest.param('lastEventId')).toBe('41');
    FakeEventSource.latest.emit('42', { type: 'team.reordered', actorId: 1 });
    expect(second.applied.map((event) => event.type)).toEqual(['team.created', 'team.reordered']);
    second.stop();
  });
});

describe('data fetched before the stream opens (x-event-mark)', () => {
  const resync: LiveEvent = { type: 'resync' };

  function tab(marks: EventMarks, env: LiveEnvironment) {
    const applied: LiveEvent[] = [];
    const statuses: boolean[] = [];
    let ticket = 0;
    const stop = startLiveUpdates({
      env,
      marks,
      fetchTicket: async () => `ticket-${++ticket}`,
      apply: (event) => applied.push(event),
      onStatus: (connected) => statuses.push(connected),
    })!;
    return { stop, applied, statuses };
  }
  const alone = (): LiveEnvironment => ({ EventSource: FakeEventSource, locks: null, BroadcastChannel: null });

  it('the first stream resumes after the oldest mark of the answers received before it', async () => {
    const marks = createEventMarks();
    marks.note('40'); // the list's first page
    marks.note('38'); // the detail, read a moment earlier
    marks.note('not-a-mark');
    const { stop } = tab(marks, alone());
    await flush();
    expect(FakeEventSource.latest.param('lastEventId')).toBe('38');
    stop();
  });

  it('nothing fetched before: the stream starts live, as before', async () => {
    const { stop } = tab(createEventMarks(), alone());
    await flush();
    expect(FakeEventSource.latest.param('lastEventId')).toBeNull();
    stop();
  });

  it('an answer older than the stream, arriving after it began, refetches what is shown once', async () => {
    const marks = createEventMarks();
    marks.note('50');
    const { stop, applied } = tab(marks, alone());
    await flush();
    FakeEventSource.latest.open();
    marks.note('55'); // a newer answer: nothing to do
    expect(applied).toEqual([]);
    marks.note('45'); // was in flight when the stream began at 50
    marks.note('45');
    expect(applied).toEqual([resync]);
    stop();
  });

  it('after a stop, the next stream resumes where the last one stood', async () => {
    const marks = createEventMarks();
    marks.note('10');
    const first = tab(marks, alone());
    await flush();
    FakeEventSource.latest.open();
    FakeEventSource.latest.emit('12', teamCreated);
    first.stop();
    const again = tab(marks, alone());
    await flush();
    expect(FakeEventSource.latest.param('lastEventId')).toBe('12');
    again.stop();
  });

  it('a tab that follows another tab refetches when the leader is past its data, and not otherwise', async () => {
    const locks = fakeLocks();
    const env: LiveEnvironment = { EventSource: FakeEventSource, locks, BroadcastChannel };
    const leaderMarks = createEventMarks();
    leaderMarks.note('20');
    const leader = tab(leaderMarks, env);
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(FakeEventSource.latest.param('lastEventId')).toBe('20');
    FakeEventSource.latest.open();
    FakeEventSource.latest.emit('24', teamCreated);

    // Read at 22, heard the leader at 24: the event 24 may be missing from its data.
    const behind = createEventMarks();
    behind.note('22');
    const late = tab(behind, env);
    await waitFor(() => expect(late.statuses.at(-1)).toBe(true));
    expect(late.applied).toEqual([resync]);

    // Read at 24: up to date.
    const current = createEventMarks();
    current.note('24');
    const fresh = tab(current, env);
    await waitFor(() => expect(fresh.statuses.at(-1)).toBe(true));
    expect(fresh.applied).toEqual([]);

    FakeEventSource.latest.emit('25', { type: 'team.reordered', actorId: 1 });
    await waitFor(() => expect(fresh.applied.map((e) => e.type)).toEqual(['team.reordered']));
    expect(leader.applied.map((e) => e.type)).toEqual(['team.created', 'team.reordered']);
    fresh.stop();
    late.stop();
    leader.stop();
  });
});
