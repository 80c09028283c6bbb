import { isRouteErrorResponse, useRouteError } from 'react-router';
import { MSG } from '@cutroom/domain';
import { ErrorState } from '../components/error-state';

/** A page that crashed while rendering: say so and offer a fresh load instead of a blank screen. */
export function RouteErrorPage() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : MSG.generic;
  return <ErrorState fullPage message={message} onRetry={() => window.location.reload()} />;
}
