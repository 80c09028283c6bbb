import {
  ActionIcon,
  Button,
  ColorInput,
  Group,
  Input,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { CUSTOMER_DETAIL_FIELDS, PROFILE_LINKS_MAX, URL_MAX } from '@cutroom/domain';

type DetailField = (typeof CUSTOMER_DETAIL_FIELDS)[number];
type Section = DetailField['section'];

interface InputProps {
  value: string;
  onChange: (value: string) => void;
  error?: React.ReactNode;
}

/** A list of links kept as one pipe-separated value: one input per link, add and remove. */
function LinksInput({
  field,
  value,
  onChange,
  error,
  readOnly,
}: InputProps & { field: DetailField; readOnly: boolean }) {
  const links = value === '' ? [''] : value.split('|');
  const set = (next: string[]) => onChange(next.join('|'));
  return (
    <Input.Wrapper
      label={field.label}
      required={'ytRequired' in field && field.ytRequired}
      error={error}
      description={readOnly ? undefined : 'Links starting with https://'}
    >
      <Stack gap={6} mt={4}>
        {links.map((link, i) => (
          <Group key={i} gap={6} wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              type="url"
              value={link}
              maxLength={URL_MAX}
              readOnly={readOnly}
              placeholder={'placeholder' in field ? field.placeholder : undefined}
              aria-label={`${field.label} ${i + 1}`}
              error={Boolean(error)}
              onChange={(e) => set(links.map((l, j) => (j === i ? e.currentTarget.value : l)))}
            />
            {!readOnly && links.length > 1 && (
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Remove ${field.label} ${i + 1}`}
                onClick={() => set(links.filter((_, j) => j !== i))}
              >
                <IconX size={16} />
              </ActionIcon>
            )}
          </Group>
        ))}
        {!readOnly && links.length < PROFILE_LINKS_MAX && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            onClick={() => set([...links, ''])}
            style={{ alignSelf: 'flex-start' }}
          >
            Add another link
          </Button>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

function DetailInput({
  field,
  readOnly,
  required,
  ...input
}: InputProps & { field: DetailField; readOnly: boolean; required: boolean }) {
  // md like the theme's TextInput, so one form has one input size.
  const common = { label: field.label, required, readOnly, error: input.error, size: 'md' as const };
  switch (field.kind) {
    case 'links':
      return <LinksInput field={field} readOnly={readOnly} {...input} />;
    case 'color':
      return (
        <ColorInput
          {...common}
          value={input.value}
          onChange={input.onChange}
          format="hex"
          disallowInput={false}
          withEyeDropper={false}
          placeholder="#ff6600 or a name"
        />
      );
    case 'select': {
      const data: { value: string; label: string }[] = field.options.map((o) => ({ value: o.value, label: o.label }));
      // A value saved before the choices were fixed stays shown as it was written.
      if (input.value !== '' && !data.some((o) => o.value === input.value))
        data.push({ value: input.value, label: input.value });
      return (
        <Select
          {...common}
          data={data}
          value={input.value || null}
          onChange={(value) => input.onChange(value ?? '')}
          placeholder={readOnly ? undefined : 'Select an option'}
          clearable={!readOnly}
          allowDeselect
        />
      );
    }
    case 'textarea':
      return (
        <Textarea
          {...common}
          value={input.value}
          onChange={(e) => input.onChange(e.currentTarget.value)}
          rows={3}
          resize="vertical"
        />
      );
    default:
      return (
        <TextInput
          {...common}
          type={field.kind === 'url' ? 'url' : 'text'}
          value={input.value}
          onChange={(e) => input.onChange(e.currentTarget.value)}
        />
      );
  }
}

interface DetailFieldsProps {
  section: Section;
  values: Record<string, string>;
  errors: Record<string, React.ReactNode>;
  onChange: (key: string, value: string) => void;
  readOnly?: boolean;
  /** Marks the YouTube-helper brief's required fields (customers with the helper plan). */
  markRequired?: boolean;
}

/** One section of a customer's profile details, in the order and with the labels of the domain list. */
export function CustomerDetailFields({
  section,
  values,
  errors,
  onChange,
  readOnly = false,
  markRequired = false,
}: DetailFieldsProps) {
  const fields = CUSTOMER_DETAIL_FIELDS.filter((f) => f.section === section);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {fields.map((field) => (
        <div
          key={field.key}
          style={field.kind === 'textarea' || field.kind === 'links' ? { gridColumn: '1 / -1' } : undefined}
        >
          <DetailInput
            field={field}
            readOnly={readOnly}
            required={markRequired && 'ytRequired' in field && field.ytRequired}
            value={values[field.key] ?? ''}
            error={errors[field.key]}
            onChange={(value) => onChange(field.key, value)}
          />
        </div>
      ))}
    </SimpleGrid>
  );
}
