import { styled } from '@mui/material/styles';
import { copy } from '../copy';

const Section = styled('section')({
  padding: '3.2rem',
  display: 'flex',
  flexDirection: 'column',
  gap: '1.6rem',
});

const Title = styled('h1')(({ theme }) => ({
  margin: 0,
  fontSize: '2.4rem',
  lineHeight: '150%',
  fontWeight: 700,
  letterSpacing: '-0.02em',
  color: theme.palette.text.primary,
}));

const Notice = styled('p')(({ theme }) => ({
  margin: 0,
  fontSize: '1.6rem',
  lineHeight: '140%',
  color: theme.palette.text.secondary,
}));

interface PlaceholderPageProps {
  title: string;
}

/** Stand-in for a screen that a later issue implements: its Korean title and a short notice. */
export function PlaceholderPage({ title }: PlaceholderPageProps) {
  return (
    <Section aria-label={title}>
      <Title>{title}</Title>
      <Notice>{copy.placeholders.notice}</Notice>
    </Section>
  );
}
