import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { styled } from '@mui/material/styles';
import type { Team } from '../../../../contract/teams';
import { errorEnvelope } from '../../../api/errors';
import {
  useGetBrowsableTeamsQuery,
  useGetMyTeamsInfiniteQuery,
  useJoinTeamMutation,
  useLeaveTeamMutation,
} from '../../../api/teamsApi';
import { useAppDispatch } from '../../../app/hooks';
import { teamSettingsPath } from '../../../app/paths';
import { teamCopy } from '../../../shared/copy';
import { usePageTitle } from '../../../shared/lib/pageTitle';
import { Avatar } from '../../../shared/ui/Avatar';
import { SmallNavyButton, SmallOutlineButton, mutedWhenDisabled } from '../../../shared/ui/buttons';
import { PHONE } from '../../../shared/ui/layout';
import { tokens } from '../../../shared/ui/tokens';
import { PageTitle, ProfileColumn, TitleRule } from '../profileLayout';
import { toastShown } from '../../toast';

/*
 * `/workspace/teams` — "팀 둘러보기" (issue #23, docs/security.md "Teams"): the workspace's public teams the member
 * is not in, with member counts and a 참여하기 button, and the member's own teams with 나가기 (not the default
 * team). Joining and leaving are one click; a refusal (the last member of a private team) is told in a toast with
 * the server's Korean message.
 */

const Intro = styled('p')({
  margin: '1.2rem 0 0',
  fontSize: '1.5rem',
  color: tokens.grey[600],
  wordBreak: 'keep-all',
});
const JoinButton = styled(SmallNavyButton)(mutedWhenDisabled);

const SectionTitle = styled('h2')({
  margin: '3.2rem 0 1.2rem',
  fontSize: '1.8rem',
  lineHeight: '140%',
  fontWeight: 700,
});

const Rows = styled('ul')({ listStyle: 'none', margin: 0, padding: 0 });

const Row = styled('li')({
  display: 'flex',
  alignItems: 'center',
  gap: '1.2rem',
  minHeight: '6rem',
  padding: '0.8rem 0',
  borderBottom: `1px solid ${tokens.grey[300]}`,
  [PHONE]: { minHeight: '6.4rem' },
});

const Name = styled('div')({
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  flex: 1,
  '& strong': {
    fontSize: '1.6rem',
    lineHeight: '140%',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '& span': { fontSize: '1.3rem', color: tokens.grey[500] },
});

const Badge = styled('span')({
  marginLeft: '0.6rem',
  padding: '0.1rem 0.6rem',
  borderRadius: '0.4rem',
  backgroundColor: tokens.grey[200],
  color: tokens.grey[600],
  fontSize: '1.2rem',
  fontWeight: 400,
});

const SettingsLink = styled(Link)({
  fontSize: '1.4rem',
  color: tokens.grey[600],
  padding: '0.8rem',
  '&:hover': { color: tokens.navy },
});

const OutlineButton = SmallOutlineButton;

const Empty = styled('p')({ margin: 0, fontSize: '1.5rem', color: tokens.grey[500] });

/** A team's name line: name, badges, member count. */
function TeamName({ team }: { team: Team }) {
  const text = teamCopy.browse;
  return (
    <Name>
      <strong>
        {team.teamName}
        {team.isDefault && <Badge>{text.defaultTeam}</Badge>}
        {team.visibility === 'private' && <Badge>{text.private}</Badge>}
      </strong>
      <span>{text.memberCount(team.memberCount)}</span>
    </Name>
  );
}

export default function TeamBrowsePage() {
  const text = teamCopy.browse;
  usePageTitle(text.pageTitle);
  const dispatch = useAppDispatch();
  const { data: browsable, isSuccess } = useGetBrowsableTeamsQuery();
  const { data: minePages } = useGetMyTeamsInfiniteQuery();
  const mine = useMemo(() => minePages?.pages.flatMap((p) => p.teamList) ?? [], [minePages]);
  const [join, joining] = useJoinTeamMutation();
  const [leave, leaving] = useLeaveTeamMutation();
  const busy = joining.isLoading || leaving.isLoading;

  const act = async (team: Team, kind: 'join' | 'leave') => {
    const result = kind === 'join' ? await join(team.teamId) : await leave(team.teamId);
    const message =
      'error' in result && result.error
        ? (errorEnvelope(result.error)?.message ?? text.failed)
        : kind === 'join'
          ? text.joined(team.teamName)
          : text.left(team.teamName);
    dispatch(toastShown({ key: 'team-membership', message }));
  };

  return (
    <ProfileColumn aria-labelledby="team-browse-title">
      <PageTitle id="team-browse-title">{text.title}</PageTitle>
      <Intro>{text.intro}</Intro>
      <TitleRule />

      <SectionTitle>{text.joinable}</SectionTitle>
      {isSuccess && browsable.teamList.length === 0 ? (
        <Empty>{text.noneJoinable}</Empty>
      ) : (
        <Rows aria-label={text.joinable} data-testid="joinable-teams">
          {(browsable?.teamList ?? []).map((team) => (
            <Row key={team.teamId}>
              <Avatar kind="team" size="3.2rem" src={team.teamImageUrl} />
              <TeamName team={team} />
              <JoinButton
                type="button"
                disabled={busy}
                aria-label={`${team.teamName} ${text.join}`}
                onClick={() => void act(team, 'join')}
              >
                {text.join}
              </JoinButton>
            </Row>
          ))}
        </Rows>
      )}

      <SectionTitle>{text.mine}</SectionTitle>
      <Rows aria-label={text.mine} data-testid="my-teams">
        {mine.map((team) => (
          <Row key={team.teamId}>
            <Avatar kind="team" size="3.2rem" src={team.teamImageUrl} />
            <TeamName team={team} />
            <SettingsLink
              to={teamSettingsPath(team.teamId)}
              aria-label={teamCopy.settingsLink(team.teamName)}
            >
              {text.settings}
            </SettingsLink>
            {!team.isDefault && (
              <OutlineButton
                type="button"
                disabled={busy}
                aria-label={`${team.teamName} ${text.leave}`}
                onClick={() => void act(team, 'leave')}
              >
                {text.leave}
              </OutlineButton>
            )}
          </Row>
        ))}
      </Rows>
    </ProfileColumn>
  );
}
