// react-toastify loads with the first toast, not with the first page (issue 17: its 10 KiB came with every
// page though most loads show no toast); a toast sent before its container is up waits in react-toastify's
// queue, and the providers mount the container once a toast was asked for (toastsAsked).
let asked = false;
const listeners = new Set<() => void>();
const toastify = () => {
  if (!asked) {
    asked = true;
    listeners.forEach((listener) => listener());
  }
  return import('react-toastify');
};

/** Whether any toast was sent yet, for useSyncExternalStore. */
export const toastsAsked = {
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: () => asked,
};

/** One place for toasts, so features say what happened and not how it is shown. */
export const notify = {
  success: (message: string) => void toastify().then(({ toast }) => toast.success(message)),
  error: (message: string) => void toastify().then(({ toast }) => toast.error(message)),
  info: (message: string) => void toastify().then(({ toast }) => toast.info(message)),
};
