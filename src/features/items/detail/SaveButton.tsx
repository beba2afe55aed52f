import { styled } from '@mui/material/styles';
import { mutedWhenDisabled, navyButtonStyle } from '../../../shared/ui/buttons';
import { copy } from '../../../shared/copy';
import { LineIcon } from '../../../shared/ui/icons/LineIcon';

const Button = styled('button')({
  ...navyButtonStyle,
  ...mutedWhenDisabled,
  position: 'fixed',
  right: '6.4rem',
  bottom: '5.3rem',
  zIndex: 10,
  display: 'flex',
  alignItems: 'center',
  gap: '0.8rem',
  height: '3.6rem',
  padding: '0 1.6rem',
  borderRadius: '3.75px',
  fontSize: '1.6rem',
  transition: 'background-color 300ms, color 300ms',
});

const Tick = () => (
  <LineIcon width="1.6rem" height="1.6rem" strokeWidth={2}>
    <path d="M5 12l5 5 9-10" />
  </LineIcon>
);

const Pencil = () => (
  <LineIcon width="1.6rem" height="1.6rem" strokeLinecap="butt">
    <path d="M4 20h4L19 9l-4-4L4 16zM13 7l4 4" />
  </LineIcon>
);

export interface SaveButtonProps {
  mode: 'create' | 'view' | 'edit';
  saving: boolean;
  /** The trimmed title is empty. */
  disabled: boolean;
  onClick: () => void;
}

/** The floating save button: '작성 완료', '수정하기' in view mode, '저장 중…' while saving. */
export function SaveButton({ mode, saving, disabled, onClick }: SaveButtonProps) {
  const text = copy.itemDetail.save;
  const label = saving ? text.saving : mode === 'view' ? text.edit : text.complete;
  return (
    <Button type="button" disabled={disabled || saving} aria-busy={saving || undefined} onClick={onClick}>
      {mode === 'view' && !saving ? <Pencil /> : <Tick />}
      {label}
    </Button>
  );
}
