import { useId, useRef, useState, type ChangeEvent } from 'react';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { styled } from '@mui/material/styles';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import {
  useDeleteProfileImageMutation,
  useGetMyProfileQuery,
  useUploadProfileImageMutation,
} from '../../../api/membersApi';
import { errorEnvelope, errorStatus } from '../../../api/errors';
import { useAppDispatch } from '../../../app/hooks';
import { copy } from '../../../shared/copy';
import { usePageTitle } from '../../../shared/lib/pageTitle';
import { Avatar } from '../../../shared/ui/Avatar';
import { PHONE } from '../../../shared/ui/layout';
import { toastShown } from '../../toast';
import { LogoutDialog, WithdrawDialog } from '../AccountDialogs';
import { PencilIcon, TrashIcon } from '../icons';
import { LoadError } from '../LoadError';
import { PageTitle, ProfileColumn, ReadOnlyField, RowLabel, SettingRow, TitleRule } from '../profileLayout';

/*
 * `/workspace/setting/my-profile` (docs/product.md "Settings"): the ws-profile column; "프로필 사진" with a 4.2rem avatar
 * that opens a tiny menu (삭제 in red with a trash can, 수정 with a pencil); disabled name and email; "회원탈퇴" and "로그아웃"
 * rows, each with a 12.8rem × 3.4rem `#f3f3f3` button in pure red text.
 */

const AvatarButton = styled('button')(({ theme }) => ({
  display: 'inline-flex',
  padding: 0,
  border: 0,
  borderRadius: '50%',
  background: 'transparent',
  cursor: 'pointer',
  '&:hover': { opacity: 0.85 },
  '&:focus-visible': { outline: `0.2rem solid ${theme.palette.secondary.main}`, outlineOffset: '0.2rem' },
  '&[aria-busy="true"]': { opacity: 0.5, cursor: 'progress' },
  // A 4.4rem touch target around the 4.2rem photo on phones.
  [PHONE]: { padding: '0.1rem' },
}));

const AccountButton = styled('button')(({ theme }) => ({
  flex: 'none',
  width: '12.8rem',
  height: '3.4rem',
  border: 0,
  borderRadius: '0.6rem',
  backgroundColor: theme.palette.grey[200],
  color: theme.palette.error.main,
  font: 'inherit',
  fontSize: '1.4rem',
  lineHeight: '140%',
  letterSpacing: '-0.02em',
  cursor: 'pointer',
  '&:hover': { backgroundColor: theme.palette.grey[300] },
  '&:focus-visible': { outline: `0.2rem solid ${theme.palette.secondary.main}`, outlineOffset: '0.2rem' },
  [PHONE]: { width: '11.2rem', height: '4.4rem' },
}));

/* Button tops 3.2rem under the email field, rows 5.9rem apart. */
const AccountRow = styled(SettingRow)({
  minHeight: '3.4rem',
  marginTop: '3.2rem',
  '& + &': { marginTop: '2.5rem' },
});

const menuSx = {
  '& .MuiPaper-root': {
    minWidth: '9.6rem',
    marginTop: '0.4rem',
    borderRadius: '0.4rem',
    boxShadow: '0 4px 12px 0 rgba(0, 0, 0, 0.15)',
  },
  '& .MuiList-root': { padding: '0.4rem 0' },
  '& .MuiMenuItem-root': {
    gap: '0.8rem',
    minHeight: '3.2rem',
    padding: '0.4rem 1.2rem',
    fontSize: '1.4rem',
    lineHeight: '140%',
    letterSpacing: '-0.02em',
    '@media (max-width: 599.95px)': { minHeight: '4.4rem' },
  },
} as const;

type MutationError = FetchBaseQueryError | SerializedError;

/** The toast text for a failed photo change: the server's Korean message, else one per status. */
function photoFailureMessage(error: MutationError, fallback: string): string {
  const text = copy.settings.myProfile;
  const status = errorStatus(error);
  return (
    errorEnvelope(error)?.message ||
    (status === 413 ? text.tooLarge : status === 415 ? text.notImage : fallback)
  );
}

