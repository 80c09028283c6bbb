import { PendingPage } from '../../app/pending-pages';

/** /AIToolbox (issue 16): filled in by the AI toolbox feature. */
export function AiToolboxPage() {
  return <PendingPage page="aiToolbox" />;
}
