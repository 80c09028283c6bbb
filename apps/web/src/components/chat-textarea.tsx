import { forwardRef, useLayoutEffect, useRef } from 'react';
import { Textarea, type TextareaProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import classes from './chat-textarea.module.css';

interface ChatTextareaProps extends Omit<TextareaProps, 'onKeyDown' | 'autosize' | 'minRows' | 'maxRows' | 'rows'> {
  /** Enter sends; Shift+Enter (and Enter while an input method composes) breaks the line. */
  onSend: () => void;
  /** Lines shown while empty (2); it grows to eight. */
  minRows?: number;
}

// A browser without `field-sizing` (Safari, Firefox at the time of writing) is given the height of the text when it changes.
const sizesItself = () =>
  typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');
function fitText(box: HTMLTextAreaElement) {
  box.style.height = 'auto';
  box.style.height = `${box.scrollHeight + box.offsetHeight - box.clientHeight}px`;
}

/** The chat input of the card chat and the support inbox: Enter sends, Shift+Enter adds a line; grows to eight lines. */
export const ChatTextarea = forwardRef<HTMLTextAreaElement, ChatTextareaProps>(function ChatTextarea(
  { onSend, minRows = 2, classNames, style, ...props },
  ref,
) {
  const box = useRef<HTMLTextAreaElement>(null);
  const merged = useMergedRef(ref, box);
  useLayoutEffect(() => {
    if (box.current && !sizesItself()) fitText(box.current);
  }, [props.value]);
  return (
    <Textarea
      ref={merged}
      rows={minRows}
      {...props}
      style={{ ...(typeof style === 'object' ? style : {}), '--chat-min-rows': minRows }}
      classNames={{ ...(typeof classNames === 'object' ? classNames : {}), input: classes.input }}
      onInput={(e) => {
        if (!sizesItself()) fitText(e.currentTarget);
        props.onInput?.(e);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
          e.preventDefault();
          onSend();
        }
      }}
    />
  );
});
