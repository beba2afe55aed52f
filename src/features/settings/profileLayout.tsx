import { useId } from 'react';
import { styled } from '@mui/material/styles';
import { PHONE } from '../../shared/ui/layout';

/*
 * The profile pages (ws-profile, my-profile): a 62.8rem column centred in the content area, 10rem from the top;
 * 24px bold title, 2.4rem, a grey rule; 20px row labels; 3.6rem disabled inputs (docs/product.md "Settings").
 */

export const ProfileColumn = styled('section')({
  width: '62.8rem',
  maxWidth: 'calc(100% - 6.4rem)',
  margin: '0 auto',
  padding: '10rem 0 6.4rem',
  // Phones (docs/responsive.md): the full width with 2rem side padding.
  [PHONE]: { width: 'auto', maxWidth: 'none', padding: '2.4rem 2rem 4.8rem' },
});

export const PageTitle = styled('h1')(({ theme }) => ({
  margin: 0,
  fontSize: '2.4rem',
  lineHeight: '150%',
  fontWeight: 700,
  letterSpacing: '-0.02em',
  color: theme.palette.text.primary,
  overflowWrap: 'anywhere',
}));

export const TitleRule = styled('hr')(({ theme }) => ({
  margin: '2.4rem 0 0',
  border: 0,
  borderTop: `1px solid ${theme.palette.grey[300]}`,
}));

/** A label on the left (20px) and a control on the right (logo, avatar, 12.8rem button). */
export const SettingRow = styled('div')({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '1.6rem',
  minHeight: '4.2rem',
  marginTop: '2.4rem',
  [PHONE]: { minHeight: '4.4rem' },
});

export const RowLabel = styled('h2')({
  margin: 0,
  fontSize: '2rem',
  lineHeight: '140%',
  fontWeight: 400,
  letterSpacing: '-0.02em',
  wordBreak: 'keep-all',
  [PHONE]: { fontSize: '1.8rem' },
});

const FieldGroup = styled('div')({
  marginTop: '2.4rem',
  '& + &': { marginTop: '3.2rem' },
});

const FieldLabel = styled('label')({
  display: 'block',
  fontSize: '1.6rem',
  lineHeight: '140%',
  letterSpacing: '-0.02em',
});

const ReadOnlyInput = styled('input')(({ theme }) => ({
  display: 'block',
  boxSizing: 'border-box',
  width: '100%',
  height: '3.6rem',
  marginTop: '1rem',
  padding: '0 1.2rem',
  border: `1px solid ${theme.palette.grey[300]}`,
  borderRadius: '0.4rem',
  backgroundColor: theme.palette.grey[200],
  color: theme.palette.grey[500],
  font: 'inherit',
  fontSize: '1.6rem',
  lineHeight: '140%',
  letterSpacing: '-0.02em',
  WebkitTextFillColor: theme.palette.grey[500],
  opacity: 1,
  textOverflow: 'ellipsis',
  [PHONE]: { height: '4.4rem' },
}));

/** A labelled, disabled, read-only input showing `value` (ws-profile name and URL, my-profile name and email). */
export function ReadOnlyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <FieldGroup>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <ReadOnlyInput id={id} type="text" value={value} readOnly disabled />
    </FieldGroup>
  );
}
