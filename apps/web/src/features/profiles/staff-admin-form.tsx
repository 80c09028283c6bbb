import { Paper, Select, SimpleGrid, Stack, Title } from '@mantine/core';
import { MSG, editableUserFields, isRole, type Role, type UpdateUserField } from '@cutroom/domain';
import type { UserView } from '@cutroom/domain/schemas';
import { EmailField, NameFields } from '../../components/person-fields';
import { TeamLeadSelect } from '../../components/team-lead-select';
import { STAFF_ROLE_CHOICES } from '../../lib/staff';
import { type UserChanges } from './api';
import { SaveControls, useProfileForm } from './profile-save';

/** A type, not an interface: the form's values must fit Record<string, unknown>. */
type StaffValues = {
  firstname: string;
  lastname: string;
  useremail: string;
  client_type: Role;
  assigned_to_lead_id: string | null;
};

const toValues = (user: UserView): StaffValues => ({
  firstname: user.firstname,
  lastname: user.lastname,
  useremail: user.useremail,
  client_type: user.client_type,
  assigned_to_lead_id: user.assigned_to_lead_id === null ? null : String(user.assigned_to_lead_id),
});

/** The PUT body: the fields the viewer may change that differ from what was loaded, and nothing else. */
function changedFields(base: StaffValues, now: StaffValues, editable: readonly UpdateUserField[]): UserChanges {
  const body: UserChanges = {};
  const may = (field: UpdateUserField) => editable.includes(field);
  if (may('firstname') && now.firstname.trim() !== base.firstname) body.firstname = now.firstname.trim();
  if (may('lastname') && now.lastname.trim() !== base.lastname) body.lastname = now.lastname.trim();
  if (may('useremail') && now.useremail.trim().toLowerCase() !== base.useremail.toLowerCase())
    body.useremail = now.useremail.trim();
  if (may('client_type') && now.client_type !== base.client_type) body.client_type = now.client_type;
  if (may('assigned_to_lead_id') && now.assigned_to_lead_id !== base.assigned_to_lead_id)
    body.assigned_to_lead_id = now.assigned_to_lead_id === null ? null : Number(now.assigned_to_lead_id);
  return body;
}

/** An admin's form of a team member's account: names, email, role and team lead (spec 002 §2, §4). */
export function StaffAdminForm({ person, viewer }: { person: UserView; viewer: UserView }) {
  const editable = editableUserFields(
    { id: viewer.client_id, role: viewer.client_type },
    { id: person.client_id, role: person.client_type },
  );
  const may = (field: UpdateUserField) => editable.includes(field);
  const { form, askToSave, controls } = useProfileForm(person, toValues, (base, now) =>
    changedFields(base, now, editable),
  );
  const readOnly = (field: UpdateUserField) => ({ readOnly: !may(field), variant: may(field) ? undefined : 'filled' });

  return (
    <Paper
      p="md"
      radius="lg"
      withBorder
      component="form"
      aria-label="Account"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        askToSave();
      }}
    >
      <Stack gap="md">
        <Title order={2} fz="h4">
          Account
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NameFields
            firstName={{ ...readOnly('firstname'), ...form.getInputProps('firstname') }}
            lastName={{ ...readOnly('lastname'), ...form.getInputProps('lastname') }}
          />
          <EmailField autoComplete="off" {...readOnly('useremail')} {...form.getInputProps('useremail')} />
          <Select
            label="Role"
            data={STAFF_ROLE_CHOICES}
            allowDeselect={false}
            // An admin can't demote themselves (user-policy): their own role is shown, not offered.
            description={may('client_type') ? undefined : MSG.notOwnRoleOrAccount}
            {...readOnly('client_type')}
            {...form.getInputProps('client_type')}
            onChange={(role) => {
              if (!isRole(role)) return;
              // Spec 002 §4: a new type clears the team lead, whose role depends on the type.
              form.setFieldValue('client_type', role);
              form.setFieldValue('assigned_to_lead_id', null);
            }}
          />
          <TeamLeadSelect
            userRole={form.values.client_type}
            {...readOnly('assigned_to_lead_id')}
            {...form.getInputProps('assigned_to_lead_id')}
          />
        </SimpleGrid>
        <SaveControls saveTestId="staff-save" showButtons={editable.length > 0} {...controls} />
      </Stack>
    </Paper>
  );
}
