import { useId, useRef, useState, type ChangeEvent } from 'react';
import { styled } from '@mui/material/styles';
import { isAdminRole } from '../../../../contract/roles';
import { validateWorkspaceName } from '../../../../contract/workspaceName';
import { errorEnvelope } from '../../../api/errors';
import {
  useDeleteWorkspaceImageMutation,
  useGetWorkspaceProfileQuery,
  useRenameWorkspaceMutation,
  useUploadWorkspaceImageMutation,
} from '../../../api/workspaceApi';
import { useAppDispatch } from '../../../app/hooks';
import { copy } from '../../../shared/copy';
import { usePageTitle } from '../../../shared/lib/pageTitle';
import { Avatar } from '../../../shared/ui/Avatar';
import { SmallNavyButton } from '../../../shared/ui/buttons';
import { PHONE } from '../../../shared/ui/layout';
import { tokens } from '../../../shared/ui/tokens';
import { isCommitEnter } from '../../../shared/lib/keyboard';
import { toastShown } from '../../toast';
import { LoadError } from '../LoadError';
import { PageTitle, ProfileColumn, ReadOnlyField, RowLabel, SettingRow, TitleRule } from '../profileLayout';

/* issue #23 (admin): the admin controls — logo buttons beside the logo, the name as an editable field. */

const LogoControls = styled('div')({
  display: 'flex',
  alignItems: 'center',
  gap: '0.8rem',
  flexWrap: 'wrap',
});

const GhostButton = styled('button')(({ theme }) => ({
  minHeight: '3.2rem',
  padding: '0 1.2rem',
  border: `1px solid ${tokens.grey[300]}`,
  borderRadius: '0.4rem',
  background: 'transparent',
  color: theme.palette.text.primary,
  font: 'inherit',
  fontSize: '1.4rem',
  cursor: 'pointer',
  '&:disabled': { opacity: 0.5, cursor: 'default' },
  '&:focus-visible': { outline: `0.2rem solid ${theme.palette.secondary.main}` },
  [PHONE]: { minHeight: '4.4rem' },
}));

const NameGroup = styled('div')({ marginTop: '2.4rem' });

const NameLabel = styled('label')({ display: 'block', fontSize: '1.6rem', lineHeight: '140%' });

const NameRow = styled('div')({ display: 'flex', gap: '0.8rem', marginTop: '1rem', alignItems: 'center' });

const NameInput = styled('input')(({ theme }) => ({
  flex: '1 1 auto',
  minWidth: 0,
  boxSizing: 'border-box',
  height: '3.6rem',
  padding: '0 1.2rem',
  border: `1px solid ${tokens.grey[300]}`,
  borderRadius: '0.4rem',
  font: 'inherit',
  fontSize: '1.6rem',
  color: theme.palette.text.primary,
  '&:focus-visible': { outline: 'none', borderColor: tokens.navyVariant },
  '&[aria-invalid="true"]': { borderColor: theme.palette.error.main },
  [PHONE]: { height: '4.4rem' },
}));

const SaveButton = styled(SmallNavyButton)({ flex: 'none', [PHONE]: { minHeight: '4.4rem' } });

const FieldError = styled('p')(({ theme }) => ({
  margin: '0.6rem 0 0',
  fontSize: '1.3rem',
  color: theme.palette.error.main,
}));

const Note = styled('p')(({ theme }) => ({
  margin: '2.4rem 0 0',
  fontSize: '1.4rem',
  color: theme.palette.text.secondary,
}));

