import { styled } from '@mui/material/styles';
import { mutedWhenDisabled, navyButtonStyle } from '../../../shared/ui/buttons';
import { copy } from '../../../shared/copy';
import { LineIcon } from '../../../shared/ui/icons/LineIcon';
import { useFloatingActionReserve } from '../../../shared/lib/floatingAction';

/**
 * Where the floating button sits per layout, and the band it occupies at the bottom of the screen (its bottom
 * offset + its height + a gap): the detail page keeps that band free of content (ItemDetailPage.tsx), so the button
 * never covers text, a property or the comment box. The safe-area inset is added on phones (home indicator).
 */
export const SAVE_BUTTON_PLACE = {
  phone: { right: '1.6rem', bottom: '1.6rem', height: '4.4rem', band: '7.2rem' },
  tablet: { right: '3.2rem', bottom: '3.2rem', height: '4.4rem', band: '8.8rem' },
  desktop: { right: '6.4rem', bottom: '5.3rem', height: '3.6rem', band: '10.5rem' },
} as const;

const SAFE_BOTTOM = 'env(safe-area-inset-bottom, 0px)';

const Button = styled('button')(({ theme }) => ({
  ...navyButtonStyle,
  ...mutedWhenDisabled,
  position: 'fixed',
  right: SAVE_BUTTON_PLACE.desktop.right,
  bottom: SAVE_BUTTON_PLACE.desktop.bottom,
  zIndex: 10,
  display: 'flex',
  alignItems: 'center',
  gap: '0.8rem',
  height: SAVE_BUTTON_PLACE.desktop.height,
  padding: '0 1.6rem',
  borderRadius: '3.75px',
  fontSize: '1.6rem',
  transition: 'background-color 300ms, color 300ms',
  [theme.breakpoints.between('sm', 'md')]: {
    right: SAVE_BUTTON_PLACE.tablet.right,
    bottom: SAVE_BUTTON_PLACE.tablet.bottom,
    height: SAVE_BUTTON_PLACE.tablet.height,
  },
  [theme.breakpoints.down('sm')]: {
    right: SAVE_BUTTON_PLACE.phone.right,
    bottom: `calc(${SAVE_BUTTON_PLACE.phone.bottom} + ${SAFE_BOTTOM})`,
    height: SAVE_BUTTON_PLACE.phone.height,
    padding: '0 2rem',
    boxShadow: '0 4px 12px rgba(0,0,0,.2)',
  },
}));

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
  // While it is on screen, toasts stack above it (features/toast/toastPlacement.ts).
  useFloatingActionReserve();
  const text = copy.itemDetail.save;
  const label = saving ? text.saving : mode === 'view' ? text.edit : text.complete;
  return (
    <Button type="button" disabled={disabled || saving} aria-busy={saving || undefined} onClick={onClick}>
      {mode === 'view' && !saving ? <Pencil /> : <Tick />}
      {label}
    </Button>
  );
}
