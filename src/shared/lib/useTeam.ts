import { useEffect, useMemo } from 'react';
import { useGetTeamsInfiniteQuery } from '../../api/teamsApi';

/**
 * Team `teamId` (name, image) from the shared team list, or undefined while unknown: later pages load until the
 * team is found. Nothing is requested while `enabled` is false.
 */
export function useTeam(teamId: number, enabled: boolean) {
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = useGetTeamsInfiniteQuery(undefined, {
    skip: !enabled,
  });
  const team = useMemo(
    () => data?.pages.flatMap((page) => page.teamList).find((candidate) => candidate.teamId === teamId),
    [data, teamId],
  );
  useEffect(() => {
    if (enabled && data && !team && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [enabled, data, team, hasNextPage, isFetchingNextPage, fetchNextPage]);
  return team;
}
