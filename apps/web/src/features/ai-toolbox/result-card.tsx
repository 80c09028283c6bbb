import { useState } from 'react';
import { Anchor, Button, Card, Group, Text } from '@mantine/core';
import { IconCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { AI_LIMITS, cutText } from '@cutroom/domain';

interface ResultCardProps {
  text: string;
  index: number;
  saving: boolean;
  saved: boolean;
  onSave: () => void;
}

/** One generated result: its text, expand/collapse past 100 characters, and save (spec 002 §2, §9). */
export function ResultCard({ text, index, saving, saved, onSave }: ResultCardProps) {
  const [expanded, setExpanded] = useState(false);
  const long = text.length > AI_LIMITS.expandAbove;
  return (
    <Card withBorder radius="md" padding="md" data-testid={`ai-result-${index}`}>
      <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {long && !expanded ? cutText(text, AI_LIMITS.expandAbove) : text}
      </Text>
      <Group justify="space-between" mt="sm" gap="xs">
        {long ? (
          <Anchor
            component="button"
            type="button"
            fz="sm"
            onClick={() => setExpanded((v) => !v)}
            aria-expanded={expanded}
          >
            {expanded ? 'Show less' : 'Show more'}
          </Anchor>
        ) : (
          <span />
        )}
        <Button
          size="xs"
          variant={saved ? 'light' : 'filled'}
          color={saved ? 'teal' : undefined}
          leftSection={saved ? <IconCheck size={14} /> : <IconDeviceFloppy size={14} />}
          onClick={onSave}
          loading={saving}
          disabled={saved}
          aria-label={saved ? `Result ${index + 1} saved` : `Save result ${index + 1}`}
        >
          {saved ? 'Saved' : 'Save'}
        </Button>
      </Group>
    </Card>
  );
}
