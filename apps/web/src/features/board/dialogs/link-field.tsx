import { TextInput, type TextInputProps } from '@mantine/core';
import { isLink, MSG } from '@cutroom/domain';

/** Empty is left to `required`; anything typed must be an http(s) link. */
export const linkError = (value: string) => (value.trim() && !isLink(value.trim()) ? MSG.linkInvalid : null);

type LinkFieldProps = Omit<TextInputProps, 'value' | 'onChange' | 'error' | 'type' | 'placeholder'> & {
  value: string;
  onChange: (value: string) => void;
};

/** A video link input of the move dialogs, checked as it is typed. */
export function LinkField({ value, onChange, ...rest }: LinkFieldProps) {
  return (
    <TextInput
      {...rest}
      placeholder="https://"
      type="url"
      value={value}
      error={linkError(value)}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
