import { ActionIcon, Button, Divider, Group, Modal, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { HELP_FAQS_MAX, HELP_VIDEOS_MAX, HELP_TEXT_MAX, TITLE_MAX } from '@cutroom/domain';
import { helpContentSchema, type HelpContent } from '@cutroom/domain/schemas';
import { isApiError } from '../../lib/api-client';
import { zodFieldErrors } from '../../lib/form-errors';
import { useUpdateHelp } from './api';

interface HelpEditorProps {
  content: HelpContent;
  onClose: () => void;
}

/** The admin's editor of the help page: tutorial videos (a link or an uploaded video's address) and FAQs. */
export function HelpEditor({ content, onClose }: HelpEditorProps) {
  const save = useUpdateHelp();
  const form = useForm<HelpContent>({
    initialValues: { videos: content.videos, faqs: content.faqs },
    validate: (values) => zodFieldErrors(helpContentSchema, values),
  });

  async function submit(values: HelpContent) {
    try {
      await save.mutateAsync(values);
      onClose();
    } catch (e) {
      if (isApiError(e) && e.field) form.setFieldError(e.field, e.message);
    }
  }

  return (
    <Modal opened onClose={onClose} title="Edit help page" size="xl">
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate aria-label="Edit help page">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={3} fz="md">
              Tutorial videos
            </Title>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              disabled={form.values.videos.length >= HELP_VIDEOS_MAX}
              onClick={() => form.insertListItem('videos', { title: '', url: '', description: '' })}
            >
              Add video
            </Button>
          </Group>
          {form.values.videos.length === 0 && (
            <Text c="dimmed" fz="sm">
              No videos: the page shows only the FAQs.
            </Text>
          )}
          {form.values.videos.map((_, i) => (
            <Group key={form.key(`videos.${i}`)} align="flex-start" wrap="nowrap" gap="xs">
              <Stack gap="xs" style={{ flex: 1 }}>
                <TextInput
                  label={`Video ${i + 1} title`}
                  required
                  maxLength={TITLE_MAX}
                  {...form.getInputProps(`videos.${i}.title`)}
                />
                <TextInput
                  label="Link"
                  description="A video file's address (played on the page), a YouTube or Loom link (opened in a new tab), or empty for 'coming soon'"
                  placeholder="https://…"
                  {...form.getInputProps(`videos.${i}.url`)}
                />
                <Textarea
                  label="Description"
                  autosize
                  minRows={1}
                  maxLength={HELP_TEXT_MAX}
                  {...form.getInputProps(`videos.${i}.description`)}
                />
              </Stack>
              <ActionIcon
                variant="subtle"
                color="red"
                mt={28}
                aria-label={`Remove video ${i + 1}`}
                onClick={() => form.removeListItem('videos', i)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Divider />
          <Group justify="space-between">
            <Title order={3} fz="md">
              Frequently asked questions
            </Title>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              disabled={form.values.faqs.length >= HELP_FAQS_MAX}
              onClick={() => form.insertListItem('faqs', { question: '', answer: '' })}
            >
              Add question
            </Button>
          </Group>
          {form.values.faqs.map((_, i) => (
            <Group key={form.key(`faqs.${i}`)} align="flex-start" wrap="nowrap" gap="xs">
              <Stack gap="xs" style={{ flex: 1 }}>
                <TextInput
                  label={`Question ${i + 1}`}
                  required
                  maxLength={TITLE_MAX * 2}
                  {...form.getInputProps(`faqs.${i}.question`)}
                />
                <Textarea
                  label="Answer"
                  required
                  autosize
                  minRows={2}
                  maxLength={HELP_TEXT_MAX}
                  {...form.getInputProps(`faqs.${i}.answer`)}
                />
              </Stack>
              <ActionIcon
                variant="subtle"
                color="red"
                mt={28}
                aria-label={`Remove question ${i + 1}`}
                onClick={() => form.removeListItem('faqs', i)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
