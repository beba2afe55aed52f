import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorStatus } from '../../../api/errors';
import { useGetInvitePreviewQuery } from '../../../api/workspaceApi';
import { styled } from '@mui/material/styles';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { copy } from '../../../shared/copy';
import { Logo } from '../../../shared/ui/Logo';
import { usePageTitle } from '../../../shared/lib/pageTitle';
import { PrimaryButton } from '../../../shared/ui/layout';
import { useArrivalFocus } from '../../../shared/ui/useArrivalFocus';
import { selectInvite } from '../../invite';
import { isCommitEnter } from '../keyboard';
import { joinRequested } from '../onboardingSaga';
import { ONBOARDING_PATHS } from '../paths';
import { FieldBox, FieldError, FieldInput, StepColumn } from '../ui';

/*
 * Layout: the round 10rem mark, 3rem, the heading (24px bold), 3.4rem, the field,
 * 1rem, a reserved 12px line for the error, 6.8rem, "입장하기". (The earlier product's stray "," under the
 * button is not reproduced.)
 */
const Title = styled('h1')(({ theme }) => ({
  margin: '3rem 0 0',
  fontSize: '2.4rem',
  lineHeight: '150%',
  fontWeight: 700,
  letterSpacing: '-0.02em',
  color: theme.palette.text.primary,
}));

const PasswordField = styled(FieldBox)({ marginTop: '3.4rem' });

/** Always laid out (the button never moves); invisible — and hidden from assistive tech — without an error. */
const ErrorLine = styled(FieldError, { shouldForwardProp: (prop) => prop !== 'shown' })<{ shown: boolean }>(
  ({ shown }) => ({
    width: '40rem',
    maxWidth: '100%',
    minHeight: '1.68rem',
    marginTop: '1rem',
    ...(shown ? {} : { color: 'transparent', visibility: 'hidden' as const }),
  }),
);

const EnterButton = styled(PrimaryButton)({ marginTop: '6.8rem' });

/**
 * `/onboarding/input-pw`: the invitee types the invite password. Enter (never mid-composition) or "입장하기"
 * dispatches the attempt; the saga ignores it while pending and for the password that just failed.
 */
export default function InputPasswordPage() {
  const dispatch = useAppDispatch();
  const { workspaceName: slug, joinError: failedJoin, isJoining, token } = useAppSelector(selectInvite);
  // issue #23 (admin): the workspace's display name (not the URL slug), and an expired or replaced invite said at
  // once (`GET /api/workspace/invite-preview`); a member of that workspace goes straight in.
  const preview = useGetInvitePreviewQuery(token ?? '', { skip: !token });
  const navigate = useNavigate();
  const expired = preview.isError && errorStatus(preview.error) === 404;
  const workspaceName = preview.data?.workspaceName ?? (preview.isError && !expired ? slug : null);
  const joinError = failedJoin ?? (expired ? copy.admin.invitePreview.expired : null);
  useEffect(() => {
    if (preview.data?.alreadyMember) navigate(ONBOARDING_PATHS.complete, { replace: true });
  }, [preview.data?.alreadyMember, navigate]);
  const [password, setPassword] = useState('');
  const errorId = useId();
  const text = copy.onboarding.inputPw;
  const invalid = joinError !== null;
  const passwordInput = useRef<HTMLInputElement>(null);
  usePageTitle(copy.onboarding.pageTitles.inputPw);
  useArrivalFocus(passwordInput);

  const submit = () => dispatch(joinRequested(password));

  return (
    <StepColumn>
      <Logo size="10rem" shape="circle" decorative />
      <Title aria-busy={preview.isLoading || undefined}>{text.title(workspaceName)}</Title>
      <PasswordField invalid={invalid}>
        <FieldInput
          ref={passwordInput}
          type="text"
          value={password}
          placeholder={text.placeholder}
          aria-label={text.label}
          aria-invalid={invalid}
          aria-describedby={invalid ? errorId : undefined}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          onChange={(event) => setPassword(event.target.value)}
          onKeyDown={(event) => {
            if (!isCommitEnter(event)) return;
            event.preventDefault();
            submit();
          }}
        />
      </PasswordField>
      <ErrorLine id={errorId} role="alert" shown={invalid} aria-hidden={!invalid}>
        {joinError ?? text.wrong}
      </ErrorLine>
      <EnterButton type="button" aria-busy={isJoining || undefined} onClick={submit}>
        {text.submit}
      </EnterButton>
    </StepColumn>
  );
}
