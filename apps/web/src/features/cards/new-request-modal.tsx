import { MSG } from '@cutroom/domain';
import { RequestForm } from './request-form';
import { RequestModalFrame } from './request-modal-frame';

/** The request form as a modal, opened by the board's Create button; the board refreshes on success. */
export function NewRequestModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <RequestModalFrame opened={opened} onClose={onClose} title="New video request" discardMessage={MSG.discardRequest}>
      {({ requestClose, onDirtyChange, closeSaved }) => (
        <RequestForm mode="create" onCancel={requestClose} onSaved={closeSaved} onDirtyChange={onDirtyChange} />
      )}
    </RequestModalFrame>
  );
}
