import { useEffect, useRef, type ChangeEvent, type CompositionEvent, type KeyboardEvent } from 'react';
import { styled } from '@mui/material/styles';
import { ITEM_TITLE_MAX } from '../../../../contract/itemEnums';
import { tokens } from '../../../shared/ui/tokens';
import { useAppDispatch } from '../../../app/hooks';
import { copy } from '../../../shared/copy';
import { toastShown } from '../../toast';
import { compositionOpen } from '../../../shared/lib/composition';
import { clampTitle, singleLine } from './detailModel';

/** Toast key of the title limit: one toast per overflow (a repeat replaces it). */
export const TITLE_MAX_TOAST_KEY = 'title-max';

const Input = styled('textarea')(({ theme }) => ({
  width: '100%',
  border: 'none',
  outline: 'none',
  resize: 'none',
  overflow: 'hidden',
  padding: 0,
  font: 'inherit',
  fontSize: '3.2rem',
  fontWeight: 700,
  lineHeight: 1.5,
  letterSpacing: '-0.02em',
  color: tokens.grey[600],
  background: 'transparent',
  fieldSizing: 'content',
  '&::placeholder': { color: tokens.grey[500] },
  [theme.breakpoints.down('sm')]: { fontSize: '2.4rem' },
}));

export interface TitleFieldProps {
  value: string;
  placeholder: string;
  onChange: (value: string) => void;
  /** View mode: the title saves when the field loses focus. */
  onCommit?: () => void;
  /**
   * Create screens: the field takes the focus when it mounts (also after the `C` shortcut or a '새 이슈' button),
   * unless a Hangul composition is open elsewhere (compositionWatch.ts).
   */
  focusOnMount?: boolean;
}

/**
 * The detail title (docs/product.md "Item detail"): at most 20 characters — longer input is cut and the toast shows
 * once per overflow — no line breaks (Enter blocked). While a Hangul syllable is being composed nothing is cut or
 * acted on; the limit applies on `compositionend`, so the last syllable is never broken.
 */
export function TitleField({
  value,
  placeholder,
  onChange,
  onCommit,
  focusOnMount = false,
}: TitleFieldProps) {
  const dispatch = useAppDispatch();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  // Once, on mount: a later render never moves the focus again.
  const focusAtMount = useRef(focusOnMount);
  useEffect(() => {
    if (focusAtMount.current && !compositionOpen()) inputRef.current?.focus();
  }, []);
  const composing = useRef(false);
  /** True from an overflow until the title is back under the limit: one toast per overflow. */
  const overflowed = useRef(false);

  const apply = (raw: string) => {
    const { value: next, overflow } = clampTitle(singleLine(raw));
    if (overflow) {
      if (!overflowed.current)
        dispatch(toastShown({ key: TITLE_MAX_TOAST_KEY, message: copy.itemDetail.titleMax }));
      overflowed.current = true;
    } else if (Array.from(next).length < ITEM_TITLE_MAX) {
      overflowed.current = false;
    }
    onChange(next);
  };

  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    const native = event.nativeEvent as InputEvent;
    if (composing.current || native.isComposing) {
      // Keep the composed text as typed; the limit applies when the syllable is complete.
      onChange(singleLine(event.target.value));
      return;
    }
    apply(event.target.value);
  };

  const handleCompositionEnd = (event: CompositionEvent<HTMLTextAreaElement>) => {
    composing.current = false;
    apply(event.currentTarget.value);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter') event.preventDefault();
  };

  return (
    <Input
      ref={inputRef}
      aria-label={copy.itemDetail.titleLabel}
      rows={1}
      value={value}
      placeholder={placeholder}
      onChange={handleChange}
      onCompositionStart={() => {
        composing.current = true;
      }}
      onCompositionEnd={handleCompositionEnd}
      onKeyDown={handleKeyDown}
      onBlur={() => {
        if (!composing.current) onCommit?.();
      }}
    />
  );
}
