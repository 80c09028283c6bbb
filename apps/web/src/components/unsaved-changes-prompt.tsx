import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { MSG } from '@cutroom/domain';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Warns before leaving a page with unsaved edits (spec 002 §2): our dialog for in-app links,
 * the browser's own 'Changes that you made may not be saved.' for reloads and closing the tab.
 */
export function UnsavedChangesPrompt({ when }: { when: boolean }) {
  // Only leaving the page counts; switching tabs inside it changes the query string, not the path.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  return (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title="Leave this page?"
      message={MSG.unsavedChanges}
      confirmLabel="Leave page"
      cancelLabel="Stay"
      danger
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
