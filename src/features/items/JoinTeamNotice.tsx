import { useMemo } from 'react';
import { styled } from '@mui/material/styles';
import { errorEnvelope } from '../../api/errors';
import { useGetBrowsableTeamsQuery, useJoinTeamMutation } from '../../api/teamsApi';
import { useAppDispatch } from '../../app/hooks';
import { teamCopy } from '../../shared/copy';
import { SmallNavyButton } from '../../shared/ui/buttons';
import { PHONE } from '../../shared/ui/layout';
import { tokens } from '../../shared/ui/tokens';
import { toastShown } from '../toast';

/*
 * issue #23 (teams and membership): on the pages of a public team the member is not in, a notice says that only
 * the team's members write there, with a one-click 참여하기 — instead of forms that fail with 403 `TEAM403_1`.
 * Shown only for a team listed by 팀 둘러보기 (a public team of the workspace the member is not in).
 */

const Bar = styled('div')({
  display: 'flex',
  alignItems: 'center',
  gap: '1.2rem',
  margin: '1.6rem 2.4rem 0',
  padding: '1rem 1.6rem',
  borderRadius: '0.6rem',
  backgroundColor: tokens.grey[200],
  fontSize: '1.4rem',
  lineHeight: '150%',
  '& p': { margin: 0, flex: 1, minWidth: 0 },
  [PHONE]: { margin: '1.2rem 1.6rem 0', flexWrap: 'wrap' },
});

/** The notice for team `teamId`, or nothing when the member is in it (or while their teams load). */
export function JoinTeamNotice({ teamId }: { teamId: number }) {
  // The public teams the member may join (`팀 둘러보기`): a missing or private team is never among them.
  const { data } = useGetBrowsableTeamsQuery();
  const dispatch = useAppDispatch();
  const [join, joining] = useJoinTeamMutation();
  const outside = useMemo(
    () => data?.teamList.some((team) => team.teamId === teamId) ?? false,
    [data, teamId],
  );
  if (!outside) return null;
  const text = teamCopy.joinNotice;
  return (
    <Bar role="note" data-testid="join-team-notice">
      <p>{text.text}</p>
      <SmallNavyButton
        type="button"
        disabled={joining.isLoading}
        onClick={() =>
          void join(teamId).then((result) => {
            if ('error' in result && result.error) {
              const message = errorEnvelope(result.error)?.message ?? teamCopy.browse.failed;
              dispatch(toastShown({ key: 'team-membership', message }));
            }
          })
        }
      >
        {text.join}
      </SmallNavyButton>
    </Bar>
  );
}
