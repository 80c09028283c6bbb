import type { ReactNode } from 'react';
import { Checkbox, Paper, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { LinkListField } from './link-list-field';
import { RepurposeFields } from './repurpose-fields';
import type { RequestValues } from './request-values';
import { RichTextField } from '../../components/rich-text-field';

interface RequestExtrasFieldsProps {
  form: UseFormReturnType<RequestValues>;
  showYtHelper: boolean;
  showSubtitles: boolean;
}

/** One paid extra: a checkbox and, when ticked, what it needs. */
function Extra({ children, details }: { children: ReactNode; details?: ReactNode }) {
  return (
    <Paper p="md" radius="md">
      {children}
      {details && (
        <Stack gap="md" mt="md" pl={{ base: 0, xs: 32 }}>
          {details}
        </Stack>
      )}
    </Paper>
  );
}

/** Step 2, second part: the YouTube helper, subtitles and repurposing extras (spec 000 §2, §5). */
export function RequestExtrasFields({ form, showYtHelper, showSubtitles }: RequestExtrasFieldsProps) {
  const { values } = form;
  return (
    <Stack gap="sm">
      {showYtHelper && (
        <Extra
          details={
            values.hasYTHelper && (
              <>
                <RichTextField
                  label="Thumbnail description"
                  description="What the thumbnail should show and say"
                  minHeight={80}
                  value={values.video_thumb_desc}
                  onChange={(html) => form.setFieldValue('video_thumb_desc', html)}
                  error={form.errors.video_thumb_desc}
                />
                <LinkListField
                  form={form}
                  path="video_thumb_ref"
                  label="Thumbnail references"
                  itemLabel="Thumbnail reference"
                  description="Links to thumbnails you like"
                />
                <RichTextField
                  label="Video optimization"
                  description="Keywords, title ideas and what the description should cover"
                  minHeight={80}
                  value={values.video_optimization_desc}
                  onChange={(html) => form.setFieldValue('video_optimization_desc', html)}
                  error={form.errors.video_optimization_desc}
                />
                <LinkListField
                  form={form}
                  path="affiliate_links"
                  label="Affiliate links"
                  itemLabel="Affiliate link"
                  description="Links to put in the video description"
                />
              </>
            )
          }
        >
          <Checkbox
            label="YouTube helper"
            description="Thumbnail, title, description and upload handled for you"
            data-testid="has-yt-helper"
            {...form.getInputProps('hasYTHelper', { type: 'checkbox' })}
          />
        </Extra>
      )}
      {showSubtitles && (
        <Extra>
          <Checkbox
            label="Subtitles"
            description="Subtitles added to the finished video"
            data-testid="subtitles"
            {...form.getInputProps('subtitles', { type: 'checkbox' })}
          />
        </Extra>
      )}
      <Extra details={values.hasRepurpose && <RepurposeFields form={form} />}>
        <Checkbox
          label="Repurpose"
          description="Also deliver the video in other sizes for social media"
          data-testid="has-repurpose"
          {...form.getInputProps('hasRepurpose', { type: 'checkbox' })}
        />
      </Extra>
    </Stack>
  );
}
