import { lazy, Suspense, useState } from 'react';
import { styled } from '@mui/material/styles';
import type { ItemKind } from '../../../../contract/itemEnums';
import { isAdminRole } from '../../../../contract/roles';
import { useGetExternalLinksQuery } from '../../../api/itemsApi';
import { useGetWorkspaceProfileQuery } from '../../../api/workspaceApi';
import { copy, type ItemScope } from '../../../shared/copy';
import { useTeam } from '../../../shared/lib/useTeam';
import { Avatar } from '../../../shared/ui/Avatar';
import { SmallNavyButton } from '../../../shared/ui/buttons';
import { GitHubLogo, SlackLogo } from '../../../shared/ui/icons/serviceLogos';
import { tokens } from '../../../shared/ui/tokens';
import { loadConnectModal } from '../../integrations';
import { PlusIcon } from '../icons';

/*
 * The list header (docs/product.md "Grouped lists"): a 3.2rem round avatar and the team's name (2.4rem bold); joint
 * (default-team) pages show the workspace's name and image. External lists add the integration area: a navy
 * "연동하기" button when nothing is linked, otherwise the linked tools' logos (and a blue "+" while only one is);
 * the buttons only for workspace admins (members see the logos; team settings lists the states and disconnects).
 * Both buttons open the "외부 연동" modal, a lazy chunk (`integrations-connect`) fetched on first hover/focus/click.
 */

const ConnectModal = lazy(loadConnectModal);

/* Phones: a 2rem title; the integration area wraps under the name when both do not fit on one line. */
const Header = styled('header')(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  minHeight: '3.6rem',
  gap: '1.6rem',
  [theme.breakpoints.down('sm')]: {
    columnGap: '1.2rem',
    rowGap: '0.8rem',
    '& > h1': { fontSize: '2rem' },
  },
}));

const Title = styled('h1')({
  flex: '0 1 auto',
  minWidth: 0,
  margin: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontSize: '2.4rem',
  lineHeight: '150%',
  fontWeight: 700,
  letterSpacing: '-0.02em',
  color: tokens.grey[600],
});

const Integrations = styled('div')(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: '3.2rem',
  marginLeft: '1.6rem',
  '& .linked': { display: 'inline-flex' },
  [theme.breakpoints.down('sm')]: {
    gap: '1.2rem',
    marginLeft: 'auto',
    '& > button': { minWidth: '4.4rem', minHeight: '4.4rem', justifyContent: 'center' },
  },
}));

/** "연동하기": the small navy button, a little taller, with a plus before the text. */
const ConnectButton = styled(SmallNavyButton)({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.6rem',
  height: '3.6rem',
  padding: '0 1.4rem 0 1.1rem',
  fontWeight: 700,
});

const AddButton = styled('button')({
  display: 'inline-flex',
  padding: 0,
  border: 0,
  borderRadius: '0.4rem',
  background: 'none',
  color: tokens.navyVariant,
  cursor: 'pointer',
  '&:focus-visible': { outline: `0.2rem solid ${tokens.navyVariant}`, outlineOffset: '0.2rem' },
});

/** The header row and its 2.4rem bold title, for pages that head a list with their own icon and name. */
export { Header as ListHeaderBar, Title as ListTitle };

function IntegrationArea({ teamId }: { teamId: number }) {
  const { data } = useGetExternalLinksQuery(teamId);
  // Only workspace admins connect tools (docs/security.md "Roles"): members see what is linked, no buttons.
  const { data: profile } = useGetWorkspaceProfileQuery();
  const canConnect = isAdminRole(profile?.myRole);
  const [open, setOpen] = useState(false);
  const text = copy.itemList.integrations;
  if (!data || (!canConnect && !data.linkedWithGithub && !data.linkedWithSlack)) return null;
  const opener = {
    onClick: () => setOpen(true),
    onPointerEnter: () => void loadConnectModal(),
    onFocus: () => void loadConnectModal(),
    'aria-haspopup': 'dialog' as const,
  };
  const linked = [data.linkedWithGithub && 'GITHUB', data.linkedWithSlack && 'SLACK'].filter(Boolean);
  return (
    <Integrations role="group" aria-label={text.label}>
      {linked.length === 0 && canConnect ? (
        <ConnectButton type="button" {...opener}>
          <PlusIcon size="1.8rem" />
          {text.connect}
        </ConnectButton>
      ) : (
        <>
          {data.linkedWithGithub && (
            <span className="linked" role="img" aria-label={text.linked.GITHUB}>
              <GitHubLogo />
            </span>
          )}
          {data.linkedWithSlack && (
            <span className="linked" role="img" aria-label={text.linked.SLACK}>
              <SlackLogo />
            </span>
          )}
          {linked.length === 1 && canConnect && (
            <AddButton type="button" aria-label={text.add} {...opener}>
              <PlusIcon />
            </AddButton>
          )}
        </>
      )}
      {open && (
        <Suspense fallback={null}>
          <ConnectModal open onClose={() => setOpen(false)} teamId={teamId} />
        </Suspense>
      )}
    </Integrations>
  );
}

/**
 * Who owns a list page: `name` and `image` for the header (a team's own; the workspace's on joint pages) and
 * `teamName` for the page title (the team's name; on joint pages the default team's, which is the workspace's
 * name unless renamed — docs/product.md "Workspace and invitations"). Undefined while loading.
 */
export function useListOwner(scope: ItemScope, teamId: number) {
  const joint = scope === 'default';
  const { data: profile } = useGetWorkspaceProfileQuery(undefined, { skip: !joint });
  const team = useTeam(teamId, true);
  return {
    name: joint ? profile?.workspaceName : team?.teamName,
    image: joint ? profile?.workspaceImageUrl : team?.teamImageUrl,
    teamName: team?.teamName ?? (joint ? profile?.workspaceName : undefined),
  };
}

export function ListHeader({ kind, scope, teamId }: { kind: ItemKind; scope: ItemScope; teamId: number }) {
  const joint = scope === 'default';
  const { name, image } = useListOwner(scope, teamId);
  return (
    <Header>
      <Avatar src={image} kind={joint ? 'workspace' : 'team'} size="3.2rem" />
      <Title>{name ?? ''}</Title>
      {kind === 'external' && <IntegrationArea teamId={teamId} />}
    </Header>
  );
}
