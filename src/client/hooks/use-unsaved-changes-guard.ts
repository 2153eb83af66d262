// Asks before a form with unsaved changes is left: an in-app navigation is held by React Router's blocker (the
// page shows UnsavedChangesDialog), a reload or closed tab by the browser's own beforeunload prompt.
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

export function useUnsavedChangesGuard(dirty: boolean) {
  // Set just before the form's own navigation after a save, which must not ask.
  const leaving = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!leaving.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return {
    blocker,
    onAllowLeave: () => {
      leaving.current = true;
    },
  };
}