/**
 * `/workspace/setting/my-profile`: photo (`PATCH …/profile-image` multipart field `image`, `DELETE` the same
 * path), read-only name and email (`GET /api/workspace/setting/my-profile`), withdrawal and logout.
 */
export default function MyProfilePage() {
  const text = copy.settings.myProfile;
  const dispatch = useAppDispatch();
  const { data, error, isError } = useGetMyProfileQuery();
  const [uploadImage, { isLoading: uploading }] = useUploadProfileImageMutation();
  const [deleteImage, { isLoading: deleting }] = useDeleteProfileImageMutation();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'withdraw' | 'logout' | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const menuId = useId();
  const busy = uploading || deleting;
  usePageTitle({ section: copy.settings.pageTitle }, copy.settings.pageTitles.myProfile);

  if (isError && !data) return <LoadError error={error} />;

  const toast = (message: string) => dispatch(toastShown({ message, key: 'settings/profile-image' }));

  const choosePhoto = () => {
    setMenuAnchor(null);
    // Same click: the browser only opens a file picker during a user gesture.
    fileInput.current?.click();
  };

  const removePhoto = async () => {
    setMenuAnchor(null);
    const result = await deleteImage();
    if ('error' in result && result.error) toast(photoFailureMessage(result.error, text.deleteFailed));
  };

  const uploadPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that picking the same file again fires another change.
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast(text.notImage);
      return;
    }
    const form = new FormData();
    form.append('image', file);
    const result = await uploadImage(form);
    if ('error' in result && result.error) toast(photoFailureMessage(result.error, text.uploadFailed));
  };

  return (
    <ProfileColumn aria-labelledby="my-profile-title">
      <PageTitle id="my-profile-title">{text.title}</PageTitle>
      <TitleRule />
      <SettingRow>
        <RowLabel>{text.photo}</RowLabel>
        <AvatarButton
          type="button"
          aria-label={text.changePhoto}
          aria-haspopup="menu"
          aria-expanded={menuAnchor ? true : undefined}
          aria-controls={menuAnchor ? menuId : undefined}
          aria-busy={busy || undefined}
          disabled={busy}
          onClick={(event) => setMenuAnchor(event.currentTarget)}
        >
          <Avatar kind="member" size="4.2rem" src={data?.profileImageUrl} />
        </AvatarButton>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          hidden
          aria-label={text.fileInput}
          onChange={(event) => void uploadPhoto(event)}
        />
        <Menu
          id={menuId}
          open={Boolean(menuAnchor)}
          anchorEl={menuAnchor}
          onClose={() => setMenuAnchor(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          slotProps={{ list: { 'aria-label': text.photoMenu } }}
          sx={menuSx}
        >
          <MenuItem onClick={() => void removePhoto()} sx={{ color: 'error.main' }}>
            <TrashIcon />
            {text.deletePhoto}
          </MenuItem>
          <MenuItem onClick={choosePhoto}>
            <PencilIcon />
            {text.editPhoto}
          </MenuItem>
        </Menu>
      </SettingRow>
      <ReadOnlyField label={text.name} value={data?.name ?? ''} />
      <ReadOnlyField label={text.email} value={data?.email ?? ''} />
      <AccountRow>
        <RowLabel>{text.withdraw}</RowLabel>
        <AccountButton type="button" aria-haspopup="dialog" onClick={() => setDialog('withdraw')}>
          {text.withdraw}
        </AccountButton>
      </AccountRow>
      <AccountRow>
        <RowLabel>{text.logout}</RowLabel>
        <AccountButton type="button" aria-haspopup="dialog" onClick={() => setDialog('logout')}>
          {text.logout}
        </AccountButton>
      </AccountRow>
      {dialog === 'withdraw' && <WithdrawDialog onClose={() => setDialog(null)} />}
      {dialog === 'logout' && <LogoutDialog onClose={() => setDialog(null)} />}
    </ProfileColumn>
  );
}
