import { useNavigation } from 'react-router';
import classes from './navigation-progress.module.css';

/**
 * Shows that a tap was taken while the router loads the next page's code and first data (issue 36): the page
 * on screen stays until the next one is ready, which on a slow phone is a few hundred milliseconds.
 */
export function NavigationProgress() {
  const loading = useNavigation().state !== 'idle';
  return (
    <div className={classes.bar} data-loading={loading || undefined} data-testid="navigation-progress" aria-hidden />
  );
}
