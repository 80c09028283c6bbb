import { Paper, Stack, Text, Title } from '@mantine/core';
import { CUSTOMER_DETAIL_KEYS, mayEditCustomerDetails, ytFieldErrors } from '@cutroom/domain';
import type { UserView } from '@cutroom/domain/schemas';
import { CustomerDetailFields } from '../../components/customer-detail-fields';
import { ThumbnailReference } from '../../components/thumbnail-reference';
import { userKey, type UserChanges } from './api';
import { SaveControls, useProfileForm } from './profile-save';

type DetailValues = Record<string, string>;

const toValues = (user: UserView): DetailValues =>
  Object.fromEntries(CUSTOMER_DETAIL_KEYS.map((k) => [k, user.details?.[k] ?? '']));

/** Changed details only; '' clears one. */
const changes = (base: DetailValues, now: DetailValues): UserChanges =>
  Object.fromEntries(CUSTOMER_DETAIL_KEYS.filter((k) => now[k]!.trim() !== base[k]).map((k) => [k, now[k]!.trim()]));

const asActor = (u: UserView) => ({ id: u.client_id, role: u.client_type });

/**
 * A customer's profile details on /customer/:id/profile: editable by admin (the customer edits
 * them on /profile), read-only for the staff who may see the customer.
 */
export function CustomerDetailsForm({ person, viewer }: { person: UserView; viewer: UserView }) {
  const editable = mayEditCustomerDetails(asActor(viewer), asActor(person));
  const { form, askToSave, controls } = useProfileForm(person, toValues, changes);
  const errors = form.errors as Record<string, React.ReactNode>;
  const fields = (section: 'videos' | 'youtube') => (
    <CustomerDetailFields
      section={section}
      values={form.values}
      errors={errors}
      onChange={(key, value) => form.setFieldValue(key, value)}
      readOnly={!editable}
      markRequired={person.has_youtube_helper}
    />
  );

  return (
    <Paper
      p={{ base: 'md', sm: 'lg' }}
      radius="lg"
      withBorder
      component="form"
      aria-label="Customer details"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        askToSave(person.has_youtube_helper ? ytFieldErrors(form.values) : {});
      }}
    >
      <Stack gap="lg">
        <div>
          <Title order={2} fz="lg">
            About their videos
          </Title>
          {!editable && (
            <Text fz="sm" c="dimmed">
              Filled in by the customer on their profile.
            </Text>
          )}
        </div>
        {fields('videos')}
        <Title order={2} fz="lg">
          YouTube helper details
        </Title>
        {fields('youtube')}
        <ThumbnailReference
          customerId={person.client_id}
          url={person.ref_thumbnails_file}
          refresh={[userKey(person.client_id)]}
          readOnly={!editable}
          description="An image of a thumbnail style the customer likes."
        />
        <SaveControls saveTestId="customer-details-save" showButtons={editable} {...controls} />
      </Stack>
    </Paper>
  );
}
