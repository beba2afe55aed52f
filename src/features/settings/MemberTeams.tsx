import { useId, useState } from 'react';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import Popper from '@mui/material/Popper';
import { styled } from '@mui/material/styles';
import type { WorkspaceMember } from '../../../contract/members';
import { tokens } from '../../shared/ui/tokens';
import { copy } from '../../shared/copy';
import { Avatar } from '../../shared/ui/Avatar';
import { PHONE } from '../../shared/ui/layout';

/*
 * The members table's team column (docs/product.md "Teams and members"): one team avatar, two overlapped, or two and
 * "..."; clicking lists the team names in a small dropdown (0.4rem radius, soft shadow, about five rows tall).
 */

const Trigger = styled('button')(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.4rem',
  minHeight: '3.2rem',
  padding: '0.4rem',
  margin: '0 0 0 -0.4rem',
  border: 0,
  borderRadius: '0.6rem',
  background: 'transparent',
  color: theme.palette.text.secondary,
  font: 'inherit',
  fontSize: '1.2rem',
  cursor: 'pointer',
  '&:hover': { backgroundColor: theme.palette.grey[200] },
  '&:focus-visible': { outline: `0.2rem solid ${theme.palette.secondary.main}` },
  [PHONE]: { minHeight: '4.4rem', minWidth: '4.4rem', margin: '-0.6rem 0' },
}));

const Stack = styled('span')({
  display: 'inline-flex',
  '& > span + span': { marginLeft: '-1rem' },
  '& > span': { borderRadius: '50%', boxShadow: '0 0 0 1px #ffffff' },
});

const Dropdown = styled('ul')(({ theme }) => ({
  maxHeight: '17rem',
  minWidth: '12rem',
  margin: '0.4rem 0 0',
  padding: '0.4rem 0',
  overflowY: 'auto',
  listStyle: 'none',
  borderRadius: '0.4rem',
  backgroundColor: theme.palette.common.white,
  boxShadow: '0 4px 12px 0 rgba(0, 0, 0, 0.15)',
  color: tokens.grey.default,
}));

const DropdownItem = styled('li')({
  display: 'flex',
  alignItems: 'center',
  gap: '0.8rem',
  padding: '0.6rem 1.2rem',
  fontSize: '1.4rem',
  lineHeight: '140%',
  letterSpacing: '-0.02em',
  whiteSpace: 'nowrap',
});

const None = styled('span')(({ theme }) => ({ color: theme.palette.text.secondary }));

const MAX_AVATARS = 2;

export function MemberTeams({ member }: { member: WorkspaceMember }) {
  const [open, setOpen] = useState(false);
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null);
  const listId = useId();
  const { teams } = member;
  if (teams.length === 0) return <None>{copy.settings.members.noTeams}</None>;

  return (
    <>
      <Trigger
        ref={setAnchor}
        type="button"
        aria-label={copy.settings.members.showTeams(member.name)}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen((current) => !current)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      >
        <Stack>
          {teams.slice(0, MAX_AVATARS).map((team) => (
            <span key={team.teamId} data-testid="team-avatar" style={{ display: 'inline-flex' }}>
              <Avatar kind="team" size="2rem" src={team.teamImageUrl} />
            </span>
          ))}
        </Stack>
        {teams.length > MAX_AVATARS && <span aria-hidden="true">...</span>}
      </Trigger>
      <Popper open={open} anchorEl={anchor} placement="bottom-start" sx={{ zIndex: 10 }}>
        <ClickAwayListener
          onClickAway={(event) => {
            if (!anchor?.contains(event.target as Node)) setOpen(false);
          }}
        >
          <Dropdown
            id={listId}
            aria-label={copy.settings.members.showTeams(member.name)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                setOpen(false);
                anchor?.focus();
              }
            }}
          >
            {teams.map((team) => (
              <DropdownItem key={team.teamId}>
                <Avatar kind="team" size="1.6rem" src={team.teamImageUrl} />
                {team.teamName}
              </DropdownItem>
            ))}
          </Dropdown>
        </ClickAwayListener>
      </Popper>
    </>
  );
}
