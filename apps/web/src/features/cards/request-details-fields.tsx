import { Box, Group, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconDots } from '@tabler/icons-react';
import { ASPECT_RATIOS, TITLE_MAX, URL_MAX, VIDEO_PURPOSES, choicesOf, normalizeTitle } from '@cutroom/domain';
import type { UserView } from '@cutroom/domain/schemas';
import { CustomerSelect } from './customer-select';
import type { RequestValues } from './request-values';
import classes from './requests.module.css';

/** Outline sizes that draw each format, so the choice reads at a glance. */
const SHAPES: Record<string, { w: number; h: number }> = {
  '16:9': { w: 36, h: 20 },
  '1:1': { w: 24, h: 24 },
  '9:16': { w: 15, h: 26 },
  '4:5': { w: 21, h: 26 },
};

function AspectShape({ ratio }: { ratio: string }) {
  const shape = SHAPES[ratio];
  return (
    <Box h={28} w={40} display="flex" style={{ alignItems: 'center', justifyContent: 'center' }} aria-hidden>
      {shape ? (
        <Box w={shape.w} h={shape.h} className={classes.shape} />
      ) : (
        <IconDots size={22} stroke={1.6} color="var(--mantine-color-gray-6)" />
      )}
    </Box>
  );
}

interface RequestDetailsFieldsProps {
  form: UseFormReturnType<RequestValues>;
  /** Admin creating: shows 'Request for'. */
  withCustomer: boolean;
  /** The picked customer, kept by the form so going back a step still shows them. */
  customer: UserView | null;
  onCustomerChange: (customer: UserView | null) => void;
}

/** Step 1: who it is for, what it is called, where the footage is, its format and its purpose. */
export function RequestDetailsFields({
  form,
  withCustomer,
  customer: picked,
  onCustomerChange,
}: RequestDetailsFieldsProps) {
  const title = form.getInputProps('card_title');
  const customer = form.getInputProps('client_id');
  const ratio = form.values.youtube_aspect_ratio;
  return (
    <Stack gap="lg">
      {withCustomer && (
        <CustomerSelect
          autoFocus
          value={form.values.client_id}
          customer={picked}
          onChange={(value, next) => {
            form.setFieldValue('client_id', value);
            onCustomerChange(next);
          }}
          onBlur={customer.onBlur as () => void}
          error={customer.error as React.ReactNode}
        />
      )}
      <TextInput
        label="Card title"
        description="A short name for this video, e.g. 'Podcast episode 12'"
        required
        maxLength={TITLE_MAX}
        autoComplete="off"
        data-testid="card-title"
        // Opening the form (page or modal) puts the cursor in its first field.
        data-autofocus={withCustomer ? undefined : true}
        {...title}
        // Spec 000 §5: a title typed in capitals becomes 'Capital first, rest lower'.
        onBlur={(event: React.FocusEvent<HTMLInputElement>) => {
          const normalized = normalizeTitle(form.values.card_title);
          if (normalized !== form.values.card_title) form.setFieldValue('card_title', normalized);
          (title.onBlur as (e: React.FocusEvent<HTMLInputElement>) => void)(event);
        }}
      />
      <TextInput
        label="Link to the raw footage"
        description="A Dropbox or Google Drive folder with your files"
        required
        type="url"
        inputMode="url"
        placeholder="https://www.dropbox.com/sh/…"
        maxLength={URL_MAX}
        data-testid="dropbox-link"
        {...form.getInputProps('dropbox_link')}
      />
      <Radio.Group
        size="md"
        label="Format"
        description="The aspect ratio of the finished video"
        required
        {...form.getInputProps('youtube_aspect_ratio')}
        value={form.values.youtube_aspect_ratio ?? ''}
      >
        <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="xs" mt={6}>
          {ASPECT_RATIOS.map((option) => (
            <Radio.Card
              key={option.value}
              value={option.value}
              // One tab stop for the group, like native radios; arrows move between the cards.
              tabIndex={option.value === (ratio ?? ASPECT_RATIOS[0].value) ? 0 : -1}
              className={classes.choice}
              data-testid={`ratio-${option.value}`}
            >
              <Group gap="xs" wrap="nowrap">
                <Radio.Indicator size="xs" />
                <AspectShape ratio={option.value} />
                <Text fz="sm" fw={500} lh={1.25}>
                  {option.label}
                </Text>
              </Group>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
      {form.values.youtube_aspect_ratio === 'other' && (
        <TextInput
          label="Custom format"
          description="Describe the ratio or size you need, e.g. 21:9 or 1080×1350"
          required
          maxLength={500}
          {...form.getInputProps('custom_aspect_ratio')}
        />
      )}
      <Select
        label="Content type"
        description="What the video is for"
        placeholder="Choose one"
        required
        data={choicesOf(VIDEO_PURPOSES)}
        comboboxProps={{ withinPortal: true }}
        data-testid="video-purpose"
        {...form.getInputProps('video_purpose')}
      />
      {form.values.video_purpose === 'other' && (
        <TextInput
          label="Describe the content type"
          required
          maxLength={500}
          {...form.getInputProps('other_video_purpose')}
        />
      )}
    </Stack>
  );
}
