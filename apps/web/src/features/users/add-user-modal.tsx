import { useState } from 'react';
import { Alert, Button, Code, CopyButton, Group, Modal, NumberInput, Select, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconKey } from '@tabler/icons-react';
import {
  CUSTOM_SUBSCRIPTION_MAX,
  CUSTOM_SUBSCRIPTION_MIN,
  MSG,
  QA_SLOTS,
  fill,
  SUBSCRIPTION_TYPES,
  isOptionOf,
  isRole,
  type Role,
} from '@cutroom/domain';
import { newPasswordProblem } from '../../components/new-password-problem';
import { EmailField, NameFields, PasswordField } from '../../components/person-fields';
import { SlotSelects } from '../../components/slot-selects';
import { TeamLeadSelect } from '../../components/team-lead-select';
import { isApiError } from '../../lib/api-client';
import { STAFF_ROLE_CHOICES, filledSlots, useStaffOptions } from '../../lib/staff';
import { useCreateUser, type NewUser } from './api';
import { generatePassword } from './password';

interface Values {
  customer_type: Role | '';
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  subscription_type: string;
  custom_subscription: number | string;
  assign_team_lead: string | null;
  assign_qa: (string | null)[];
}

const isPlan = isOptionOf(SUBSCRIPTION_TYPES);

interface AddUserModalProps {
  opened: boolean;
  onClose: () => void;
  /** 'customer' for Add Customer (role fixed); otherwise the admin picks a staff role. */
  fixedRole?: Role;
}

/** Add User / Add Customer (spec 002 §2): names, email, a password the admin may generate and pass on. */
export function AddUserModal({ opened, onClose, fixedRole }: AddUserModalProps) {
  const create = useCreateUser();
  const [shown, setShown] = useState(false);
  const [generated, setGenerated] = useState<string | null>(null);
  const customer = fixedRole === 'customer';
  const qaOptions = useStaffOptions(opened && customer)('qa');
  const form = useForm<Values>({
    initialValues: {
      customer_type: fixedRole ?? '',
      firstname: '',
      lastname: '',
      email: '',
      password: '',
      subscription_type: '',
      custom_subscription: '',
      assign_team_lead: null,
      assign_qa: Array.from({ length: QA_SLOTS }, () => null),
    },
    validate: {
      customer_type: (v) => (v ? null : fill(MSG.fieldRequired, { label: 'Role' })),
      firstname: (v) => (v.trim() ? null : fill(MSG.fieldRequired, { label: 'First name' })),
      lastname: (v) => (v.trim() ? null : fill(MSG.fieldRequired, { label: 'Last name' })),
      password: (v) => newPasswordProblem(v),
    },
  });

  const close = () => {
    form.reset();
    setGenerated(null);
    setShown(false);
    onClose();
  };

  const fillPassword = () => {
    const password = generatePassword();
    form.setFieldValue('password', password);
    setGenerated(password);
    setShown(true);
  };

  const submit = form.onSubmit((v) => {
    if (!isRole(v.customer_type)) return;
    const body: NewUser = {
      customer_type: v.customer_type,
      firstname: v.firstname.trim(),
      lastname: v.lastname.trim(),
      email: v.email.trim(),
      password: v.password,
    };
    if (v.assign_team_lead) body.assign_team_lead = Number(v.assign_team_lead);
    const qaIds = filledSlots(v.assign_qa, QA_SLOTS);
    if (customer && qaIds.length > 0) body.assign_qa = qaIds;
    if (customer && isPlan(v.subscription_type)) {
      body.subscription_type = v.subscription_type;
      if (v.subscription_type === 'custom' && typeof v.custom_subscription === 'number') {
        body.custom_subscription = v.custom_subscription;
      }
    }
    create.mutate(body, {
      onSuccess: close,
      onError: (error) => {
        if (isApiError(error) && error.field) form.setFieldError(error.field, error.message);
      },
    });
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={customer ? 'Add Customer' : 'Add User'}
      centered
      radius="lg"
      size="lg"
    >
      <form onSubmit={submit} noValidate aria-label={customer ? 'Add Customer' : 'Add User'}>
        <Stack gap="sm">
          {!customer && (
            <Select
              label="Role"
              required
              data={STAFF_ROLE_CHOICES}
              data-testid="add-user-role"
              {...form.getInputProps('customer_type')}
              onChange={(role) => {
                // Spec 002 §4: a new type clears the team lead, whose role depends on the type.
                form.setFieldValue('customer_type', isRole(role) ? role : '');
                form.setFieldValue('assign_team_lead', null);
              }}
            />
          )}
          {!customer && (
            <TeamLeadSelect
              userRole={isRole(form.values.customer_type) ? form.values.customer_type : null}
              data-testid="add-user-team-lead"
              {...form.getInputProps('assign_team_lead')}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NameFields firstName={form.getInputProps('firstname')} lastName={form.getInputProps('lastname')} />
          </SimpleGrid>
          <EmailField autoComplete="off" {...form.getInputProps('email')} />
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <PasswordField
              purpose="new"
              style={{ flex: 1 }}
              visible={shown}
              onVisibilityChange={setShown}
              {...form.getInputProps('password')}
              onChange={(event) => {
                form.setFieldValue('password', event.currentTarget.value);
                setGenerated(null);
              }}
            />
            <Button variant="light" leftSection={<IconKey size={16} />} onClick={fillPassword}>
              Generate
            </Button>
          </Group>
          {generated && (
            <Alert color="blue" data-testid="generated-password">
              {MSG.generatedPasswordNotice}{' '}
              <Group gap="xs" mt={6}>
                <Code fz="sm">{generated}</Code>
                <CopyButton value={generated}>
                  {({ copied, copy }) => (
                    <Button size="compact-xs" variant="subtle" onClick={copy}>
                      {copied ? 'Copied' : 'Copy'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Alert>
          )}
          {customer && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label="Subscription"
                placeholder="Choose later"
                clearable
                data={SUBSCRIPTION_TYPES.map((o) => ({ value: o.value, label: o.label }))}
                {...form.getInputProps('subscription_type')}
                onChange={(v: string | null) => form.setFieldValue('subscription_type', v ?? '')}
              />
              {form.values.subscription_type === 'custom' && (
                <NumberInput
                  label="Videos per period"
                  required
                  min={CUSTOM_SUBSCRIPTION_MIN}
                  max={CUSTOM_SUBSCRIPTION_MAX}
                  allowDecimal={false}
                  {...form.getInputProps('custom_subscription')}
                />
              )}
            </SimpleGrid>
          )}
          {customer && (
            <SlotSelects
              label="QA assignment"
              slotLabel="QA"
              placeholder="Choose a QA"
              count={QA_SLOTS}
              chosen={form.values.assign_qa}
              options={qaOptions}
              error={form.errors.assign_qa}
              slotProps={(i) => form.getInputProps(`assign_qa.${i}`)}
            />
          )}
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="add-user-submit">
              {customer ? 'Add Customer' : 'Add User'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
