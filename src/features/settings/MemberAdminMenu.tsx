import { useId, useState } from 'react';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import { styled } from '@mui/material/styles';
import type { WorkspaceMember } from '../../../contract/members';
import type { WorkspaceRole } from '../../../contract/roles';
import { errorEnvelope } from '../../api/errors';
import {
  useChangeRoleMutation,
  useRemoveMemberMutation,
  useTransferOwnershipMutation,
} from '../../api/membersApi';
import { useAppDispatch } from '../../app/hooks';
import { copy } from '../../shared/copy';
import { Modal, ModalBody } from '../../shared/ui/Modal';
import { PHONE } from '../../shared/ui/layout';
import { toastShown } from '../toast';

/*
 * issue #23 (admin): the members page's per-member "관리" menu (docs/security.md "Roles"). What it offers follows
 * the roles table: the owner promotes, demotes, transfers ownership and removes anyone but themselves; an admin
 * removes members and may give up their own admin role; members see no menu. The server checks every action
 * again (the role is read from the database), so a stale screen can only get a refusal, shown as a toast.
 */

/** One action of the menu. */
export type MemberAction = 'promote' | 'demote' | 'giveUpAdmin' | 'transfer' | 'remove';

/** The actions `viewer` (with `viewerId`) may take on `target`, in menu order (empty: no menu). */
export function memberActions(
  viewer: WorkspaceRole | undefined,
  viewerId: number | undefined,
  target: Pick<WorkspaceMember, 'memberId' | 'role'>,
): MemberAction[] {
  const self = target.memberId === viewerId;
  if (viewer === 'owner') {
    if (self || target.role === 'owner') return [];
    return [target.role === 'admin' ? 'demote' : 'promote', 'transfer', 'remove'];
  }
  if (viewer === 'admin') {
    if (self) return ['giveUpAdmin'];
    return target.role === 'member' ? ['remove'] : [];
  }
  return [];
}

const Trigger = styled('button')(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '3.2rem',
  height: '3.2rem',
  padding: 0,
  border: 0,
  borderRadius: '0.6rem',
  background: 'transparent',
  color: theme.palette.text.secondary,
  cursor: 'pointer',
  '&:hover': { backgroundColor: theme.palette.grey[200] },
  '&:focus-visible': { outline: `0.2rem solid ${theme.palette.secondary.main}` },
  '& svg': { fontSize: '2rem' },
  [PHONE]: { width: '4.4rem', height: '4.4rem' },
}));

const menuSx = {
  '& .MuiPaper-root': {
    minWidth: '16rem',
    marginTop: '0.4rem',
    borderRadius: '0.4rem',
    boxShadow: '0 4px 12px 0 rgba(0, 0, 0, 0.15)',
  },
  '& .MuiList-root': { padding: '0.4rem 0' },
  '& .MuiMenuItem-root': {
    minHeight: '3.6rem',
    padding: '0.4rem 1.2rem',
    fontSize: '1.4rem',
    letterSpacing: '-0.02em',
    '@media (max-width: 599.95px)': { minHeight: '4.4rem' },
  },
} as const;

interface MemberAdminMenuProps {
  member: WorkspaceMember;
  actions: MemberAction[];
}

/** The "⋯" button of one member row, its menu and the confirmation dialog of the chosen action. */
export function MemberAdminMenu({ member, actions }: MemberAdminMenuProps) {
  const text = copy.admin;
  const dispatch = useAppDispatch();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [pending, setPending] = useState<MemberAction | null>(null);
  const [changeRole, roleState] = useChangeRoleMutation();
  const [transfer, transferState] = useTransferOwnershipMutation();
  const [remove, removeState] = useRemoveMemberMutation();
  const menuId = useId();
  const busy = roleState.isLoading || transferState.isLoading || removeState.isLoading;
  if (actions.length === 0) return null;

  const run = async (action: MemberAction) => {
    const { memberId } = member;
    const result =
      action === 'remove'
        ? await remove({ memberId })
        : action === 'transfer'
          ? await transfer({ memberId })
          : await changeRole({ memberId, role: action === 'promote' ? 'admin' : 'member' });
    setPending(null);
    const message =
      'error' in result && result.error
        ? errorEnvelope(result.error)?.message || text.failed
        : text.done[action];
    dispatch(toastShown({ message, key: 'settings/member-admin' }));
  };

  const confirm = pending === null ? null : text.confirm[pending](member.name);

  return (
    <>
      <Trigger
        type="button"
        aria-label={text.menu(member.name)}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreHorizIcon />
      </Trigger>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        sx={menuSx}
      >
        {actions.map((action) => (
          <MenuItem
            key={action}
            onClick={() => {
              setAnchor(null);
              setPending(action);
            }}
            sx={action === 'remove' ? { color: 'error.main' } : undefined}
          >
            {text[action]}
          </MenuItem>
        ))}
      </Menu>
      {pending !== null && confirm !== null && (
        <Modal
          open
          onClose={() => setPending(null)}
          title={confirm.title}
          width="42.6rem"
          locked={busy}
          onAction={() => void run(pending)}
          actionLabel={confirm.submit}
          actionTone={pending === 'remove' || pending === 'transfer' ? 'red' : 'navy'}
          actionDisabled={busy}
        >
          <ModalBody>{confirm.body}</ModalBody>
        </Modal>
      )}
    </>
  );
}
