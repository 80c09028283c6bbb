import { ActionIcon, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import {
  AI_DURATIONS,
  AI_DURATION_LABELS,
  AI_LIMITS,
  AI_TOOLS,
  MOBILE_PX,
  type AiDuration,
  type AiToolType,
} from '@cutroom/domain';

export interface GenerateForm {
  title: string;
  category: string;
  audience_type: string;
  duration: AiDuration;
  sub_topics: string[];
}

export const EMPTY_FORM: GenerateForm = {
  title: '',
  category: '',
  audience_type: '',
  duration: 'short_duration_video',
  sub_topics: [''],
};

const durationOptions = AI_DURATIONS.map((value) => ({ value, label: AI_DURATION_LABELS[value] }));
const TITLE_LABEL: Record<AiToolType, string> = {
  ideas: 'Topic',
  title: 'What is the video about?',
  script: 'Title or topic',
};

interface GenerateModalProps {
  tool: AiToolType | null;
  form: GenerateForm;
  onChange: (form: GenerateForm) => void;
  onReset: () => void;
  onGenerate: () => void;
  onClose: () => void;
  loading: boolean;
}

/** A tool's modal (spec 002 §2): topic, optional details, and for scripts the duration and 1–4 sub-topics. */
export function GenerateModal({ tool, form, onChange, onReset, onGenerate, onClose, loading }: GenerateModalProps) {
  const mobile = useMediaQuery(`(max-width: ${MOBILE_PX}px)`);
  const set = <K extends keyof GenerateForm>(key: K, value: GenerateForm[K]) => onChange({ ...form, [key]: value });
  const subTopics = form.sub_topics.length ? form.sub_topics : [''];
  const setSubTopic = (index: number, value: string) =>
    set(
      'sub_topics',
      subTopics.map((s, i) => (i === index ? value : s)),
    );
  // Generate is disabled while loading or when the title is empty (spec 002 §5).
  const canGenerate = !loading && form.title.trim().length > 0;

  return (
    <Modal
      opened={tool !== null}
      onClose={onClose}
      title={tool ? AI_TOOLS[tool].label : ''}
      centered
      radius="lg"
      size="lg"
      fullScreen={mobile}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (canGenerate) onGenerate();
        }}
      >
        <Stack gap="md">
          <TextInput
            label={tool ? TITLE_LABEL[tool] : 'Topic'}
            placeholder="e.g. Making great coffee at home"
            value={form.title}
            onChange={(e) => set('title', e.currentTarget.value)}
            maxLength={AI_LIMITS.titleMax}
            required
            data-autofocus
            data-testid="ai-title"
          />
          <Group grow align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Audience type"
              description="Optional"
              placeholder="e.g. Beginners"
              value={form.audience_type}
              onChange={(e) => set('audience_type', e.currentTarget.value)}
              maxLength={AI_LIMITS.fieldMax}
              miw={180}
            />
            <TextInput
              label="Category"
              description="Optional"
              placeholder="e.g. Food"
              value={form.category}
              onChange={(e) => set('category', e.currentTarget.value)}
              maxLength={AI_LIMITS.fieldMax}
              miw={180}
            />
          </Group>
          {tool === 'script' && (
            <>
              <Select
                label="Duration"
                data={durationOptions}
                value={form.duration}
                onChange={(v) => v && set('duration', v)}
                allowDeselect={false}
                data-testid="ai-duration"
              />
              <Stack gap={6}>
                <Text fz="sm" fw={500}>
                  Sub-topics
                </Text>
                {subTopics.map((value, index) => (
                  <Group key={index} gap="xs" wrap="nowrap">
                    <TextInput
                      aria-label={`Sub-topic ${index + 1}`}
                      placeholder={`Sub-topic ${index + 1}`}
                      value={value}
                      onChange={(e) => setSubTopic(index, e.currentTarget.value)}
                      maxLength={AI_LIMITS.subTopicMax}
                      style={{ flex: 1 }}
                    />
                    <ActionIcon
                      variant="default"
                      size="lg"
                      aria-label={`Remove sub-topic ${index + 1}`}
                      disabled={subTopics.length <= AI_LIMITS.subTopicsMin}
                      onClick={() =>
                        set(
                          'sub_topics',
                          subTopics.filter((_, i) => i !== index),
                        )
                      }
                    >
                      <IconMinus size={16} />
                    </ActionIcon>
                  </Group>
                ))}
                <Button
                  variant="subtle"
                  leftSection={<IconPlus size={16} />}
                  onClick={() => set('sub_topics', [...subTopics, ''])}
                  disabled={subTopics.length >= AI_LIMITS.subTopicsMax}
                  style={{ alignSelf: 'flex-start' }}
                >
                  Add sub-topic
                </Button>
              </Stack>
            </>
          )}
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onReset} disabled={loading}>
              Reset
            </Button>
            <Button type="submit" disabled={!canGenerate} loading={loading} data-testid="ai-generate">
              Generate
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
