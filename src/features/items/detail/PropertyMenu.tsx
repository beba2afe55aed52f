import { useId, useState, type ReactNode } from 'react';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { styled } from '@mui/material/styles';
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
  '& > .placeholder': { color: tokens.grey[400] },
});

const MenuHeader = styled('li')({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  padding: '0.8rem 1.2rem',
  fontSize: '1.2rem',
  color: tokens.grey[500],
});

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
}: PropertyMenuProps<K>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();
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
        onClose={() => setAnchor(null)}
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
        {options.length === 0 && emptyText ? (
          <MenuItem disabled sx={optionStyle}>
            {emptyText}
          </MenuItem>
        ) : null}
        {options.map((option) => (
          <MenuItem
            key={option.key}
            role={multiple ? 'menuitemcheckbox' : 'menuitemradio'}
            aria-checked={option.selected}
            selected={option.selected}
            sx={optionStyle}
            onClick={() => {
              if (!multiple) setAnchor(null);
              onPick(option.key);
            }}
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
      </Menu>
    </>
  );
}
