import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useReviewControls } from '../../lib/review-context';
import { API, pathOf } from '@cutroom/domain/contract';
import {
  DEFAULT_MARKER_FRAME_RATE,
  MARKER_FORMATS,
  MARKER_FORMAT_KEYS,
  MARKER_FRAME_RATE_KEYS,
  MARKER_TIMELINE_START_KEYS,
  markerRateKeyOf,
  parseRate,
  versionLabel,
  versionNumber,
  type MarkerFormat,
  type MarkerFrameRate,
  type MarkerTimelineStart,
} from '@cutroom/domain';

interface MarkerChoice {
  format: MarkerFormat;
  fps: MarkerFrameRate;
  start: MarkerTimelineStart;
  includeDone: boolean;
  /** 'version-N' for that version's notes only, or ALL_VERSIONS for every version's. */
  version: string;
}

const ALL_VERSIONS = 'all';

/** The address of a card's notes as a marker file: the browser downloads it with the session cookie. */
export function markersHref(cardId: number, chat: 'customer' | 'team', choice: MarkerChoice): string {
  const search = new URLSearchParams({
    format: choice.format,
    fps: choice.fps,
    chat,
    start: choice.start,
    include_done: String(choice.includeDone),
    ...(choice.version === ALL_VERSIONS ? {} : { video_version: String(versionNumber(choice.version) - 1) }),
  });
  return `${pathOf(API.chat.markers.path, { id: cardId })}?${search.toString()}`;
}

const FORMAT_OPTIONS = MARKER_FORMAT_KEYS.map((key) => ({ value: key, label: MARKER_FORMATS[key].label }));
const RATE_OPTIONS = MARKER_FRAME_RATE_KEYS.map((key) => ({ value: key, label: `${key} fps` }));

/** Export notes (issue 19): the chat's timed notes as markers for Resolve, Final Cut Pro or Premiere Pro. */
export function MarkerExport({ cardId, chat }: { cardId: number; chat: 'customer' | 'team' }) {
  const [opened, setOpened] = useState(false);
  // The video's own rate, when the media pipeline measured one the editors' menu offers.
  const controls = useReviewControls();
  const rate = parseRate(controls.frameRate);
  const ownRate = rate ? markerRateKeyOf(rate) : null;
  const [choice, setChoice] = useState<
    Omit<MarkerChoice, 'fps' | 'version'> & { fps: MarkerFrameRate | null; version: string | null }
  >({
    format: 'edl',
    fps: null,
    start: '01:00:00:00',
    includeDone: true,
    version: null,
  });
  // The version on screen until one is picked, where the card has several: a v1 note has no place on v2's timeline.
  const version =
    choice.version ?? (controls.versions.length >= 2 && controls.version ? controls.version : ALL_VERSIONS);
  const fps = choice.fps ?? ownRate ?? DEFAULT_MARKER_FRAME_RATE;
  const set = (part: Partial<MarkerChoice>) => setChoice((c) => ({ ...c, ...part }));
  return (
    <>
      <Tooltip label="Export notes as markers">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label="Export notes as markers"
          onClick={() => setOpened(true)}
          data-testid="marker-export-open"
        >
          <IconFileExport size={18} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Export notes as markers" centered>
        <Stack gap="sm">
          <Text fz="sm" c="dimmed">
            Every note of the {chat === 'team' ? 'team' : 'customer'} chat with a time becomes a marker at that frame,
            with its author and text.
          </Text>
          <Select
            label="Editing software"
            data={FORMAT_OPTIONS}
            value={choice.format}
            onChange={(value) => value && set({ format: value })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            description={MARKER_FORMATS[choice.format].howTo}
          />
          <Group grow align="flex-start">
            <Select
              label="Frame rate"
              data={RATE_OPTIONS.map((o) => (o.value === ownRate ? { ...o, label: `${o.label} (the video's)` } : o))}
              value={fps}
              onChange={(value) => value && set({ fps: value })}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              description={
                ownRate
                  ? "The video's own, measured when it was delivered"
                  : "The timeline's, to place notes on the right frame"
              }
            />
            <Stack gap={4}>
              <Text fz="sm" fw={500} id="marker-start-label">
                Timeline starts at
              </Text>
              <SegmentedControl
                aria-labelledby="marker-start-label"
                data={[...MARKER_TIMELINE_START_KEYS]}
                value={choice.start}
                onChange={(value) => set({ start: value })}
                size="xs"
              />
            </Stack>
          </Group>
          {controls.versions.length >= 2 && (
            <Select
              label="Notes made on"
              data={[
                ...controls.versions.map((key) => ({
                  value: key,
                  label: `${versionLabel(key)}${key === controls.version ? ' (on screen)' : ''}`,
                })),
                { value: ALL_VERSIONS, label: 'Every version' },
              ]}
              value={version}
              onChange={(value) => value && set({ version: value })}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              description="Each version is its own timeline: export the one you will place the markers on"
            />
          )}
          <Checkbox
            label="Include notes already marked done"
            checked={choice.includeDone}
            onChange={(e) => set({ includeDone: e.currentTarget.checked })}
          />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button
              component="a"
              href={markersHref(cardId, chat, { ...choice, fps, version })}
              download
              onClick={() => setOpened(false)}
              leftSection={<IconFileExport size={16} />}
              data-testid="marker-export-download"
            >
              Download
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
