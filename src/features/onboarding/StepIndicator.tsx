import { Link } from 'react-router-dom';
import { styled } from '@mui/material/styles';
import { copy } from '../../shared/copy';
import { PHONE } from '../../shared/ui/layout';
import { ONBOARDING_PATHS } from './paths';
import { VisuallyHidden } from './ui';

/** The three creator steps, in order. */
const STEP_PATHS = [ONBOARDING_PATHS.workspace, ONBOARDING_PATHS.invite, ONBOARDING_PATHS.fin] as const;

export type OnboardingStep = 1 | 2 | 3;

const List = styled('ol')({
  display: 'flex',
  alignItems: 'center',
  gap: '0.6rem',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  // Phones: each earlier-step link gets a 4.4rem square touch area (below) without overlapping its neighbour's.
  [PHONE]: { gap: '3.6rem' },
});

const Item = styled('li')({ display: 'flex' });

type DotState = 'done' | 'current' | 'upcoming';

/** 0.8rem grey dot; the current step is a 3.2rem × 0.8rem navy pill. */
const dotStyles = (state: DotState, navy: string, grey: string) => ({
  position: 'relative' as const,
  display: 'block',
  width: state === 'current' ? '3.2rem' : '0.8rem',
  height: '0.8rem',
  borderRadius: '0.4rem',
  backgroundColor: state === 'current' ? navy : grey,
});

const DoneLink = styled(Link)(({ theme }) => ({
  ...dotStyles('done', theme.palette.primary.main, theme.palette.grey[300]),
  cursor: 'pointer',
  [PHONE]: { '&::before': { content: '""', position: 'absolute', inset: '-1.8rem' } },
  '&:hover': { backgroundColor: theme.palette.grey[400] },
  '&:focus-visible': { outline: `0.2rem solid ${theme.palette.secondary.main}`, outlineOffset: '0.2rem' },
}));

const StaticDot = styled('span', { shouldForwardProp: (prop) => prop !== 'state' })<{ state: DotState }>(
  ({ theme, state }) => ({
    ...dotStyles(state, theme.palette.primary.main, theme.palette.grey[300]),
    cursor: state === 'upcoming' ? 'not-allowed' : 'default',
  }),
);

interface StepIndicatorProps {
  current: OnboardingStep;
  className?: string;
}

/**
 * The three-dot indicator of steps 1–3 (docs/product.md "Onboarding"): earlier steps are links back, the current one is marked
 * `aria-current="step"`, later ones cannot be clicked (`cursor: not-allowed`). Each dot carries its step's name
 * as visually hidden text.
 */
export function StepIndicator({ current, className }: StepIndicatorProps) {
  const { label, step, names } = copy.onboarding.steps;
  return (
    <nav aria-label={label} className={className}>
      <List>
        {STEP_PATHS.map((path, index) => {
          const number = (index + 1) as OnboardingStep;
          const text = <VisuallyHidden>{step(number, names[index] ?? '')}</VisuallyHidden>;
          if (number < current) {
            return (
              <Item key={path}>
                <DoneLink to={path} data-step-state="done">
                  {text}
                </DoneLink>
              </Item>
            );
          }
          const state: DotState = number === current ? 'current' : 'upcoming';
          return (
            <Item key={path}>
              <StaticDot
                state={state}
                aria-current={state === 'current' ? 'step' : undefined}
                data-step-state={state}
              >
                {text}
              </StaticDot>
            </Item>
          );
        })}
      </List>
    </nav>
  );
}
