import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '@cutroom/domain';
import { EmailField, NameFields, PasswordField } from './person-fields';
import { newPasswordProblem } from './new-password-problem';

const field = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label);

describe('person fields', () => {
  it('gives every form the same labels, autocomplete hints and limits', () => {
    render(
      <MantineProvider env="test">
        <NameFields firstName={{}} lastName={{}} />
        <EmailField />
        <PasswordField purpose="new" />
        <PasswordField purpose="confirm" />
      </MantineProvider>,
    );
    expect(field(/^First name/).autocomplete).toBe('given-name');
    expect(field(/^Last name/).maxLength).toBe(NAME_MAX);
    expect(field(/^Email/).autocomplete).toBe('email');
    expect(field(/^Email/).maxLength).toBe(EMAIL_MAX);
    expect(field(/^Password/).autocomplete).toBe('new-password');
    expect(field(/^Password/).maxLength).toBe(PASSWORD_MAX);
    expect(field(/^Confirm Password/).autocomplete).toBe('new-password');
    expect(screen.getByText(`At least ${PASSWORD_MIN} characters`)).toBeTruthy();
  });

  it('lets a login field name the current password and the username', () => {
    render(
      <MantineProvider env="test">
        <EmailField autoComplete="username" />
        <PasswordField purpose="current" />
      </MantineProvider>,
    );
    expect(field(/^Email/).autocomplete).toBe('username');
    expect(field(/^Password/).autocomplete).toBe('current-password');
  });

  it("checks a new password by the server's rule", () => {
    expect(newPasswordProblem('short')).toBe(`Password must be at least ${PASSWORD_MIN} characters`);
    expect(newPasswordProblem('long-enough-pw')).toBeNull();
  });
});
