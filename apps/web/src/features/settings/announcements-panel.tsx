import '@mantine/dates/styles.css';
import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  ColorInput,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconCalendar, IconPencil, IconSpeakerphone, IconTrash } from '@tabler/icons-react';
import {
  BANNER_DEFAULTS,
  BANNER_FONT_STYLES,
  BANNER_HEADING_STYLES,
  BANNER_IMAGE_PX_MAX,
  BANNER_TEXT_STYLES,
  type AnnouncementView,
} from '@cutroom/domain/schemas';
import { MSG } from '@cutroom/domain';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyStateCard } from '../../components/empty-state-card';
import { RichTextField } from '../../components/rich-text-field';
import { QueryTable } from '../../components/query-table';
import { isApiError } from '../../lib/api-client';
import {
  useAnnouncements,
  useCreateAnnouncement,
  useDeleteAnnouncement,
  useUpdateAnnouncement,
  type NewAnnouncement,
} from './api';
import { BannerView } from './announcement-banner';
import { cut, htmlToText } from './banner-text';

type HeadingStyle = (typeof BANNER_HEADING_STYLES)[number];
type TextStyle = (typeof BANNER_TEXT_STYLES)[number];
type FontStyle = (typeof BANNER_FONT_STYLES)[number];

interface AnnouncementValues {
  banner_heading: string;
  banner_text: string;
  banner_heading_style: HeadingStyle;
  banner_text_style: TextStyle;
  banner_heading_color: string;
  banner_font_style: FontStyle;
  banner_image: string;
  banner_image_style_width: number | string;
  banner_image_style_height: number | string;
  startDate: string | null;
  endDate: string | null;
}

const EMPTY: AnnouncementValues = {
  banner_heading: '',
  banner_text: '',
  ...BANNER_DEFAULTS,
  banner_image: '',
  banner_image_style_width: '',
  banner_image_style_height: '',
  startDate: null,
  endDate: null,
};

const valuesOf = (a: AnnouncementView): AnnouncementValues => ({
  banner_heading: a.banner_heading,
  banner_text: a.banner_text,
  banner_heading_style: a.banner_heading_style,
  banner_text_style: a.banner_text_style,
  banner_heading_color: a.banner_heading_color,
  banner_font_style: a.banner_font_style,
  banner_image: a.banner_image ?? '',
  banner_image_style_width: a.banner_image_style_width ?? '',
  banner_image_style_height: a.banner_image_style_height ?? '',
  startDate: a.startDate,
  endDate: a.endDate,
});

const pixels = (v: number | string) => (typeof v === 'number' ? v : null);

const FONT_LABELS: Record<FontStyle, string> = { none: 'Normal', b: 'Bold', i: 'Italic' };

/** The form's values as the banner shows them, for the preview. */
const lookOf = (v: AnnouncementValues) => ({
  banner_heading: v.banner_heading,
  banner_heading_style: v.banner_heading_style,
  banner_text: v.banner_text,
  banner_text_style: v.banner_text_style,
  banner_heading_color: v.banner_heading_color,
  banner_font_style: v.banner_font_style,
  banner_image: v.banner_image.trim() || null,
  banner_image_style_height: pixels(v.banner_image_style_height),
  banner_image_style_width: pixels(v.banner_image_style_width),
});

