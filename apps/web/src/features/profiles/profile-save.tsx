import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MSG } from '@cutroom/domain';
import { updateUserBody, type UserView } from '@cutroom/domain/schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { UnsavedChangesPrompt } from '../../components/unsaved-changes-prompt';
import { isApiError } from '../../lib/api-client';
import { zodFieldErrors } from '../../lib/form-errors';
import { useUpdateUser, type UserChanges } from './api';

/**
 * An admin form of someone's profile: Save checks the server's rules, asks (spec 002 §5), then sends
 * PUT /api/user/:id with what `changes` finds changed; a refusal of one field lands on that field.
 */
export function useProfileForm<V extends Record<string, unknown>>(
  person: UserView,
  toValues: (user: UserView) => V,
  changes: (base: V, now: V) => UserChanges,
) {
  const update = useUpdateUser(person.client_id);
  const [base, setBase] = useState(() => toValues(person));
  const [confirming, setConfirming] = useState(false);
  const form = useForm<V>({ initialValues: base });
  const body = changes(base, form.values);
  const dirty = Object.keys(body).length > 0;

  /** `more`: the form's own problems besides the body schema's. */
  const askToSave = (more: Record<string, string> = {}) => {
    const problems = { ...zodFieldErrors(updateUserBody, body), ...more };
    if (Object.keys(problems).length > 0) form.setErrors(problems);
    else if (dirty) setConfirming(true);
  };

  const save = () => {
    update.mutate(body, {
      onSuccess: (reply) => {
        const next = toValues(reply.user);
        setBase(next);
        form.setValues(next);
        form.resetDirty(next);
      },
      onError: (error) => {
        if (isApiError(error) && error.field) form.setFieldError(error.field, error.message);
      },
      onSettled: () => setConfirming(false),
    });
  };

  const controls: SaveControlsProps = {
    dirty,
    pending: update.isPending,
    confirming,
    onReset: () => {
      form.setValues(base);
      form.clearErrors();
    },
    onConfirm: save,
    onCancel: () => setConfirming(false),
  };
  return { form, body, askToSave, controls };
}

interface SaveControlsProps {
  dirty: boolean;
  pending: boolean;
  confirming: boolean;
  onReset: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Reset and Save (a submit button), the update question, and the leave-page warning while changes are unsaved. */
export function SaveControls({
  saveTestId,
  showButtons = true,
  ...c
}: SaveControlsProps & { saveTestId: string; showButtons?: boolean }) {
  return (
    <>
      {showButtons && (
        <Group justify="flex-end">
          <Button variant="default" disabled={!c.dirty || c.pending} onClick={c.onReset}>
            Reset
          </Button>
          <Button type="submit" disabled={!c.dirty} loading={c.pending} data-testid={saveTestId}>
            Save
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={c.confirming}
        title="Update profile"
        message={MSG.confirmProfileUpdate}
        confirmLabel="Update"
        loading={c.pending}
        onConfirm={c.onConfirm}
        onCancel={c.onCancel}
      />
      <UnsavedChangesPrompt when={c.dirty && !c.pending} />
    </>
  );
}
