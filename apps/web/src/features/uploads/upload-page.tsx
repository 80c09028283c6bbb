import { PendingPage } from '../../app/pending-pages';

/** /upload (issue 16): filled in by the uploads feature. */
export function UploadPage() {
  return <PendingPage page="upload" />;
}
