import { useState } from 'react';
import { Alert, Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailExclamation } from '@tabler/icons-react';
import { EMAIL_MAX, MSG, TIME_ZONES, profileBody, type UserView } from '@cutroom/domain';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmailField, NameFields } from '../../components/person-fields';
import { UnsavedChangesPrompt } from '../../components/unsaved-changes-prompt';
import { browserTimeZone, isApiError } from '../../lib/api-client';
import { zodFieldErrors } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { useUpdateProfile, type ProfileChanges } from './api';

/** Spec 002 §5 asks this before every profile update. */
const CONFIRM_UPDATE = MSG.confirmProfileUpdate;
/** Select can't hold '' as a value, so 'None (browser time zone)' travels as this placeholder. */
const BROWSER_ZONE = '__browser__';

interface BasicInfoValues {
  firstname: string;
  lastname: string;
  useremail: string;
  timezone: string;
  dropbox_email: string;
}

const toFormZone = (zone: string) => (zone === '' ? BROWSER_ZONE : zone);
const fromFormZone = (zone: string) => (zone === BROWSER_ZONE ? '' : zone);

function zoneOptions(current: string) {
  const options = TIME_ZONES.map((z) => ({
    value: toFormZone(z.value),
    label: z.value === '' ? `${z.label}: ${browserTimeZone()}` : `${z.label} (${z.value})`,
  }));
  // An account set up elsewhere may carry a zone outside the spec's short list; keep it choosable.
  if (current !== '' && !TIME_ZONES.some((z) => z.value === current)) options.push({ value: current, label: current });
  return options;
}

/** Only changed, non-empty fields are sent (spec 002 §5); the zone may be cleared back to the browser's. */
function changedFields(initial: BasicInfoValues, values: BasicInfoValues): ProfileChanges {
  const changes: ProfileChanges = {};
  const firstname = values.firstname.trim();
  const lastname = values.lastname.trim();
  const useremail = values.useremail.trim().toLowerCase();
  if (firstname !== initial.firstname && firstname !== '') changes.firstname = firstname;
  if (lastname !== initial.lastname && lastname !== '') changes.lastname = lastname;
  if (useremail !== initial.useremail.toLowerCase() && useremail !== '') changes.useremail = useremail;
  if (values.timezone !== initial.timezone) changes.timezone = fromFormZone(values.timezone);
  const dropboxEmail = values.dropbox_email.trim().toLowerCase();
  if (dropboxEmail !== initial.dropbox_email && dropboxEmail !== '') changes.dropbox_email = dropboxEmail;
  return changes;
}

export function BasicInfoForm({ user }: { user: UserView }) {
  const update = useUpdateProfile();
  const [pendingChanges, setPendingChanges] = useState<ProfileChanges | null>(null);
  const initial: BasicInfoValues = {
    firstname: user.firstname,
    lastname: user.lastname,
    useremail: user.useremail,
    timezone: toFormZone(user.timezone),
    dropbox_email: user.dropbox_email ?? '',
  };
  const isCustomer = user.client_type === 'customer';
  const form = useForm<BasicInfoValues>({
    initialValues: initial,
    // The server's own schema, so the form says what the server would.
    validate: (values) => {
      const errors = zodFieldErrors(profileBody, {
        ...values,
        timezone: fromFormZone(values.timezone),
        dropbox_email: values.dropbox_email.trim() || undefined,
      });
      if (isCustomer && !values.dropbox_email.trim()) errors.dropbox_email = MSG.dropboxEmailRequired;
      return errors;
    },
  });

  const dirty = form.isDirty();

  async function save() {
    if (!pendingChanges) return;
    try {
      const reply = await update.mutateAsync(pendingChanges);
      notify.success(reply.message || MSG.profileUpdated);
      // The page remounts this form with the saved user (see its key), which clears 'dirty'.
    } catch (e) {
      if (isApiError(e) && e.field && e.field in initial) form.setFieldError(e.field, e.message);
      else notify.error(MSG.profileUpdateFailed);
    } finally {
      setPendingChanges(null);
    }
  }

  function askToSave(values: BasicInfoValues) {
    const changes = changedFields(initial, values);
    if (Object.keys(changes).length > 0) setPendingChanges(changes);
  }

  return (
    <form onSubmit={form.onSubmit(askToSave)} noValidate aria-label="Basic info">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NameFields firstName={form.getInputProps('firstname')} lastName={form.getInputProps('lastname')} />
        </SimpleGrid>
        <EmailField
          description="Changing it sends a confirmation link to the new address."
          {...form.getInputProps('useremail')}
        />
        {user.pending_email && (
          <Alert color="yellow" icon={<IconMailExclamation size={18} />} data-testid="pending-email">
            Pending confirmation: we sent a link to <b>{user.pending_email}</b>. Until you open it, you keep logging in
            with {user.useremail}.
          </Alert>
        )}
        {isCustomer && (
          <TextInput
            label="Gdrive or Dropbox email"
            type="email"
            required
            maxLength={EMAIL_MAX}
            description="The account you share raw footage from; we use it to set up file sharing."
            {...form.getInputProps('dropbox_email')}
          />
        )}
        <Select
          label="Time zone"
          description="Dates and times in the portal are shown in this zone."
          data={zoneOptions(user.timezone)}
          searchable
          {...form.getInputProps('timezone')}
        />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={() => form.reset()} disabled={!dirty || update.isPending}>
            Discard changes
          </Button>
          <Button type="submit" disabled={!dirty} loading={update.isPending} data-testid="profile-update">
            Update
          </Button>
        </Group>
      </Stack>

      <ConfirmDialog
        opened={pendingChanges !== null}
        title="Update profile"
        message={CONFIRM_UPDATE}
        confirmLabel="Yes, update"
        loading={update.isPending}
        onConfirm={() => void save()}
        onCancel={() => setPendingChanges(null)}
      />
      <UnsavedChangesPrompt when={dirty && !update.isPending} />
    </form>
  );
}
