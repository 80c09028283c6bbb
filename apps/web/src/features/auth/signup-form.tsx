import { useState } from 'react';
import { Alert, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { MSG, choicesOf, fill, isOptionOf, REFERRALS, REFERRALS_WITH_SOURCE } from '@cutroom/domain';
import { signupBody } from '@cutroom/domain/schemas';
import { EmailField, NameFields, PasswordField } from '../../components/person-fields';
import { isApiError } from '../../lib/api-client';
import { zodFieldErrors } from '../../lib/form-errors';
import type { RouteState } from '../../lib/route-state';
import { useSignup, type SignupInput } from './api';

/** The spec's label for the referral free text (002 §2); it doubles as its required message. */
const SOURCE_LABEL = MSG.mentionSource;

interface SignupValues {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  referral: string | null;
  otherreferral: string;
}

const isReferral = isOptionOf(REFERRALS);
const needsSource = (referral: string | null) => referral !== null && REFERRALS_WITH_SOURCE.includes(referral);

/** The body the server takes: no empty optional fields, and the source only when it applies. */
function toPayload(values: SignupValues): SignupInput {
  return {
    firstname: values.firstname,
    lastname: values.lastname,
    email: values.email,
    password: values.password,
    ...(values.referral && isReferral(values.referral) ? { referral: values.referral } : {}),
    ...(needsSource(values.referral) ? { otherreferral: values.otherreferral } : {}),
  };
}

/** The server's own schema checks the form, plus the source rule, which zod only runs once the rest passes. */
function validate(values: SignupValues): Record<string, string> {
  const errors = zodFieldErrors(signupBody, toPayload(values));
  if (needsSource(values.referral) && values.otherreferral.trim() === '') errors.otherreferral = SOURCE_LABEL;
  return errors;
}

export function SignupForm() {
  const navigate = useNavigate();
  const signup = useSignup();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SignupValues>({
    initialValues: { firstname: '', lastname: '', email: '', password: '', referral: null, otherreferral: '' },
    validate,
  });

  async function submit(values: SignupValues) {
    if (signup.isPending) return;
    setFailure(null);
    try {
      const reply = await signup.mutateAsync(toPayload(values));
      const state: RouteState = { notice: reply.message || MSG.signupSuccess };
      await navigate('/login', { state });
    } catch (e) {
      if (isApiError(e) && e.field && e.field in values) form.setFieldError(e.field, e.message);
      else setFailure(fill(MSG.signupFailed, { message: isApiError(e) ? e.message : MSG.generic }));
    }
  }

  const showSource = needsSource(form.values.referral);

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate aria-label="Sign up">
      <Stack gap="md">
        {failure && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {failure}
          </Alert>
        )}
        <Group grow gap="md" align="flex-start" wrap="wrap">
          <NameFields miw={160} firstName={form.getInputProps('firstname')} lastName={form.getInputProps('lastname')} />
        </Group>
        <EmailField placeholder="you@example.com" {...form.getInputProps('email')} />
        <PasswordField purpose="new" {...form.getInputProps('password')} />
        <Select
          label="How did you find us?"
          placeholder="Select an option"
          data={choicesOf(REFERRALS)}
          clearable
          allowDeselect
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('referral')}
        />
        {showSource && (
          <TextInput
            label={SOURCE_LABEL}
            placeholder={form.values.referral === 'Affiliate' ? 'Who referred you?' : 'Where did you hear about us?'}
            required
            maxLength={200}
            data-testid="signup-referral-source"
            {...form.getInputProps('otherreferral')}
          />
        )}
        <Button type="submit" size="md" fullWidth loading={signup.isPending}>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
