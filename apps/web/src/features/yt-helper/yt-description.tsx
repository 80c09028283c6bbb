import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { CardDetailReply } from '@cutroom/domain/schemas';
import { RichTextField } from '../../components/rich-text-field';
import { useYtDescription } from './api';
import { RichText } from '../../components/rich-text';

/** The video description the helper writes (spec 001 §2); editable by those the helper policy lets. */
export function YtDescription({ card, editable }: { card: CardDetailReply; editable: boolean }) {
  const saved = card.yt_card_description ?? '';
  const [html, setHtml] = useState(saved);
  const save = useYtDescription(card.card_id);
  if (!editable) {
    return saved ? (
      <RichText html={saved} />
    ) : (
      <Text fz="sm" c="dimmed">
        No description yet
      </Text>
    );
  }
  return (
    <Stack gap="xs" data-testid="yt-description-editor">
      <RichTextField
        label="Description"
        value={html}
        onChange={setHtml}
        minHeight={140}
        testId="yt-description-input"
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" size="xs" disabled={html === saved || save.isPending} onClick={() => setHtml(saved)}>
          Discard
        </Button>
        <Button
          size="xs"
          disabled={html === saved}
          loading={save.isPending}
          onClick={() => save.mutate(html)}
          data-testid="yt-description-save"
        >
          Save description
        </Button>
      </Group>
    </Stack>
  );
}