/** The admin's name field: typed name, checked with the workspace naming rules, saved with Enter or "저장". */
function NameEditor({ current }: { current: string }) {
  const text = copy.admin.wsProfile;
  const dispatch = useAppDispatch();
  const [name, setName] = useState(current);
  const [problem, setProblem] = useState<string | null>(null);
  const [rename, { isLoading }] = useRenameWorkspaceMutation();
  const id = useId();
  const errorId = useId();

  const save = async () => {
    if (isLoading || name === current) return;
    const rule = validateWorkspaceName(name);
    if (rule) {
      setProblem(rule);
      return;
    }
    const result = await rename({ workspaceName: name });
    if ('error' in result && result.error) {
      setProblem(errorEnvelope(result.error)?.message || text.failed);
      return;
    }
    setProblem(null);
    dispatch(toastShown({ message: text.saved, key: 'settings/ws-profile' }));
  };

  return (
    <NameGroup>
      <NameLabel htmlFor={id}>{copy.settings.wsProfile.name}</NameLabel>
      <NameRow>
        <NameInput
          id={id}
          type="text"
          value={name}
          autoComplete="off"
          aria-invalid={problem !== null}
          aria-describedby={problem ? errorId : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setProblem(null);
          }}
          onKeyDown={(event) => {
            if (!isCommitEnter(event)) return;
            event.preventDefault();
            void save();
          }}
        />
        <SaveButton type="button" disabled={isLoading || name === current} onClick={() => void save()}>
          {text.save}
        </SaveButton>
      </NameRow>
      {problem && (
        <FieldError id={errorId} role="alert">
          {problem}
        </FieldError>
      )}
    </NameGroup>
  );
}

/**
 * `/workspace/setting/ws-profile` (docs/product.md "Settings"): the workspace's logo, name and URL
 * (`GET /api/workspace/setting`). Members read it; admins (issue #23, docs/security.md "Roles") rename the workspace
 * (`PATCH /api/workspace/setting`, the URL stays) and change or remove its logo (`PATCH`/`DELETE
 * /api/workspace/setting/image`).
 */
export default function WorkspaceProfilePage() {
  const { data, error, isError } = useGetWorkspaceProfileQuery();
  const text = copy.settings.wsProfile;
  const adminText = copy.admin.wsProfile;
  const dispatch = useAppDispatch();
  const [upload, { isLoading: uploading }] = useUploadWorkspaceImageMutation();
  const [removeLogo, { isLoading: removing }] = useDeleteWorkspaceImageMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  usePageTitle({ section: copy.settings.pageTitle }, copy.settings.pageTitles.wsProfile);
  if (isError && !data) return <LoadError error={error} />;
  const admin = isAdminRole(data?.myRole);

  const toast = (message: string) => dispatch(toastShown({ message, key: 'settings/ws-logo' }));
  const uploadLogo = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast(copy.settings.myProfile.notImage);
      return;
    }
    const form = new FormData();
    form.append('image', file);
    const result = await upload(form);
    toast(
      'error' in result && result.error
        ? errorEnvelope(result.error)?.message || adminText.failed
        : adminText.logoSaved,
    );
  };
  const deleteLogo = async () => {
    const result = await removeLogo();
    toast(
      'error' in result && result.error
        ? errorEnvelope(result.error)?.message || adminText.failed
        : adminText.logoRemoved,
    );
  };

  return (
    <ProfileColumn aria-labelledby="ws-profile-title">
      <PageTitle id="ws-profile-title">{text.title}</PageTitle>
      <TitleRule />
      <SettingRow>
        <RowLabel>{text.logo}</RowLabel>
        <LogoControls>
          <Avatar
            kind="workspace"
            size="4.2rem"
            src={data?.workspaceImageUrl}
            name={data ? `${data.workspaceName} ${text.logo}` : text.logo}
          />
          {admin && (
            <>
              <GhostButton
                type="button"
                disabled={uploading || removing}
                onClick={() => fileInput.current?.click()}
              >
                {adminText.changeLogo}
              </GhostButton>
              {data?.workspaceImageUrl && (
                <GhostButton type="button" disabled={uploading || removing} onClick={() => void deleteLogo()}>
                  {adminText.removeLogo}
                </GhostButton>
              )}
              <input
                ref={fileInput}
                type="file"
                accept="image/*"
                hidden
                aria-label={adminText.logoFile}
                onChange={(event) => void uploadLogo(event)}
              />
            </>
          )}
        </LogoControls>
      </SettingRow>
      {admin && data ? (
        <NameEditor key={data.workspaceName} current={data.workspaceName} />
      ) : (
        <ReadOnlyField label={text.name} value={data?.workspaceName ?? ''} />
      )}
      <ReadOnlyField label={text.url} value={data?.workspaceUrl ?? ''} />
      {data && !admin && <Note>{adminText.readOnly}</Note>}
    </ProfileColumn>
  );
}
