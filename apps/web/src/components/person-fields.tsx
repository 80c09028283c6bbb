import { PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '@cutroom/domain';

/*
 * The name, email and password inputs of signup, login, password reset and the profile: one set of
 * labels, autocomplete hints and limits, taken from the domain rules the server checks with.
 */

type NameInputProps = Omit<TextInputProps, 'label' | 'autoComplete' | 'required' | 'maxLength'>;

interface NameFieldsProps extends NameInputProps {
  /** Each input's own props (value, onChange, error), e.g. from Mantine's form.getInputProps. */
  firstName: NameInputProps;
  lastName: NameInputProps;
}

/** First and last name; the caller lays them out (a grid or a wrapping row). */
export function NameFields({ firstName, lastName, ...shared }: NameFieldsProps) {
  return (
    <>
      <TextInput
        label="First name"
        autoComplete="given-name"
        required
        maxLength={NAME_MAX}
        {...shared}
        {...firstName}
      />
      <TextInput label="Last name" autoComplete="family-name" required maxLength={NAME_MAX} {...shared} {...lastName} />
    </>
  );
}

/** The account's email; 'username' lets a password manager pair it with the login password. */
export function EmailField({ autoComplete = 'email', ...rest }: Omit<TextInputProps, 'type' | 'required'>) {
  return <TextInput label="Email" type="email" autoComplete={autoComplete} required maxLength={EMAIL_MAX} {...rest} />;
}

type PasswordPurpose = 'current' | 'new' | 'confirm';

interface PasswordFieldProps extends Omit<PasswordInputProps, 'autoComplete' | 'required'> {
  /** current: logging in; new: choosing one (with the length hint); confirm: repeating the new one. */
  purpose: PasswordPurpose;
}

const PASSWORD_LABELS: Record<PasswordPurpose, string> = {
  current: 'Password',
  new: 'Password',
  confirm: 'Confirm Password',
};

/** A password input; a chosen password is capped at the server's maximum and says its minimum. */
export function PasswordField({ purpose, label = PASSWORD_LABELS[purpose], ...rest }: PasswordFieldProps) {
  const choosing = purpose !== 'current';
  return (
    <PasswordInput
      label={label}
      description={purpose === 'new' ? `At least ${PASSWORD_MIN} characters` : undefined}
      autoComplete={choosing ? 'new-password' : 'current-password'}
      required
      maxLength={choosing ? PASSWORD_MAX : undefined}
      {...rest}
    />
  );
}
