import { Box, Button, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

interface SubmitButtonProps {
  children: ReactNode;
  /** Why the button is disabled; shown as its tooltip (spec 000 §8 'Create tooltip when blocked'). */
  blockedReason: string | null;
  disabled: boolean;
  loading: boolean;
  testId: string;
}

/**
 * The form's main button. A disabled button gets no pointer or focus events, so the tooltip hangs
 * on a focusable wrapper that also names the reason for screen readers.
 */
export function SubmitButton({ children, blockedReason, disabled, loading, testId }: SubmitButtonProps) {
  const button = (
    <Button type="submit" disabled={disabled} loading={loading} data-testid={testId}>
      {children}
    </Button>
  );
  if (!disabled || !blockedReason) return button;
  return (
    <Tooltip
      label={blockedReason}
      multiline
      w={300}
      withArrow
      position="top-end"
      events={{ hover: true, focus: true, touch: true }}
    >
      <Box
        component="span"
        tabIndex={0}
        display="inline-block"
        aria-label={`${typeof children === 'string' ? children : 'Submit'}: ${blockedReason}`}
        data-testid={`${testId}-blocked`}
        style={{ cursor: 'not-allowed', borderRadius: 'var(--mantine-radius-md)' }}
      >
        {button}
      </Box>
    </Tooltip>
  );
}
