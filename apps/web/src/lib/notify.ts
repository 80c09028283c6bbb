import { toast } from 'react-toastify';

/** One place for toasts, so features say what happened and not how it is shown. */
export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
  info: (message: string) => toast.info(message),
};
