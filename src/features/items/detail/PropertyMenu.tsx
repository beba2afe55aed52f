import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { styled } from '@mui/material/styles';
import { rankByMatch } from '../../../../contract/hangul';
import { copy } from '../../../shared/copy';
import { tokens } from '../../../shared/ui/tokens';
import { CaretDownIcon, CheckIcon } from '../icons';

/* One property row of the detail panel and its dropdown. */

export const RowButton = styled('button')({
  display: 'flex',
  alignItems: 'center',
  gap: '0.8rem',
  width: '100%',
  minHeight: '3.2rem',
  padding: '0 0.5rem',
  border: 'none',
  borderRadius: '3.75px',
  background: 'transparent',
  font: 'inherit',
  fontSize: '1.6rem',
  color: tokens.grey[600],
  textAlign: 'left',
  cursor: 'pointer',
  '&:hover': { backgroundColor: tokens.grey[200] },
  '& > .value': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& > .placeholder': { color: tokens.grey[500] },
});

const MenuHeader = styled('li')({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  padding: '0.8rem 1.2rem',
  fontSize: '1.2rem',
  color: tokens.grey[500],
});

/** The picker's filter field, under the header (docs/product.md "Search"). */
const FilterItem = styled('li')({
  // Stays in view while a long option list scrolls under it.
  position: 'sticky',
  top: 0,
  zIndex: 1,
  padding: '0.4rem 0.8rem 0.8rem',
  backgroundColor: tokens.grey[100],
});
const FilterInput = styled('input')({
  width: '100%',
  height: '3.2rem',
  padding: '0 0.8rem',
  border: `1px solid ${tokens.grey[300]}`,
  borderRadius: '0.4rem',
  font: 'inherit',
  fontSize: '1.2rem',
  color: tokens.grey[600],
  '&::placeholder': { color: tokens.grey[500] },
  '&:focus': { outline: 'none', borderColor: tokens.navyVariant },
});

/** An IME composition is open: the key edits a syllable, so nothing may act on it (keyCode 229: Safari). */
const isComposingKey = (event: KeyboardEvent<HTMLElement>) =>
  event.nativeEvent.isComposing || event.keyCode === 229;

/** The options the keyboard can reach, in order (the no-match row is disabled). */
const focusableOptions = (list: Element | null | undefined) =>
  Array.from(list?.querySelectorAll<HTMLElement>('[role^="menuitem"]:not([aria-disabled="true"])') ?? []);

const menuPaper = {
  minWidth: '20rem',
  maxHeight: '22rem',
  borderRadius: '0.4rem',
  boxShadow: '0 4px 12px 0 rgba(0,0,0,.15)',
};
const optionStyle = {
  fontSize: '1.2rem',
  gap: '0.8rem',
  minHeight: '3.2rem',
  justifyContent: 'space-between',
  '&.Mui-selected, &.Mui-selected:hover': { backgroundColor: tokens.grey[200] },
};

export interface MenuOption<K extends string | number> {
  key: K;
  label: string;
  icon?: ReactNode;
  selected: boolean;
  /** Shown whatever the filter says ('없음'). */
  pinned?: boolean;
}

export interface PropertyMenuProps<K extends string | number> {
  /** The property's name ('상태', '담당자', …): the button's and the menu's accessible name prefix. */
  name: string;
  /** What the row shows (icon + value or placeholder). */
  display: ReactNode;
  /** The value as text, for the button's accessible name ('상태: 진행중'). */
  valueText: string;
  options: ReadonlyArray<MenuOption<K>>;
  onPick: (key: K) => void;
  /** Multi-select menus stay open until an outside click. */
  multiple?: boolean;
  /** Instead of opening: e.g. a toast for a property that cannot change. */
  onBlockedClick?: () => void;
  /** Shown instead of options when there are none. */
  emptyText?: string;
  /**
   * With it, a filter field (this placeholder and accessible name) tops the menu and narrows the options by
   * `rankByMatch` (contract/hangul.ts): 초성 (spaces optional, ㄺ as ㄹ+ㄱ) and a half-composed last syllable match;
   * pinned options first, then labels that start with the match, then those that have it in the middle.
   */
  filterLabel?: string;
}

