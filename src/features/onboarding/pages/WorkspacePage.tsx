import { useId, useRef } from 'react';
import { styled } from '@mui/material/styles';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { copy } from '../../../shared/copy';
import { usePageTitle } from '../../../shared/lib/pageTitle';
import { PrimaryButton } from '../../../shared/ui/layout';
import { useArrivalFocus } from '../../../shared/ui/useArrivalFocus';
import { isCommitEnter } from '../keyboard';
import { createRequested, nameConfirmRequested } from '../onboardingSaga';
import { selectOnboarding, workspaceNameChanged } from '../onboardingSlice';
import { StepIndicator } from '../StepIndicator';
import {
  CheckIcon,
  FieldBox,
  FieldInput,
  FloatingFieldError,
  IconButton,
  StepColumn,
  StepSubtitle,
  StepTitle,
} from '../ui';

/*
 * Layout: indicator, heading, subtitle, 5.2rem, name field (check button inside, 2rem
 * from its right edge), 4.6rem (room for the error line), URL field, 5rem, the create button.
 */
const NameField = styled(FieldBox)({ marginTop: '5.2rem', paddingRight: '1.9rem' });
const UrlField = styled(FieldBox)({ marginTop: '4.6rem' });
const CreateButton = styled(PrimaryButton)({ marginTop: '5rem' });

/** `/onboarding/workspace` (step 1): name → check → URL → create. The saga does the work. */
export default function WorkspacePage() {
  const dispatch = useAppDispatch();
  const { workspaceName, workspaceUrl, isLocked, nameError, isCheckingName, isCreating } =
    useAppSelector(selectOnboarding);
  const errorId = useId();
  const text = copy.onboarding.workspace;
  const nameInput = useRef<HTMLInputElement>(null);
  usePageTitle(copy.onboarding.pageTitles.workspace);
  useArrivalFocus(nameInput);

  const confirm = () => dispatch(nameConfirmRequested());

  return (
    <StepColumn>
      <StepIndicator current={1} />
      <StepTitle>{text.title}</StepTitle>
      <StepSubtitle>{text.subtitle}</StepSubtitle>

      <NameField invalid={nameError !== null}>
        <FieldInput
          ref={nameInput}
          type="text"
          value={workspaceName}
          placeholder={text.namePlaceholder}
          aria-label={text.namePlaceholder}
          aria-invalid={nameError !== null}
          aria-describedby={nameError ? errorId : undefined}
          readOnly={isLocked}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => dispatch(workspaceNameChanged(event.target.value))}
          onKeyDown={(event) => {
            if (!isCommitEnter(event)) return;
            event.preventDefault();
            confirm();
          }}
        />
        <IconButton
          type="button"
          aria-label={text.confirmName}
          aria-busy={isCheckingName || undefined}
          onClick={confirm}
        >
          <CheckIcon />
        </IconButton>
        {nameError && (
          <FloatingFieldError id={errorId} role="alert">
            {nameError}
          </FloatingFieldError>
        )}
      </NameField>

      <UrlField>
        <FieldInput
          type="text"
          value={workspaceUrl}
          placeholder={text.urlPlaceholder}
          aria-label={text.urlPlaceholder}
          readOnly
          muted
          tabIndex={workspaceUrl ? 0 : -1}
        />
      </UrlField>

      <CreateButton
        type="button"
        disabled={!workspaceUrl || isCreating}
        aria-busy={isCreating || undefined}
        onClick={() => dispatch(createRequested())}
      >
        {text.create}
      </CreateButton>
    </StepColumn>
  );
}
