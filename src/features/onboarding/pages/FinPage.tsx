import { styled } from '@mui/material/styles';
import { useAppDispatch } from '../../../app/hooks';
import { copy } from '../../../shared/copy';
import { usePageTitle } from '../../../shared/lib/pageTitle';
import { Logo } from '../../../shared/ui/Logo';
import { PHONE, PrimaryButton } from '../../../shared/ui/layout';
import { onboardingFinished } from '../onboardingSaga';
import { StepIndicator } from '../StepIndicator';
import { StepColumn } from '../ui';
import { ProductNameText } from './ProductName';

/*
 * Layout: indicator, 3.2rem, the 11.2rem mark, 1.6rem, the product name (24px bold navy),
 * 3.2rem, the tagline (32px bold), 11.4rem, "지금 시작하기".
 */
const Mark = styled(Logo)({ marginTop: '3.2rem' });

const Tagline = styled('h1')(({ theme }) => ({
  margin: '3.2rem 0 0',
  fontSize: '3.2rem',
  lineHeight: '150%',
  fontWeight: 700,
  letterSpacing: '-0.02em',
  color: theme.palette.text.primary,
  [PHONE]: { marginTop: '2.4rem', fontSize: '2.4rem' },
}));

const StartButton = styled(PrimaryButton)({ marginTop: '11.4rem', [PHONE]: { marginTop: '6.4rem' } });

/** `/onboarding/fin` (step 3): logo, name, tagline, "지금 시작하기" → `/workspace/complete`. */
export default function FinPage() {
  const dispatch = useAppDispatch();
  usePageTitle(copy.onboarding.pageTitles.fin);
  return (
    <StepColumn>
      <StepIndicator current={3} />
      <Mark size="11.2rem" decorative />
      <ProductNameText>{copy.productName}</ProductNameText>
      <Tagline>{copy.onboarding.fin.tagline}</Tagline>
      <StartButton type="button" onClick={() => dispatch(onboardingFinished())}>
        {copy.onboarding.fin.start}
      </StartButton>
    </StepColumn>
  );
}