export function PropertyMenu<K extends string | number>({
  name,
  display,
  valueText,
  options,
  onPick,
  multiple = false,
  onBlockedClick,
  emptyText,
  filterLabel,
}: PropertyMenuProps<K>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [query, setQuery] = useState('');
  // Set between compositionstart and compositionend: some browsers send the committing keydown without isComposing.
  const composing = useRef(false);
  const filterRef = useRef<HTMLInputElement>(null);
  const buttonId = useId();
  const menuId = useId();

  const close = () => {
    setAnchor(null);
    setQuery('');
    composing.current = false; // a menu closed mid-syllable gets no compositionend
  };
  const pick = (key: K) => {
    if (!multiple) close();
    onPick(key);
  };
  const filtering = filterLabel !== undefined && query.trim() !== '';
  const visible = filtering
    ? [
        ...options.filter((option) => option.pinned),
        ...rankByMatch(
          options.filter((option) => !option.pinned),
          query,
          (option) => [option.label],
        ),
      ]
    : options;
  const noMatch = filtering && options.length > 0 && !visible.some((option) => !option.pinned);
  const menuOf = (element: Element | null) => element?.closest('[role="menu"]');

  // The field keeps its keys from the menu: no type-ahead, no roving focus, nothing at all while composing.
  const onFilterKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (composing.current || isComposingKey(event)) {
      event.stopPropagation();
      return;
    }
    if (event.key === 'Escape' || event.key === 'Tab') return; // the menu closes
    event.stopPropagation();
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const items = focusableOptions(menuOf(event.currentTarget));
      (event.key === 'ArrowDown' ? items[0] : items[items.length - 1])?.focus();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const first = visible.find((option) => !option.pinned);
      if (filtering && first) pick(first.key);
    }
  };
  // ArrowUp on the first option goes back to the field, as in a combobox.
  const onOptionKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (!filterLabel || event.key !== 'ArrowUp') return;
    if (focusableOptions(menuOf(event.currentTarget))[0] !== event.currentTarget) return;
    event.preventDefault();
    event.stopPropagation();
    filterRef.current?.focus();
  };
  return (
    <>
      <RowButton
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? menuId : undefined}
        aria-label={`${name}: ${valueText}`}
        onClick={(event) => {
          if (onBlockedClick) onBlockedClick();
          else setAnchor(event.currentTarget);
        }}
      >
        {display}
      </RowButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        // A filterable menu opens with the caret in its field (the field's autoFocus), not on an option.
        autoFocus={filterLabel === undefined}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        transformOrigin={{ vertical: 'top', horizontal: 'left' }}
        slotProps={{
          paper: { sx: menuPaper },
          list: { 'aria-label': name, sx: { padding: 0 } },
        }}
      >
        <MenuHeader role="presentation" aria-hidden="true">
          {name}
          <CaretDownIcon />
        </MenuHeader>
        {filterLabel !== undefined && options.length > 0 && (
          <FilterItem role="presentation">
            <FilterInput
              ref={filterRef}
              type="text"
              autoFocus
              autoComplete="off"
              spellCheck={false}
              placeholder={filterLabel}
              aria-label={filterLabel}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              onCompositionStart={() => {
                composing.current = true;
              }}
              onCompositionEnd={() => {
                composing.current = false;
              }}
              onKeyDown={onFilterKeyDown}
            />
          </FilterItem>
        )}
        {options.length === 0 && emptyText ? (
          <MenuItem disabled sx={optionStyle}>
            {emptyText}
          </MenuItem>
        ) : null}
        {visible.map((option) => (
          <MenuItem
            key={option.key}
            role={multiple ? 'menuitemcheckbox' : 'menuitemradio'}
            aria-checked={option.selected}
            selected={option.selected}
            sx={optionStyle}
            onKeyDown={onOptionKeyDown}
            onClick={() => pick(option.key)}
          >
            <span style={{ display: 'flex', alignItems: 'center', gap: '0.8rem', minWidth: 0 }}>
              {option.icon}
              <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {option.label}
              </span>
            </span>
            {option.selected && <CheckIcon />}
          </MenuItem>
        ))}
        {noMatch && (
          <MenuItem disabled sx={optionStyle}>
            {copy.filter.noMatch}
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
