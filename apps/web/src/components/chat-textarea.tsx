import { forwardRef } from 'react';
import { Textarea, type TextareaProps } from '@mantine/core';

interface ChatTextareaProps extends Omit<TextareaProps, 'onKeyDown'> {
  /** Enter sends; Shift+Enter (and Enter while an input method composes) breaks the line. */
  onSend: () => void;
}

/** The chat input of the card chat and the support inbox: Enter sends, Shift+Enter adds a line. */
export const ChatTextarea = forwardRef<HTMLTextAreaElement, ChatTextareaProps>(function ChatTextarea(
  { onSend, ...props },
  ref,
) {
  return (
    <Textarea
      ref={ref}
      autosize
      minRows={2}
      maxRows={8}
      {...props}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
          e.preventDefault();
          onSend();
        }
      }}
    />
  );
});
