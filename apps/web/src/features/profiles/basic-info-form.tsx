import { useState } from 'react';
import {
  Alert,
  Button,
  Divider,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailExclamation } from '@tabler/icons-react';
import {
  CUSTOMER_DETAIL_KEYS,
  EMAIL_MAX,
  MAIL_PREFERENCES,
  MSG,
  REFERRALS,
  REFERRALS_WITH_SOURCE,
  TIME_ZONES,
  choicesOf,
  ytFieldErrors,
  type CustomerDetailKey,
  type MailPreferenceKey,
  REFERRAL_SOURCE_MAX,
} from '@cutroom/domain';
import { profileBody, type UserView } from '@cutroom/domain/schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmailField, NameFields } from '../../components/person-fields';
import { UnsavedChangesPrompt } from '../../components/unsaved-changes-prompt';
import { browserTimeZone, isApiError } from '../../lib/api-client';
import { zodFieldErrors } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { useUpdateProfile, type ProfileChanges } from './own-profile-api';
import { CustomerDetailFields } from '../../components/customer-detail-fields';

/** Select can't hold '' as a value, so 'None (browser time zone)' travels as this placeholder. */
const BROWSER_ZONE = '__browser__';

/** A type, not an interface: the form's values must fit Record<string, unknown>. */
type BasicInfoValues = {
  firstname: string;
  lastname: string;
  useremail: string;
  timezone: string;
  dropbox_email: string;
  secondary_email: string;
  referral: string | null;
  otherreferral: string;
  details: Record<string, string>;
  mail: Record<MailPreferenceKey, boolean>;
  digest: boolean;
};

const needsSource = (referral: string | null) => referral !== null && REFERRALS_WITH_SOURCE.includes(referral);

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

/** The referral choices of the signup and the customers filter; an older stored one stays choosable. */
function referralOptions(current: string | null | undefined) {
  const options = choicesOf(REFERRALS);
  if (current && !options.some((r) => r.value === current)) options.push({ value: current, label: current });
  return options;
}

function initialValues(user: UserView): BasicInfoValues {
  return {
    firstname: user.firstname,
    lastname: user.lastname,
    useremail: user.useremail,
    timezone: toFormZone(user.timezone),
    dropbox_email: user.dropbox_email ?? '',
    secondary_email: user.secondary_email ?? '',
    referral: user.referral ?? null,
    otherreferral: user.otherreferral ?? '',
    details: Object.fromEntries(CUSTOMER_DETAIL_KEYS.map((k) => [k, user.details?.[k] ?? ''])),
    mail: Object.fromEntries(
      MAIL_PREFERENCES.map((m) => [m.value, (user.mailPreferences?.[m.value] ?? 1) === 1]),
    ) as BasicInfoValues['mail'],
    digest: user.mailPreferences?.daily_digest === 1,
  };
}

/**
 * Only changed fields are sent (spec 002 §5). Names and emails are sent only when not empty; a detail
 * or the assistant emails may be emptied on purpose, so '' travels and clears them.
 */
function changedFields(initial: BasicInfoValues, values: BasicInfoValues): ProfileChanges {
  const changes: Record<string, unknown> = {};
  const firstname = values.firstname.trim();
  const lastname = values.lastname.trim();
  const useremail = values.useremail.trim().toLowerCase();
  if (firstname !== initial.firstname && firstname !== '') changes.firstname = firstname;
  if (lastname !== initial.lastname && lastname !== '') changes.lastname = lastname;
  if (useremail !== initial.useremail.toLowerCase() && useremail !== '') changes.useremail = useremail;
  if (values.timezone !== initial.timezone) changes.timezone = fromFormZone(values.timezone);
  const dropboxEmail = values.dropbox_email.trim().toLowerCase();
  if (dropboxEmail !== initial.dropbox_email && dropboxEmail !== '') changes.dropbox_email = dropboxEmail;
  if (values.secondary_email.trim() !== initial.secondary_email)
    changes.secondary_email = values.secondary_email.trim();
  if (values.referral !== initial.referral) changes.referral = values.referral ?? '';
  // The source travels only with a referral that takes one; the server drops it otherwise.
  const source = values.otherreferral.trim();
  if (needsSource(values.referral) && source !== initial.otherreferral) changes.otherreferral = source;
  for (const key of CUSTOMER_DETAIL_KEYS) {
    const value = values.details[key]!.trim();
    if (value !== initial.details[key]) changes[key] = value;
  }
  const mail = MAIL_PREFERENCES.filter((m) => values.mail[m.value] !== initial.mail[m.value]);
  const prefs: Record<string, 0 | 1> = Object.fromEntries(mail.map((m) => [m.value, values.mail[m.value] ? 1 : 0]));
  if (values.digest !== initial.digest) prefs.daily_digest = values.digest ? 1 : 0;
  if (Object.keys(prefs).length > 0) changes.mailPreferences = prefs;
  return changes;
}

