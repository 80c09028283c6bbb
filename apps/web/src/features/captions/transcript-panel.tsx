import { useState } from 'react';
import { Alert, Button, Group, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconUpload } from '@tabler/icons-react';
import type { CaptionView, CueView } from '@cutroom/domain/schemas';
import { errorMessage } from '../../lib/api-client';
import { isTranscribing } from './api/captions';
import { CaptionQc } from './caption-qc';
import { CueList } from './cue-list';
import { RemoveTrack } from './remove-track';
import { trackLabel } from './track-label';
import { UploadCaptions } from './upload-captions';
import type { Captions } from './use-captions';

interface TranscriptPanelProps {
  captions: Captions;
  /** Where the player stands, to light the line being spoken. */
  time: number;
  onSeek: (seconds: number) => void;
  /** Opens the note composer on the line's range; left out where the viewer can't comment. */
  onCommentLine?: (cue: CueView) => void;
  /** Staff and the card's customer upload, edit lines and remove tracks; guests only read. */
  manage?: boolean;
  /** Staff see caption QC. */
  staff?: boolean;
}

/** The shown track when none was picked (or the picked one went): the first with its lines, else the first. */
const defaultTrack = (tracks: CaptionView[]) => tracks.find((t) => t.status === 'ready') ?? tracks[0] ?? null;

/** Where a track stands: its lines, its transcript on the way, or why it failed. */
function TrackBody({
  track,
  editCardId,
  props,
}: {
  track: CaptionView;
  editCardId: number | null;
  props: TranscriptPanelProps;
}) {
  if (isTranscribing(track))
    return (
      <Group gap="xs" data-testid="transcribing">
        <Loader size="xs" />
        <Text fz="sm">Transcribing…</Text>
      </Group>
    );
  if (track.status === 'failed')
    return (
      <Alert color="red" variant="light" p="xs" icon={<IconAlertTriangle size={16} />} data-testid="caption-failed">
        {track.error ?? 'The transcript could not be made.'}
      </Alert>
    );
  return (
    <>
      {props.staff && <CaptionQc track={track} onSeek={props.onSeek} />}
      <CueList
        track={track}
        time={props.time}
        onSeek={props.onSeek}
        onCommentLine={props.onCommentLine}
        editCardId={editCardId}
      />
    </>
  );
}

/**
 * The transcript beside the player (issue 53): the version's caption tracks, their lines with the playing one lit,
 * search, a comment on a line's range, and for staff and the customer upload, edits and caption QC.
 */
export function TranscriptPanel(props: TranscriptPanelProps) {
  const { captions, manage = false } = props;
  const { query, tracks, videoVersion, videoNumber } = captions;
  const cardId = captions.of === 'guest' ? null : captions.of.cardId;
  // The card whose captions this viewer may change: none for guests.
  const manageCard = manage ? cardId : null;
  const [picked, setPicked] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);
  if (videoVersion === null) return null;
  const track = tracks.find((t) => t.caption_id === picked) ?? defaultTrack(tracks);
  const transcription = query.data?.transcription ?? true;

  return (
    <Paper withBorder radius="md" p="sm" data-testid="transcript-panel">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600}>Transcript</Text>
          <Group gap={6} wrap="wrap">
            {tracks.length > 1 && track && (
              <Select
                size="xs"
                w={190}
                aria-label="Caption track"
                data={tracks.map((t) => ({ value: String(t.caption_id), label: trackLabel(t) }))}
                value={String(track.caption_id)}
                onChange={(v) => v && setPicked(Number(v))}
                allowDeselect={false}
              />
            )}
            {manageCard !== null && track && <RemoveTrack cardId={manageCard} track={track} />}
            {manageCard !== null && !uploading && (
              <Button
                size="compact-xs"
                variant="light"
                leftSection={<IconUpload size={13} />}
                onClick={() => setUploading(true)}
              >
                Upload captions
              </Button>
            )}
          </Group>
        </Group>
        {manageCard !== null && uploading && (
          <UploadCaptions
            cardId={manageCard}
            videoVersion={videoVersion}
            videoNumber={videoNumber}
            onUploaded={(caption) => {
              setPicked(caption.caption_id);
              setUploading(false);
            }}
            onCancel={() => setUploading(false)}
          />
        )}
        {query.isPending ? (
          <Loader size="sm" aria-label="Loading captions" />
        ) : query.isError ? (
          <Alert color="red" variant="light" p="xs">
            {errorMessage(query.error)}
          </Alert>
        ) : track ? (
          <TrackBody track={track} editCardId={manageCard} props={props} />
        ) : (
          <Text fz="sm" data-testid="captions-empty">
            No captions yet
          </Text>
        )}
        {!transcription && !tracks.some((t) => t.source === 'transcript') && (
          <Text fz="xs" c="dimmed">
            Transcription isn&apos;t set up on this server.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
