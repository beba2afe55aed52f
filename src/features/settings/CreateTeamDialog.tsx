import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { styled } from '@mui/material/styles';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { TEAM_VISIBILITIES, type TeamVisibility } from '../../../contract/roles';
import { validateTeamName } from '../../../contract/teamName';
import { useGetMembersQuery } from '../../api/membersApi';
import { useCreateTeamMutation } from '../../api/teamsApi';
import { errorEnvelope, errorStatus } from '../../api/errors';
import { copy } from '../../shared/copy';
import { Modal, ModalButton } from '../../shared/ui/Modal';
import { PHONE } from '../../shared/ui/layout';
import { isCommitEnter } from '../../shared/lib/keyboard';
import { Checkbox } from './Checkbox';

/*
 * The "팀 생성" modal (docs/product.md "Teams and members"; the earlier product titled it "팀원 초대" by mistake): a 51.2rem
 * panel, the name field (3.8rem, red border + 12px red message when invalid), "팀원 추가", a bordered 32.2rem-tall
 * 3-column grid of member checkboxes (checked = navy box and dark name, unchecked grey), a full-width button.
 */

const NameInput = styled('input')(({ theme }) => ({
  display: 'block',
  boxSizing: 'border-box',
  width: '100%',
  height: '3.8rem',
  marginTop: '3.2rem',
  padding: '0 1.2rem',
  border: `1px solid ${theme.palette.grey[300]}`,
  borderRadius: '0.5rem',
  outline: 'none',
  font: 'inherit',
  fontSize: '1.6rem',
  lineHeight: '140%',
  letterSpacing: '-0.02em',
  color: theme.palette.text.primary,
  '&::placeholder': { color: theme.palette.grey[500], opacity: 1 },
  '&:focus': { borderColor: theme.palette.grey[500] },
  '&[aria-invalid="true"]': { borderColor: theme.palette.error.main },
  [PHONE]: { height: '4.4rem', marginTop: '2.4rem' },
}));

const Message = styled('p')(({ theme }) => ({
  minHeight: '1.7rem',
  margin: '0.8rem 0 0',
  fontSize: '1.2rem',
  lineHeight: '140%',
  letterSpacing: '-0.02em',
  color: theme.palette.error.main,
}));

const MembersHeading = styled('h3')({
  margin: '3.6rem 0 0',
  fontSize: '1.6rem',
  lineHeight: '140%',
  fontWeight: 400,
  letterSpacing: '-0.02em',
});

const MemberGrid = styled('div')(({ theme }) => ({
  boxSizing: 'border-box',
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  alignContent: 'start',
  rowGap: '2.2rem',
  columnGap: '0.8rem',
  height: '32.2rem',
  marginTop: '1.6rem',
  padding: '2.4rem',
  overflowY: 'auto',
  border: `1px solid ${theme.palette.grey[300]}`,
  borderRadius: '0.5rem',
  [PHONE]: {
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    rowGap: 0,
    height: '28rem',
    padding: '0.8rem 1.6rem',
  },
}));

const MemberOption = styled('label')(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: '1.2rem',
  minWidth: 0,
  fontSize: '1.4rem',
  lineHeight: '140%',
  fontWeight: 700,
  letterSpacing: '-0.02em',
  color: theme.palette.grey[500],
  cursor: 'pointer',
  '&:has(input:checked)': { color: theme.palette.text.primary },
  '& > span': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  [PHONE]: { minHeight: '4.4rem' },
}));

const GridNotice = styled('p')(({ theme }) => ({
  gridColumn: '1 / -1',
  margin: 0,
  fontSize: '1.4rem',
  lineHeight: '140%',
  color: theme.palette.text.secondary,
}));

const ServerError = styled(Message)({ minHeight: 0 });

const Visibility = styled('fieldset')({
  margin: '2.4rem 0 0',
  padding: 0,
  border: 0,
  '& > legend': {
    padding: 0,
    fontSize: '1.6rem',
    lineHeight: '140%',
    letterSpacing: '-0.02em',
  },
});

const VisibilityOption = styled('label')(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: '0.8rem',
  minHeight: '3.2rem',
  fontSize: '1.4rem',
  lineHeight: '140%',
  letterSpacing: '-0.02em',
  wordBreak: 'keep-all',
  cursor: 'pointer',
  '& > input': { width: '1.6rem', height: '1.6rem', margin: 0, accentColor: theme.palette.primary.main },
  [PHONE]: { minHeight: '4.4rem' },
}));