/** What the server would say about the values, plus the rules only the form knows (required for registration). */
/** Only what is sent is checked: a value saved before a field's choices were fixed stays as it is. */
const changedDetails = (values: BasicInfoValues, user: UserView) =>
  Object.fromEntries(
    Object.entries(values.details).filter(([k, v]) => v !== (user.details?.[k as CustomerDetailKey] ?? '')),
  );

function validate(values: BasicInfoValues, user: UserView): Record<string, string> {
  const isCustomer = user.client_type === 'customer';
  const errors = zodFieldErrors(profileBody, {
    firstname: values.firstname,
    lastname: values.lastname,
    useremail: values.useremail,
    timezone: fromFormZone(values.timezone),
    dropbox_email: values.dropbox_email.trim() || undefined,
    secondary_email: values.secondary_email,
    ...(isCustomer ? { ...changedDetails(values, user), otherreferral: values.otherreferral } : {}),
  });
  // Detail errors live under details.<key>, where the inputs read them.
  for (const key of CUSTOMER_DETAIL_KEYS) {
    if (errors[key]) {
      errors[`details.${key}`] = errors[key];
      delete errors[key];
    }
  }
  if (isCustomer && !values.dropbox_email.trim()) errors.dropbox_email = MSG.dropboxEmailRequired;
  if (isCustomer && needsSource(values.referral) && !values.otherreferral.trim())
    errors.otherreferral = MSG.mentionSource;
  if (isCustomer && user.has_youtube_helper) {
    for (const [key, message] of Object.entries(ytFieldErrors(values.details))) errors[`details.${key}`] ??= message;
  }
  return errors;
}

interface SectionProps {
  title: string;
  description?: string;
  children: React.ReactNode;
  /** An anchor for links into the form (the mails' 'change your preferences'). */
  id?: string;
}

function Section({ title, description, children, id }: SectionProps) {
  return (
    <Stack gap="sm" component="section" aria-label={title} id={id} style={{ scrollMarginTop: 80 }}>
      <Divider />
      <div>
        <Title order={3} fz="md">
          {title}
        </Title>
        {description && (
          <Text fz="sm" c="dimmed">
            {description}
          </Text>
        )}
      </div>
      {children}
    </Stack>
  );
}

interface BasicInfoFormProps {
  user: UserView;
  /** The thumbnail reference file's control: it saves on its own, so it only sits in the form's section. */
  thumbnailReference?: React.ReactNode;
  /** Called after a save (the page goes home, spec 002 §2). */
  onSaved?: () => void;
}

