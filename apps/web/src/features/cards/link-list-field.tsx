import { useId } from 'react';
import { ActionIcon, Button, Group, Input, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconX } from '@tabler/icons-react';
import { URL_MAX } from '@cutroom/domain';
import type { RequestValues } from './request-values';

/** The server takes at most this many links per list. */
const MAX_LINKS = 20;

interface LinkListFieldProps {
  form: UseFormReturnType<RequestValues>;
  path: 'video_thumb_ref' | 'affiliate_links';
  label: string;
  /** Names one row for screen readers, e.g. 'Thumbnail reference'. */
  itemLabel: string;
  description?: string;
}

/** A list of URL inputs that grows with 'Add link' and shrinks with each row's remove button. */
export function LinkListField({ form, path, label, itemLabel, description }: LinkListFieldProps) {
  const labelId = useId();
  const links = form.values[path];

  function add() {
    form.insertListItem(path, '');
    // The new row is where the user will type next.
    const index = links.length;
    requestAnimationFrame(() => document.getElementById(`${labelId}-${index}`)?.focus());
  }

  function remove(index: number) {
    // One row always stays, so the list never loses its input; removing it just empties it.
    if (links.length === 1) form.setFieldValue(`${path}.0`, '');
    else form.removeListItem(path, index);
  }

  return (
    <Input.Wrapper label={label} labelElement="div" labelProps={{ id: labelId }} description={description}>
      <Stack gap="xs" mt={6} role="group" aria-labelledby={labelId}>
        {links.map((_, index) => (
          <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              id={`${labelId}-${index}`}
              aria-label={`${itemLabel} ${index + 1}`}
              type="url"
              inputMode="url"
              placeholder="https://"
              maxLength={URL_MAX}
              style={{ flex: 1, minWidth: 0 }}
              {...form.getInputProps(`${path}.${index}`)}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              size={42}
              aria-label={`Remove ${itemLabel.toLowerCase()} ${index + 1}`}
              onClick={() => remove(index)}
              // A lone empty row has nothing to remove; the space stays so the input doesn't jump.
              disabled={links.length === 1 && !links[0]}
              style={links.length === 1 && !links[0] ? { visibility: 'hidden' } : undefined}
            >
              <IconX size={18} />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            onClick={add}
            disabled={links.length >= MAX_LINKS}
          >
            Add {itemLabel.toLowerCase()}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
