import { useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { styled } from '@mui/material/styles';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { validateTeamName } from '../../../../contract/teamName';
import { errorEnvelope, errorStatus } from '../../../api/errors';
import { useGetMembersQuery } from '../../../api/membersApi';
import {
  useAddTeamMembersMutation,
  useDeleteTeamImageMutation,
  useDeleteTeamMutation,
  useGetTeamSettingsQuery,
  useLeaveTeamMutation,
  useRemoveTeamMemberMutation,
  useUpdateTeamMutation,
  useUploadTeamImageMutation,
} from '../../../api/teamsApi';
import { useAppDispatch } from '../../../app/hooks';
import { workspacePaths } from '../../../app/paths';
import { teamCopy } from '../../../shared/copy';
import { isCommitEnter } from '../../../shared/lib/keyboard';
import { usePageTitle } from '../../../shared/lib/pageTitle';
import { Avatar } from '../../../shared/ui/Avatar';
import { SmallNavyButton, SmallOutlineButton, mutedWhenDisabled } from '../../../shared/ui/buttons';
import { PHONE } from '../../../shared/ui/layout';
import { Modal } from '../../../shared/ui/Modal';
import { NotFoundPage } from '../../../shared/ui/NotFoundPage';
import { tokens } from '../../../shared/ui/tokens';
import { PageTitle, ProfileColumn, RowLabel, SettingRow, TitleRule } from '../profileLayout';
import { toastShown } from '../../toast';
import { TeamIntegrationsSection } from '../../integrations';
import { isAdminRole } from '../../../../contract/roles';
import { useGetWorkspaceProfileQuery } from '../../../api/workspaceApi';

/*
 * `/workspace/setting/team/{teamId}` — a team's settings (issue #23, docs/security.md "Teams"): name (the team-name
 * rule of contract/teamName.ts) and image, members (add from the workspace's members, remove), visibility (admins),
 * the integrations (GitHub per team, Slack per workspace: admins connect and disconnect) and deletion (admins; the
 * name typed again). Reached from the sidebar and from settings → 팀 목록. What the
 * member may change comes from the server (`canEdit`, `canAdminister`); a private team they are not in is a 404.
 */

const TOAST_KEY = 'team-settings';

const Section = styled('section')({ marginTop: '3.2rem' });
const SectionTitle = styled('h2')({
  margin: '0 0 1.2rem',
  fontSize: '1.8rem',
  lineHeight: '140%',
  fontWeight: 700,
});
const FieldTitle = styled('label')({
  display: 'block',
  margin: '0 0 1.2rem',
  fontSize: '1.8rem',
  lineHeight: '140%',
  fontWeight: 700,
});
const Note = styled('p')({
  margin: '0.8rem 0 0',
  fontSize: '1.4rem',
  lineHeight: '150%',
  color: tokens.grey[500],
  wordBreak: 'keep-all',
});
const ErrorText = styled('p')({ margin: '0.6rem 0 0', fontSize: '1.3rem', color: tokens.error });

const Form = styled('form')({ display: 'flex', gap: '0.8rem', alignItems: 'flex-start', flexWrap: 'wrap' });
const Input = styled('input')({
  flex: '1 1 20rem',
  minWidth: 0,
  boxSizing: 'border-box',
  height: '3.6rem',
  padding: '0 1.2rem',
  border: `1px solid ${tokens.grey[300]}`,
  borderRadius: '0.4rem',
  font: 'inherit',
  fontSize: '1.6rem',
  '&[aria-invalid="true"]': { borderColor: tokens.error },
  [PHONE]: { height: '4.4rem' },
});
const Select = styled('select')({
  flex: '1 1 20rem',
  minWidth: 0,
  height: '3.6rem',
  padding: '0 0.8rem',
  border: `1px solid ${tokens.grey[300]}`,
  borderRadius: '0.4rem',
  font: 'inherit',
  fontSize: '1.5rem',
  backgroundColor: tokens.grey[100],
  [PHONE]: { height: '4.4rem' },
});

const Rows = styled('ul')({ listStyle: 'none', margin: 0, padding: 0 });
const Row = styled('li')({
  display: 'flex',
  alignItems: 'center',
  gap: '1.2rem',
  minHeight: '5.2rem',
  borderBottom: `1px solid ${tokens.grey[300]}`,
  '& > span': { flex: 1, minWidth: 0, fontSize: '1.5rem', overflow: 'hidden', textOverflow: 'ellipsis' },
});
const NavyButton = styled(SmallNavyButton)(mutedWhenDisabled);
const Buttons = styled('div')({ display: 'flex', gap: '0.8rem', flexWrap: 'wrap' });
const OutlineButton = SmallOutlineButton;
const DangerButton = styled(SmallNavyButton)({ backgroundColor: tokens.error });
const Radio = styled('label')({
  display: 'flex',
  alignItems: 'center',
  gap: '0.8rem',
  minHeight: '3.6rem',
  fontSize: '1.5rem',
  [PHONE]: { minHeight: '4.4rem' },
});

/** The server's Korean message of a failed mutation (the envelope's), else a generic one. */
function failure(error: FetchBaseQueryError | SerializedError): string {
  return errorEnvelope(error)?.message ?? teamCopy.browse.failed;
}

export default function TeamSettingsPage() {
  const text = teamCopy.settings;
  const teamId = Number(useParams().teamId);
  const valid = Number.isSafeInteger(teamId) && teamId > 0;
  const { data: team, error, isLoading } = useGetTeamSettingsQuery(teamId, { skip: !valid });
  usePageTitle({ section: text.pageTitle }, team?.teamName);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = (message: string) => dispatch(toastShown({ key: TOAST_KEY, message }));
  const { data: workspaceMembers } = useGetMembersQuery(undefined, { skip: !team?.canEdit });
  const { data: profile } = useGetWorkspaceProfileQuery();

  const [update, updating] = useUpdateTeamMutation();
  const [upload, uploading] = useUploadTeamImageMutation();
  const [removeImage] = useDeleteTeamImageMutation();
  const [addMembers, adding] = useAddTeamMembersMutation();
  const [removeMember] = useRemoveTeamMemberMutation();
  const [leave] = useLeaveTeamMutation();
  const [remove, removing] = useDeleteTeamMutation();

  /** The name being typed; null shows the saved one. */
  const [draft, setDraft] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [candidate, setCandidate] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [confirmName, setConfirmName] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const nameId = useId();
  const addId = useId();
  const confirmId = useId();

  const candidates = useMemo(() => {
    const inTeam = new Set(team?.members.map((m) => m.memberId) ?? []);
    return (workspaceMembers ?? []).filter((m) => !inTeam.has(m.memberId));
  }, [team, workspaceMembers]);

  if (!valid || errorStatus(error) === 404) return <NotFoundPage />;
  if (isLoading || !team) return <ProfileColumn aria-busy="true" />;
  const name = draft ?? team.teamName;

  const saveName = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateTeamName(name);
    setNameError(problem);
    if (problem !== null || name === team.teamName) return;
    const result = await update({ teamId, teamName: name });
    if ('error' in result && result.error) setNameError(failure(result.error));
    else {
      setDraft(null);
      toast(text.saved);
    }
  };
  const onNameKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // A Hangul syllable still being composed is not submitted (its Enter only commits it).
    if (event.key === 'Enter' && !isCommitEnter(event)) event.preventDefault();
  };
  const run = async (promise: Promise<{ error?: FetchBaseQueryError | SerializedError }>, ok?: string) => {
    const result = await promise;
    if (result.error) toast(failure(result.error));
    else if (ok) toast(ok);
    return !result.error;
  };

  return (
    <ProfileColumn aria-labelledby="team-settings-title">
      <PageTitle id="team-settings-title">{team.teamName}</PageTitle>
      <TitleRule />
      {!team.canEdit && <Note role="note">{text.readOnly}</Note>}

      <Section>
        <FieldTitle htmlFor={nameId}>{text.name}</FieldTitle>
        <Form onSubmit={(e) => void saveName(e)} noValidate>
          <Input
            id={nameId}
            value={name}
            disabled={!team.canEdit}
            aria-invalid={nameError !== null}
            aria-describedby={nameError ? `${nameId}-error` : undefined}
            onChange={(e) => {
              setDraft(e.target.value);
              setNameError(null);
            }}
            onKeyDown={onNameKeyDown}
          />
          {team.canEdit && (
            <NavyButton type="submit" disabled={updating.isLoading || name === team.teamName}>
              {text.save}
            </NavyButton>
          )}
        </Form>
        {nameError && <ErrorText id={`${nameId}-error`}>{nameError}</ErrorText>}
      </Section>

      <SettingRow>
        <RowLabel>{text.image}</RowLabel>
        <Buttons>
          <Avatar kind="team" size="4.2rem" src={team.teamImageUrl} />
          {team.canEdit && (
            <>
              <input
                ref={fileInput}
                type="file"
                accept="image/jpeg,image/png,image/webp,image/gif"
                hidden
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file) void run(upload({ teamId, file }));
                }}
              />
              <OutlineButton
                type="button"
                disabled={uploading.isLoading}
                onClick={() => fileInput.current?.click()}
              >
                {text.changeImage}
              </OutlineButton>
              {team.teamImageUrl && (
                <OutlineButton type="button" onClick={() => void run(removeImage(teamId))}>
                  {text.removeImage}
                </OutlineButton>
              )}
            </>
          )}
        </Buttons>
      </SettingRow>

      <Section aria-labelledby="team-members-title">
        <SectionTitle id="team-members-title">{`${text.members} ${team.members.length}`}</SectionTitle>
        <Rows>
          {team.members.map((m) => (
            <Row key={m.memberId}>
              <Avatar size="2.8rem" src={m.profileImageUrl} />
              <span>{m.name}</span>
              {team.canEdit && !team.isDefault && (
                <OutlineButton
                  type="button"
                  aria-label={text.removeMemberLabel(m.name)}
                  onClick={() => void run(removeMember({ teamId, memberId: m.memberId }))}
                >
                  {text.removeMember}
                </OutlineButton>
              )}
            </Row>
          ))}
        </Rows>
        {team.canEdit && !team.isDefault && candidates.length > 0 && (
          <Form
            style={{ marginTop: '1.2rem' }}
            onSubmit={(e) => {
              e.preventDefault();
              if (candidate)
                void run(addMembers({ teamId, memberId: [Number(candidate)] })).then(() => setCandidate(''));
            }}
          >
            <label
              htmlFor={addId}
              style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
            >
              {text.addMemberLabel}
            </label>
            <Select id={addId} value={candidate} onChange={(e) => setCandidate(e.target.value)}>
              <option value="">{text.addMemberPlaceholder}</option>
              {candidates.map((m) => (
                <option key={m.memberId} value={m.memberId}>
                  {m.name}
                </option>
              ))}
            </Select>
            <NavyButton type="submit" disabled={!candidate || adding.isLoading}>
              {text.addMember}
            </NavyButton>
          </Form>
        )}
      </Section>

      <Section aria-labelledby="team-visibility-title">
        <SectionTitle id="team-visibility-title">{text.visibility}</SectionTitle>
        {team.isDefault ? (
          <Note>{text.defaultTeamNote}</Note>
        ) : (
          <div role="radiogroup" aria-labelledby="team-visibility-title">
            {(['public', 'private'] as const).map((value) => (
              <Radio key={value}>
                <input
                  type="radio"
                  name="visibility"
                  value={value}
                  checked={team.visibility === value}
                  disabled={!team.canAdminister || updating.isLoading}
                  onChange={() => void run(update({ teamId, visibility: value }), text.saved)}
                />
                {text[value]}
              </Radio>
            ))}
            {!team.canAdminister && <Note>{text.visibilityAdminsOnly}</Note>}
          </div>
        )}
      </Section>

      <TeamIntegrationsSection teamId={teamId} canManage={isAdminRole(profile?.myRole)} />

      {team.isMember && !team.isDefault && (
        <Section>
          <OutlineButton
            type="button"
            onClick={() =>
              void run(leave(teamId), teamCopy.browse.left(team.teamName)).then((ok) => {
                if (ok && team.visibility === 'private') navigate(workspacePaths.teamBrowse);
              })
            }
          >
            {text.leave}
          </OutlineButton>
        </Section>
      )}

      {team.canAdminister && !team.isDefault && (
        <Section aria-labelledby="team-danger-title">
          <SectionTitle id="team-danger-title">{text.danger}</SectionTitle>
          <Note>{text.deleteNote}</Note>
          <div style={{ marginTop: '1.2rem' }}>
            <DangerButton type="button" onClick={() => setDeleting(true)}>
              {text.deleteButton}
            </DangerButton>
          </div>
        </Section>
      )}

      <Modal
        open={deleting}
        onClose={() => {
          setDeleting(false);
          setConfirmName('');
        }}
        title={text.deleteTitle}
        describedBy={confirmId}
        actionLabel={text.deleteAction}
        actionTone="red"
        actionDisabled={confirmName !== team.teamName || removing.isLoading}
        locked={removing.isLoading}
        onAction={() =>
          void run(remove({ teamId, teamName: confirmName }), text.deleted(team.teamName)).then((ok) => {
            if (ok) navigate(workspacePaths.teamList);
          })
        }
      >
        <Note id={confirmId}>{text.deleteNote}</Note>
        <label
          htmlFor={`${confirmId}-input`}
          style={{ display: 'block', margin: '1.2rem 0 0.6rem', fontSize: '1.4rem' }}
        >
          {text.deleteConfirmLabel(team.teamName)}
        </label>
        <Input
          id={`${confirmId}-input`}
          value={confirmName}
          autoComplete="off"
          style={{ width: '100%' }}
          onChange={(e) => setConfirmName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.preventDefault();
          }}
        />
      </Modal>
    </ProfileColumn>
  );
}
