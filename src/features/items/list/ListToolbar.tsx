import { useId, useState } from 'react';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { styled } from '@mui/material/styles';
import { GROUPING_LABELS, type Grouping } from '../../../../contract/itemEnums';
import { tokens } from '../../../shared/ui/tokens';
import { copy } from '../../../shared/copy';
import { CaretDownIcon, CheckIcon, FilterIcon, TrashIcon } from '../icons';

/*
 * The toolbar row (docs/product.md "Grouped lists"): "전체선택" on the left (delete mode with items only); "필터"
 * (the grouping menu) and "삭제" (the delete-mode toggle) on the right, 2.4rem apart, 1.6rem text.
 */

/* Phones: the same controls as 4.4rem touch targets (labels stay: they fit at 360 px), 0.8rem apart. */
const Bar = styled('div')(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  minHeight: '2.4rem',
  '& .right': { display: 'flex', alignItems: 'center', gap: '2.4rem', marginLeft: 'auto' },
  [theme.breakpoints.down('sm')]: {
    margin: '-0.6rem 0',
    '& .right': { gap: '0.4rem' },
    '& .right > button': { minWidth: '4.4rem', minHeight: '4.4rem', padding: '0 0.6rem' },
    '& > label': { minHeight: '4.4rem', paddingRight: '0.8rem' },
    '& > label input': { width: '2rem', height: '2rem' },
  },
}));

const ToolButton = styled('button')({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.8rem',
  padding: 0,
  border: 0,
  borderRadius: '0.4rem',
  background: 'none',
  color: tokens.grey[600],
  font: 'inherit',
  fontSize: '1.6rem',
  lineHeight: '140%',
  letterSpacing: '-0.02em',
  cursor: 'pointer',
  '&[aria-pressed="true"]': { color: tokens.error },
  '&:focus-visible': { outline: `0.2rem solid ${tokens.navyVariant}`, outlineOffset: '0.2rem' },
});

const SelectAll = styled('label')({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1rem',
  marginLeft: '0.2rem',
  fontSize: '1.4rem',
  lineHeight: '140%',
  fontWeight: 700,
  letterSpacing: '-0.02em',
  color: tokens.grey[500],
  cursor: 'pointer',
  '&:has(input:checked)': { color: tokens.navyVariant },
  '& input': {
    appearance: 'none',
    width: '1.2rem',
    height: '1.2rem',
    margin: 0,
    border: `1px solid ${tokens.grey[400]}`,
    borderRadius: '0.2rem',
    backgroundColor: '#ffffff',
    backgroundSize: '100% 100%',
    cursor: 'pointer',
    '&:checked': {
      borderColor: tokens.navyVariant,
      backgroundColor: tokens.navyVariant,
      backgroundImage: `url("data:image/svg+xml,${encodeURIComponent(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><path d="M4 8.4 6.8 11 12 5.4" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>',
      )}")`,
    },
    '&:focus-visible': { outline: `0.2rem solid ${tokens.navyVariant}`, outlineOffset: '0.2rem' },
  },
});

/* The grouping menu: 11.6rem wide, #aeaeae border, 0.4rem radius, soft shadow; a
   "필터 ▾" header row, then 3.2rem options in 1.2rem text, the current one grey with a check mark. */
const menuPaper = {
  width: '11.6rem',
  marginTop: '0.6rem',
  border: `1px solid ${tokens.grey[400]}`,
  borderRadius: '0.4rem',
  boxShadow: '0 4px 12px 0 rgba(0, 0, 0, 0.15)',
} as const;

const MenuHeader = styled('li')({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  height: '3.2rem',
  padding: '0 0.8rem 0 1.2rem',
  fontSize: '1.2rem',
  lineHeight: '140%',
  letterSpacing: '-0.02em',
  color: tokens.grey.default,
  listStyle: 'none',
  '& svg': { color: tokens.grey.default },
});

const optionStyle = {
  minHeight: '3.2rem',
  height: '3.2rem',
  gap: '0.4rem',
  padding: '0 1.2rem',
  fontSize: '1.2rem',
  lineHeight: '140%',
  letterSpacing: '-0.02em',
  color: tokens.grey.default,
  '&.Mui-selected, &.Mui-selected:hover, &.Mui-selected.Mui-focusVisible': {
    backgroundColor: tokens.grey[200],
  },
  '&:hover, &.Mui-focusVisible': { backgroundColor: tokens.grey[200] },
} as const;

export interface ListToolbarProps {
  groupings: readonly Grouping[];
  grouping: Grouping;
  onGroupingChange: (grouping: Grouping) => void;
  deleteMode: boolean;
  onDeleteClick: () => void;
  /** Delete mode with at least one loaded item: the "전체선택" checkbox shows. */
  showSelectAll: boolean;
  allSelected: boolean;
  onSelectAll: () => void;
}

export function ListToolbar({
  groupings,
  grouping,
  onGroupingChange,
  deleteMode,
  onDeleteClick,
  showSelectAll,
  allSelected,
  onSelectAll,
}: ListToolbarProps) {
  const text = copy.itemList;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();
  const open = anchor !== null;

  return (
    <Bar>
      {showSelectAll && (
        <SelectAll>
          <input type="checkbox" checked={allSelected} onChange={onSelectAll} />
          {text.selectAll}
        </SelectAll>
      )}
      <div className="right">
        <ToolButton
          id={buttonId}
          type="button"
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <FilterIcon />
          {text.filter}
        </ToolButton>
        <ToolButton type="button" aria-pressed={deleteMode} onClick={onDeleteClick}>
          <TrashIcon />
          {text.delete}
        </ToolButton>
      </div>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: { sx: menuPaper },
          list: { 'aria-labelledby': buttonId, sx: { padding: 0 } },
        }}
      >
        <MenuHeader role="presentation" aria-hidden="true">
          {text.filter}
          <CaretDownIcon />
        </MenuHeader>
        {groupings.map((option) => (
          <MenuItem
            key={option}
            role="menuitemradio"
            aria-checked={option === grouping}
            selected={option === grouping}
            sx={optionStyle}
            onClick={() => {
              setAnchor(null);
              if (option !== grouping) onGroupingChange(option);
            }}
          >
            {GROUPING_LABELS[option]}
            {option === grouping && <CheckIcon />}
          </MenuItem>
        ))}
      </Menu>
    </Bar>
  );
}
