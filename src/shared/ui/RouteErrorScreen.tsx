import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { errorStatus } from '../../api/errors';
import { ErrorScreen } from './ErrorScreen';

/** The status to show for an error caught by the router: a thrown Response, an RTK Query error, or a fallback. */
export function statusOfRouteError(error: unknown, fallbackStatus?: number): number | undefined {
  if (isRouteErrorResponse(error)) return error.status;
  return errorStatus(error) ?? fallbackStatus;
}

interface RouteErrorScreenProps {
  /** Used when the error carries no status (render errors, failed chunk loads). */
  fallbackStatus?: number;
}

/** Route `errorElement`: maps `useRouteError()` to the generic error screen. */
export function RouteErrorScreen({ fallbackStatus }: RouteErrorScreenProps) {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorScreen status={statusOfRouteError(error, fallbackStatus)} />;
}
