import { useState } from 'react';
import { Alert, Button, Code, CopyButton, Group, Modal, NumberInput, Select, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconKey } from '@tabler/icons-react';
import {
  CUSTOM_SUBSCRIPTION_MAX,
  CUSTOM_SUBSCRIPTION_MIN,
  MSG,
  fill,
  ROLE_LABELS,
  STAFF_ROLES,
  SUBSCRIPTION_TYPES,
  isOptionOf,
  isRole,
  type Role,
} from '@cutroom/domain';
import { EmailField, NameFields, PasswordField, newPasswordProblem } from '../../components/person-fields';
import { isApiError } from '../../lib/api-client';
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
}

const ROLE_CHOICES = STAFF_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
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
  const form = useForm<Values>({
    initialValues: {
      customer_type: fixedRole ?? '',
      firstname: '',
      lastname: '',
      email: '',
      password: '',
      subscription_type: '',
      custom_subscription: '',
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
              data={ROLE_CHOICES}
              data-testid="add-user-role"
              {...form.getInputProps('customer_type')}
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
