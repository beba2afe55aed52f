import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { itemDetailApi } from '../../api/itemDetailApi';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { detailOfPath } from './currentTeam';
import { recentItemVisited } from './recentSlice';

/**
 * Records the item of an open detail page as recently opened, once the page has loaded it: reads the detail
 * page's own cache entry (no request, no subscription of its own), so titles and states are the ones shown.
 */
export function useRecordRecentVisit() {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const target = detailOfPath(pathname);
  const kind = target?.kind;
  const teamId = target?.teamId;
  const id = target?.id;
  const select = useMemo(
    () =>
      kind && teamId !== undefined && id !== undefined
        ? itemDetailApi.endpoints.getItemDetail.select({ kind, teamId, id })
        : null,
    [kind, teamId, id],
  );
  const detail = useAppSelector((state) => (select ? select(state).data : undefined));

  useEffect(() => {
    if (!detail || !kind || id === undefined || detail.id !== id) return;
    dispatch(
      recentItemVisited({
        kind,
        id,
        teamId: detail.teamId,
        teamName: detail.teamName,
        name: detail.name,
        title: detail.title,
        state: detail.state,
      }),
    );
  }, [detail, kind, id, dispatch]);
}
