import { useState, type ReactNode } from 'react';
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ConfirmDialog } from '../../components/confirm-dialog';

/** What the frame hands the form inside it. */
export interface ModalFormHooks {
  /** Closes, after asking when there is unsaved input. */
  requestClose: () => void;
  /** The form reports whether it holds unsaved input. */
  onDirtyChange: (dirty: boolean) => void;
  /** Closes without asking, after a save. */
  closeSaved: () => void;
}

interface RequestModalFrameProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Asked before closing over unsaved input. */
  discardMessage: string;
  children: (hooks: ModalFormHooks) => ReactNode;
}

/** The modal around the request form: full screen on phones, and no silent loss of typed input. */
export function RequestModalFrame({ opened, onClose, title, discardMessage, children }: RequestModalFrameProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [confirming, setConfirming] = useState(false);
  const [dirty, setDirty] = useState(false);

  const close = () => {
    setDirty(false);
    setConfirming(false);
    onClose();
  };
  const requestClose = () => (dirty ? setConfirming(true) : close());

  return (
    <>
      <Modal
        opened={opened}
        onClose={requestClose}
        title={title}
        size="xl"
        radius="lg"
        fullScreen={phone}
        // Typed input survives a stray click beside the dialog.
        closeOnClickOutside={!dirty}
        styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)', minWidth: 0 } }}
      >
        {children({ requestClose, onDirtyChange: setDirty, closeSaved: close })}
      </Modal>
      {/* Mounted only when asked: a mounted dialog would catch the very Escape that opened it and close again. */}
      {opened && confirming && (
        <ConfirmDialog
          opened
          title="Discard?"
          message={discardMessage}
          confirmLabel="Discard"
          cancelLabel="Keep editing"
          danger
          onConfirm={close}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}