export function BasicInfoForm({ user, onSaved, thumbnailReference }: BasicInfoFormProps) {
  const update = useUpdateProfile();
  const [pendingChanges, setPendingChanges] = useState<ProfileChanges | null>(null);
  const initial = initialValues(user);
  const isCustomer = user.client_type === 'customer';
  const form = useForm<BasicInfoValues>({ initialValues: initial, validate: (values) => validate(values, user) });
  const dirty = form.isDirty();
  const [saved, setSaved] = useState(false);

  async function save() {
    if (!pendingChanges) return;
    try {
      const reply = await update.mutateAsync(pendingChanges);
      notify.success(reply.message || MSG.profileUpdated);
      setSaved(true);
      // Told now, not from an effect: the saved user gives this form a new key, and a remount loses `saved`.
      onSaved?.();
    } catch (e) {
      const field = isApiError(e) ? e.field : undefined;
      const message = isApiError(e) ? e.message : MSG.profileUpdateFailed;
      if (field && (CUSTOMER_DETAIL_KEYS as string[]).includes(field)) form.setFieldError(`details.${field}`, message);
      else if (field && field in initial) form.setFieldError(field, message);
      else notify.error(MSG.profileUpdateFailed);
    } finally {
      setPendingChanges(null);
    }
  }

  function askToSave(values: BasicInfoValues) {
    const changes = changedFields(initial, values);
    if (Object.keys(changes).length > 0) setPendingChanges(changes);
  }

  const detailProps = (section: 'videos' | 'youtube') => ({
    section,
    values: form.values.details,
    errors: Object.fromEntries(
      CUSTOMER_DETAIL_KEYS.map((k) => [k, form.errors[`details.${k}`]]).filter(([, e]) => e !== undefined),
    ) as Record<string, React.ReactNode>,
    onChange: (key: string, value: string) => {
      form.setFieldValue(`details.${key}`, value);
    },
  });

  return (
    <form onSubmit={form.onSubmit(askToSave, () => notify.error(MSG.requiredField))} noValidate aria-label="Basic info">
      <Stack gap="lg">
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
              Pending confirmation: we sent a link to <b>{user.pending_email}</b>. Until you open it, you keep logging
              in with {user.useremail}.
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
          {isCustomer && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Select
                label="How did you find us?"
                placeholder="Select an option"
                data={referralOptions(user.referral)}
                clearable
                allowDeselect
                {...form.getInputProps('referral')}
              />
              {needsSource(form.values.referral) && (
                <TextInput
                  label={MSG.mentionSource}
                  required
                  maxLength={REFERRAL_SOURCE_MAX}
                  {...form.getInputProps('otherreferral')}
                />
              )}
            </SimpleGrid>
          )}
          <TextInput
            label="Assistant emails"
            description="People who should get the same mails as you, separated by commas."
            placeholder="assistant@example.com, editor@example.com"
            maxLength={1000}
            {...form.getInputProps('secondary_email')}
          />
          <Select
            label="Time zone"
            description="Dates and times in the portal are shown in this zone."
            data={zoneOptions(user.timezone)}
            searchable
            {...form.getInputProps('timezone')}
          />
        </Stack>

        {isCustomer && (
          <Section title="About your videos" description="Helps your editors match your style from the first cut.">
            <CustomerDetailFields {...detailProps('videos')} />
          </Section>
        )}
        {isCustomer && (
          <Section
            title="YouTube helper details"
            description={
              user.has_youtube_helper
                ? 'Your YouTube helper uses these for thumbnails, titles and the upload.'
                : 'Used when you order the YouTube helper: thumbnails, titles and the upload.'
            }
          >
            <CustomerDetailFields {...detailProps('youtube')} markRequired={user.has_youtube_helper} />
            {thumbnailReference}
          </Section>
        )}

        <Section id="email-preferences" title="Email preferences" description="Which mails you get from the portal.">
          <Stack gap="xs">
            {MAIL_PREFERENCES.map((m) => (
              <Switch
                key={m.value}
                label={m.label}
                description={m.hint}
                {...form.getInputProps(`mail.${m.value}`, { type: 'checkbox' })}
              />
            ))}
            <Switch
              mt="xs"
              label="Daily digest"
              description="One mail a day (after 8 a.m. New York time) with the kinds above, instead of one mail each."
              {...form.getInputProps('digest', { type: 'checkbox' })}
            />
          </Stack>
        </Section>

        <Group justify="flex-end">
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
        message={MSG.confirmProfileUpdate}
        confirmLabel="Yes, update"
        loading={update.isPending}
        onConfirm={() => void save()}
        onCancel={() => setPendingChanges(null)}
      />
      <UnsavedChangesPrompt when={dirty && !update.isPending && !saved} />
    </form>
  );
}
