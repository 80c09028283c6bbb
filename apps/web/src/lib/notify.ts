// react-toastify loads apart from the first page's code (issue 17's first-load budget); a toast sent
// before its container is up waits in react-toastify's queue.
const toastify = () => import('react-toastify');

/** One place for toasts, so features say what happened and not how it is shown. */
export const notify = {
  success: (message: string) => void toastify().then(({ toast }) => toast.success(message)),
  error: (message: string) => void toastify().then(({ toast }) => toast.error(message)),
  info: (message: string) => void toastify().then(({ toast }) => toast.info(message)),
  /**
   * Success of an action whose result is the new page itself (signing in): bottom right, so it never
   * covers the page's top-right controls (Create, Board/List, the card's actions) the user reaches for next.
   */
  arrived: (message: string) =>
    void toastify().then(({ toast }) => toast.success(message, { position: 'bottom-right' })),
};
