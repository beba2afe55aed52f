import type { SxProps, Theme } from '@mui/material/styles';
import { tokens } from '../../shared/ui/tokens';

const { grey } = tokens;
const MONOSPACE = "ui-monospace, SFMono-Regular, Menlo, Consolas, 'D2Coding', monospace";

/**
 * Every style of the editor, set once on its container and applied by class name. On phones (< 600 px) the toolbar
 * buttons and the check boxes are 44 × 44 touch targets; the toolbar scrolls sideways (no scroll bar) and stays at
 * the top of the scroll area while the description scrolls.
 */
export const editorSx: SxProps<Theme> = (theme: Theme) =>
  ({
    position: 'relative',
    color: grey.default,
    '& .me-toolbar': {
      position: 'sticky',
      top: 0,
      zIndex: 1,
      display: 'flex',
      gap: '0.8rem',
      padding: '0.8rem',
      backgroundColor: grey[100],
      borderBottom: `1px solid ${grey[300]}`,
      overflowX: 'auto',
      overscrollBehaviorX: 'contain',
      [theme.breakpoints.down('sm')]: {
        gap: '0.4rem',
        padding: '0.4rem',
        scrollbarWidth: 'none',
        '&::-webkit-scrollbar': { display: 'none' },
      },
    },
    '& .me-toolbar button': {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      flex: 'none',
      width: '3.2rem',
      height: '3.2rem',
      padding: 0,
      border: 'none',
      borderRadius: '0.4rem',
      backgroundColor: 'transparent',
      color: grey[600],
      cursor: 'pointer',
      '&:hover': { backgroundColor: grey[200] },
      '&[aria-pressed="true"]': { backgroundColor: grey[200] },
      '&:focus-visible': { outline: `2px solid ${tokens.navy}`, outlineOffset: 1 },
      '& svg': { fontSize: '2rem' },
      [theme.breakpoints.down('sm')]: { width: '4.4rem', height: '4.4rem', '& svg': { fontSize: '2.4rem' } },
    },
    '& .me-content': {
      minHeight: '8rem',
      padding: '1.2rem 0',
      fontSize: '1.6rem',
      lineHeight: 1.5,
      outline: 'none',
      tabSize: 4,
      wordBreak: 'break-word',
    },
    '& .me-content p': { margin: 0 },

    '& .me-placeholder': { color: grey[500], opacity: '1 !important', fontSize: '1.6rem' },
    '& .me-content ul, & .me-content ol': { margin: 0, paddingLeft: '1.2rem', listStylePosition: 'inside' },
    '& .me-content ul': { listStyleType: 'disc' },
    '& .me-content ol': { listStyleType: 'decimal' },
    '& .me-content li': { margin: '0.25rem 1rem' },
    '& .me-content li.me-nesting-item': { listStyleType: 'none' },
    '& .me-content ul.me-check-list': { listStyleType: 'none', paddingLeft: 0 },
    '& .me-check-item': { display: 'flex', alignItems: 'center', marginLeft: '0.4rem' },
    '& .me-checkbox': {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      flex: 'none',
      margin: '-0.8rem 0 -0.8rem -0.8rem',
      cursor: 'pointer',
      userSelect: 'none',
      position: 'relative',
      '&[aria-disabled="true"]': { cursor: 'default' },
      '&:focus-visible': { outline: `2px solid ${tokens.navy}`, outlineOffset: -4, borderRadius: '0.4rem' },
      // Phones: a 44 px square around the box (the 32 px touch margin grown by 6 px on each side).
      [theme.breakpoints.down('sm')]: {
        '&::before': { content: '""', position: 'absolute', inset: '-0.6rem' },
      },
    },
    [theme.breakpoints.down('sm')]: {
      '& .me-check-item': { minHeight: '4.4rem' },
    },
    '& .me-checkbox-box': {
      width: '1.6rem',
      height: '1.6rem',
      boxSizing: 'border-box',
      border: '2px solid #c5c5c5',
      borderRadius: '0.2rem',
    },
    '& .me-checked .me-checkbox-box': {
      backgroundColor: tokens.navy,
      borderColor: tokens.navy,
      backgroundImage:
        "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Cpath d='M3.5 8.5l3 3 6-7' fill='none' stroke='white' stroke-width='2'/%3E%3C/svg%3E\")",
      backgroundSize: 'contain',
    },
    '& .me-check-text': { flex: 1, minWidth: 0, marginLeft: '0.2rem' },
    '& .me-checked .me-check-text': { color: grey[500], textDecoration: 'line-through' },
    '& .me-inline-code': {
      fontFamily: MONOSPACE,
      fontSize: '94%',
      backgroundColor: grey[200],
      borderRadius: '0.5rem',
      padding: '0.1rem 0.4rem',
    },
    '& .me-code-block': {
      margin: '0.8rem 0',
      padding: '1rem',
      borderRadius: '1rem',
      backgroundColor: grey[200],
      fontFamily: MONOSPACE,
      fontSize: '1.4rem',
      lineHeight: '2.5rem',
      whiteSpace: 'pre',
      overflowX: 'auto',
    },
    '& .me-token-comment, & .me-token-punctuation': { color: grey[500] },
    '& .me-hr': { height: 2, margin: '1rem 0', border: 'none', backgroundColor: grey[200] },
    '& .me-hr-selected': { outline: `2px solid ${tokens.navy}` },
  }) as const;
