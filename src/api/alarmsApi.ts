import type {
  AlarmGrouping,
  AlarmPage,
  AlarmType,
  AlarmUnreadCount,
  ALARM_PAGE_SIZE as CONTRACT_PAGE_SIZE,
} from '../../contract/alarms';
import { baseApi, unwrapResult } from './baseApi';
import { NOTIFICATION_LIST_TAG, NOTIFICATION_TAGS, NOTIFICATION_UNREAD_TAG } from './cacheTags';

/*
 * Notifications ("alarms", contract/alarms.ts). Types only from the contract (it carries zod); the page size is
 * declared here (`ALARM_PAGE_SIZE` of contract/alarms.ts, checked by the type below).
 *
 * Tags (cacheTags.ts, shared with the live event stream): every alarm page provides `NOTIFICATION_LIST_TAG`, the
 * unread count `NOTIFICATION_UNREAD_TAG`.
 */

/** Rows a page (contract/alarms.ts `ALARM_PAGE_SIZE`). */
export const ALARM_PAGE_SIZE = 10 satisfies typeof CONTRACT_PAGE_SIZE;

export interface AlarmListArg {
  type: AlarmType;
  grouping: AlarmGrouping;
}

export interface ReadAlarmArg {
  alarmId: number;
  /** The alarm's tab: its unread count goes down with the total. */
  type: AlarmType;
}

export const alarmsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/alarms/{GOAL|ISSUE|EXTERNAL}?query=state|priority|goal|external&cursor&size=10 — the member's
     * alarms of one tab, grouped (`AlarmPage`). An infinite query: the first page without `cursor`, then the
     * previous page's `nextCursor` while `hasNext`. Every page lists every non-empty group with this page's rows;
     * the page merges them by `groupKey` (features/notifications/alarmModel.ts#toListPages).
     */
    getAlarms: build.infiniteQuery<AlarmPage, AlarmListArg, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) =>
          lastPage.hasNext && lastPage.nextCursor ? lastPage.nextCursor : undefined,
      },
      query: ({ queryArg: { type, grouping }, pageParam }) => ({
        url: `/api/alarms/${type}`,
        params: {
          query: grouping.toLowerCase(),
          size: ALARM_PAGE_SIZE,
          ...(pageParam ? { cursor: pageParam } : {}),
        },
      }),
      transformResponse: unwrapResult<AlarmPage>,
      providesTags: [NOTIFICATION_LIST_TAG],
    }),

    /** GET /api/alarms/unread-count — `{ total, GOAL, ISSUE, EXTERNAL }`: the member's unread alarms. */
    getAlarmUnreadCount: build.query<AlarmUnreadCount, void>({
      query: () => '/api/alarms/unread-count',
      transformResponse: unwrapResult<AlarmUnreadCount>,
      providesTags: [NOTIFICATION_UNREAD_TAG],
    }),

    /**
     * PATCH /api/alarms/{alarmId} — marks one of the member's alarms read (404 for another member's id). Optimistic:
     * the cached pages show the row read and the unread counts drop at once (undone on failure); afterwards the
     * pages and the count are refetched either way.
     */
    readAlarm: build.mutation<unknown, ReadAlarmArg>({
      query: ({ alarmId }) => ({ url: `/api/alarms/${alarmId}`, method: 'PATCH' }),
      async onQueryStarted({ alarmId, type }, { dispatch, getState, queryFulfilled }) {
        const patches = alarmsApi.util.selectCachedArgsForQuery(getState(), 'getAlarms').map((arg) =>
          dispatch(
            alarmsApi.util.updateQueryData('getAlarms', arg, (draft) => {
              for (const page of draft.pages) {
                for (const group of page.groupedList) {
                  for (const row of group.notiList) if (row.alarmId === alarmId) row.read = true;
                }
              }
            }),
          ),
        );
        patches.push(
          dispatch(
            alarmsApi.util.updateQueryData('getAlarmUnreadCount', undefined, (draft) => {
              draft.total = Math.max(0, draft.total - 1);
              draft[type] = Math.max(0, draft[type] - 1);
            }),
          ),
        );
        try {
          await queryFulfilled;
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
      invalidatesTags: [...NOTIFICATION_TAGS],
    }),

    /** DELETE /api/alarms with a JSON array of the member's alarm ids (1…1,000) as the body. */
    deleteAlarms: build.mutation<unknown, number[]>({
      query: (ids) => ({ url: '/api/alarms', method: 'DELETE', body: ids }),
      invalidatesTags: (_result, error) => (error ? [] : [...NOTIFICATION_TAGS]),
    }),
  }),
});

export const {
  useGetAlarmsInfiniteQuery,
  useGetAlarmUnreadCountQuery,
  useReadAlarmMutation,
  useDeleteAlarmsMutation,
} = alarmsApi;