/** Create an announcement, or edit the one chosen in the list (Save becomes Update); a live preview below. */
function AnnouncementForm({ editing, onDone }: { editing: AnnouncementView | null; onDone: () => void }) {
  const create = useCreateAnnouncement();
  const update = useUpdateAnnouncement();
  const form = useForm<AnnouncementValues>({
    initialValues: editing ? valuesOf(editing) : EMPTY,
    validate: {
      startDate: (start, v) => (start && v.endDate && start > v.endDate ? MSG.dateRangeReversed : null),
    },
  });
  const v = form.values;
  // The editor gives '' when it holds no text, so a blank heading or text keeps Save off (spec 002 §5).
  const ready = v.banner_heading !== '' && v.banner_text !== '' && !!v.startDate && !!v.endDate;
  const pending = create.isPending || update.isPending;

  const showFieldError = (error: unknown) => {
    if (isApiError(error) && error.field) form.setFieldError(error.field, error.message);
  };

  const submit = form.onSubmit((values) => {
    if (!values.startDate || !values.endDate) return;
    const look = lookOf(values);
    const body: NewAnnouncement = { ...look, startDate: values.startDate, endDate: values.endDate };
    if (editing) {
      update.mutate({ id: editing.id, body }, { onSuccess: onDone, onError: showFieldError });
    } else {
      create.mutate(body, { onSuccess: onDone, onError: showFieldError });
    }
  });

  return (
    <Paper p="md" radius="lg" withBorder component="form" onSubmit={submit} aria-label="Announcement form">
      <Title order={2} fz="h4" mb="sm">
        {editing ? 'Edit announcement' : 'New announcement'}
      </Title>
      <Stack gap="sm">
        <RichTextField
          label="Heading"
          value={v.banner_heading}
          onChange={(html) => form.setFieldValue('banner_heading', html)}
          error={form.errors.banner_heading}
          minHeight={40}
          testId="announcement-heading"
        />
        <RichTextField
          label="Text"
          value={v.banner_text}
          onChange={(html) => form.setFieldValue('banner_text', html)}
          error={form.errors.banner_text}
          minHeight={110}
          testId="announcement-text"
        />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Select
            label="Heading level"
            data={BANNER_HEADING_STYLES.map((s) => ({ value: s, label: s.toUpperCase() }))}
            allowDeselect={false}
            {...form.getInputProps('banner_heading_style')}
          />
          <Select
            label="Text size"
            data={[...BANNER_TEXT_STYLES]}
            allowDeselect={false}
            {...form.getInputProps('banner_text_style')}
          />
          <ColorInput label="Heading colour" format="hex" {...form.getInputProps('banner_heading_color')} />
          <Select
            label="Font style"
            data={BANNER_FONT_STYLES.map((s) => ({ value: s, label: FONT_LABELS[s] }))}
            allowDeselect={false}
            {...form.getInputProps('banner_font_style')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <TextInput label="Image link" placeholder="https://…" {...form.getInputProps('banner_image')} />
          <NumberInput
            label="Image width (px)"
            min={1}
            max={BANNER_IMAGE_PX_MAX}
            allowDecimal={false}
            {...form.getInputProps('banner_image_style_width')}
          />
          <NumberInput
            label="Image height (px)"
            min={1}
            max={BANNER_IMAGE_PX_MAX}
            allowDecimal={false}
            {...form.getInputProps('banner_image_style_height')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DatePickerInput
            label="Start date"
            placeholder="Pick a date"
            leftSection={<IconCalendar size={16} />}
            valueFormat="YYYY-MM-DD"
            {...form.getInputProps('startDate')}
          />
          <DatePickerInput
            label="End date"
            placeholder="Pick a date"
            leftSection={<IconCalendar size={16} />}
            valueFormat="YYYY-MM-DD"
            {...form.getInputProps('endDate')}
          />
        </SimpleGrid>
        <div>
          <Text fz="sm" fw={500} mb={4} id="announcement-preview-label">
            Preview
          </Text>
          <div data-testid="announcement-preview" aria-labelledby="announcement-preview-label">
            <BannerView look={lookOf(v)} />
          </div>
        </div>
        <Group justify="flex-end" gap="sm">
          {editing && (
            <Button variant="default" onClick={onDone} disabled={pending}>
              Cancel
            </Button>
          )}
          <Button type="submit" disabled={!ready} loading={pending} data-testid="announcement-save">
            {editing ? 'Update' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function AnnouncementRow({
  announcement: a,
  onEdit,
  onDelete,
}: {
  announcement: AnnouncementView;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const update = useUpdateAnnouncement();
  const active = a.enable_banner === 1;
  const heading = htmlToText(a.banner_heading).replace(/\s+/g, ' ');
  return (
    <Table.Tr data-testid={`announcement-${a.id}`}>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        <Text fz="sm" fw={600}>
          {cut(heading, 60)}
        </Text>
        <Text fz="xs" c="dimmed">
          {cut(htmlToText(a.banner_text).replace(/\s+/g, ' '), 50)}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {a.startDate} – {a.endDate}
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={active ? 'green' : 'gray'}>
          {active ? 'Active' : 'Inactive'}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <Button
            size="compact-sm"
            variant="light"
            color={active ? 'gray' : 'brand'}
            loading={update.isPending}
            onClick={() => update.mutate({ id: a.id, body: { enable_banner: active ? 0 : 1 } })}
          >
            {active ? 'Deactivate' : 'Activate'}
          </Button>
          <ActionIcon variant="subtle" aria-label={`Edit ${cut(heading, 60)}`} onClick={onEdit}>
            <IconPencil size={18} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${cut(heading, 60)}`} onClick={onDelete}>
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The Announcements tab: the form with its preview, then every announcement, newest first. */
export function AnnouncementsPanel() {
  const announcements = useAnnouncements();
  const remove = useDeleteAnnouncement();
  const [editing, setEditing] = useState<AnnouncementView | null>(null);
  const [deleting, setDeleting] = useState<AnnouncementView | null>(null);
  // The editors take their text once, so a saved or cancelled form starts afresh as a new one.
  const [round, setRound] = useState(0);
  const done = () => {
    setEditing(null);
    setRound((r) => r + 1);
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const id = deleting.id;
    remove.mutate(id, {
      onSettled: () => setDeleting(null),
      onSuccess: () => {
        if (editing?.id === id) done();
      },
    });
  };

  return (
    <Stack gap="lg">
      <AnnouncementForm key={`${editing?.id ?? 'new'}-${round}`} editing={editing} onDone={done} />
      <QueryTable
        query={announcements}
        rows={(data) => data.announcements}
        label="Announcements"
        headers={['Announcement', 'Dates', 'Status']}
        minWidth={560}
        rowHeight={48}
        errorMessage={MSG.somethingWentWrong}
        empty={
          <EmptyStateCard
            icon={<IconSpeakerphone />}
            title="No announcements yet"
            description="An active announcement shows above everyone's board between its start and end dates."
          />
        }
        renderRow={(a) => (
          <AnnouncementRow key={a.id} announcement={a} onEdit={() => setEditing(a)} onDelete={() => setDeleting(a)} />
        )}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete announcement"
        message={MSG.confirmDeleteAnnouncement}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