const SubmitButton = styled(ModalButton)({ marginTop: '1.6rem' });

/** The Korean message for a failed create: the server's (field message first), else one per status. */
function createFailureMessage(error: FetchBaseQueryError | SerializedError): string {
  const envelope = errorEnvelope(error);
  const fieldMessages =
    envelope && typeof envelope.result === 'object' && envelope.result !== null
      ? Object.values(envelope.result).filter((value): value is string => typeof value === 'string')
      : [];
  const text = copy.settings.createTeam;
  return fieldMessages[0] || envelope?.message || (errorStatus(error) === 409 ? text.duplicate : text.failed);
}

interface CreateTeamDialogProps {
  onClose: () => void;
}

/**
 * "팀 생성": a team name (its rule checked on the composed text — never on a half-typed Hangul syllable) and
 * at least one member (`GET /api/workspace/setting/members`, the caller included) and the visibility (public unless
 * private is picked; docs/security.md "Teams"). `POST /api/workspace/setting/teams {teamName, memberId,
 * visibility}`; success closes the dialog and the `Team` tag refreshes the
 * list and the sidebar; a 409 or 400 is shown here. Mounted only while open, so it always starts empty.
 */
export function CreateTeamDialog({ onClose }: CreateTeamDialogProps) {
  const text = copy.settings.createTeam;
  const { data: members, isLoading: membersLoading, isError: membersFailed } = useGetMembersQuery();
  const [createTeam, { isLoading: creating }] = useCreateTeamMutation();
  const [name, setName] = useState('');
  const [composing, setComposing] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const [visibility, setVisibility] = useState<TeamVisibility>('public');
  const [serverError, setServerError] = useState<string | null>(null);
  const messageId = useId();
  const headingId = useId();

  const nameError = !composing && name !== '' ? validateTeamName(name) : null;
  const canSubmit = !composing && name !== '' && nameError === null && selected.size > 0 && !creating;

  const changeName = (value: string) => {
    setName(value);
    setServerError(null);
  };
  const toggle = (memberId: number) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(memberId)) next.delete(memberId);
      else next.add(memberId);
      return next;
    });
    setServerError(null);
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // The Enter that commits a Hangul syllable must not submit the half-typed name.
    if (event.key === 'Enter' && !isCommitEnter(event)) event.preventDefault();
  };
  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    const memberId = (members ?? []).filter((m) => selected.has(m.memberId)).map((m) => m.memberId);
    const result = await createTeam({ teamName: name, memberId, visibility });
    if ('error' in result && result.error) setServerError(createFailureMessage(result.error));
    else onClose();
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={text.title}
      width="51.2rem"
      closeButton
      closeOnOverlayClick={false}
      locked={creating}
    >
      <form noValidate onSubmit={(event) => void handleSubmit(event)}>
        <NameInput
          type="text"
          value={name}
          placeholder={text.namePlaceholder}
          aria-label={text.nameLabel}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? messageId : undefined}
          autoComplete="off"
          onChange={(event) => changeName(event.target.value)}
          onCompositionStart={() => setComposing(true)}
          onCompositionEnd={(event) => {
            setComposing(false);
            changeName(event.currentTarget.value);
          }}
          onKeyDown={handleKeyDown}
        />
        <Message id={messageId}>{nameError}</Message>
        <MembersHeading id={headingId}>{text.members}</MembersHeading>
        <MemberGrid role="group" aria-labelledby={headingId}>
          {membersLoading && <GridNotice>{copy.settings.loading}</GridNotice>}
          {membersFailed && !members && <GridNotice role="alert">{text.membersFailed}</GridNotice>}
          {members?.map((member) => (
            <MemberOption key={member.memberId}>
              <Checkbox
                type="checkbox"
                checked={selected.has(member.memberId)}
                onChange={() => toggle(member.memberId)}
              />
              <span>{member.name}</span>
            </MemberOption>
          ))}
        </MemberGrid>
        <Visibility>
          <legend>{text.visibility}</legend>
          {TEAM_VISIBILITIES.map((value) => (
            <VisibilityOption key={value}>
              <input
                type="radio"
                name="visibility"
                value={value}
                checked={visibility === value}
                onChange={() => setVisibility(value)}
              />
              {text.visibilityOptions[value]}
            </VisibilityOption>
          ))}
        </Visibility>
        {serverError && <ServerError role="alert">{serverError}</ServerError>}
        <SubmitButton type="submit" fullWidth disabled={!canSubmit}>
          {text.submit}
        </SubmitButton>
      </form>
    </Modal>
  );
}
