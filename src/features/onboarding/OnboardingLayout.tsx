import { Outlet } from 'react-router-dom';
import { CenteredPage } from '../../shared/ui/layout';

/** `/onboarding/*`: every step is a column centred both ways on the onboarding grey. */
export default function OnboardingLayout() {
  return (
    <CenteredPage>
      <Outlet />
    </CenteredPage>
  );
}
