import { useCallback, useMemo, useState } from 'react';
import { Badge, DataList, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { YT_STATUS_TEXT, splitLinks, fullName } from '@cutroom/domain';
import type { CardDetailReply, UserView } from '@cutroom/domain/schemas';
import { formatEst } from '../../lib/format-time';
import { policyFor, ytPolicyFor, ytStatusOf } from '../../lib/policy';
import type { ChatFilter } from '../../lib/card/card-keys';
import { useChatNotes, ChatPanel, orderedNotes } from '../chat/public';
import { useYtDueDate } from './api';
import { plainQuote } from '../../lib/comment-tokens';
import { DueDatePicker } from '../../components/assignment-rows';
import listClasses from '../../components/details.module.css';
import type { Geometry, ShownAnnotation } from '../media-pipeline/public';
import {
  NO_REVIEW,
  ReviewControlsContext,
  type PendingAnnotation,
  type ReviewControls,
  type ShapeKind,
} from '../../lib/review-context';
import { ThumbnailPreview } from './thumbnail-preview';
import { YtStatusControl } from './yt-controls';
import { YtDescription } from './yt-description';
import { YtHelperSelect } from './yt-helper-select';
import { YtLinks } from './yt-links';

interface YtTabProps {
  card: CardDetailReply;
  viewer: UserView;
}

/** Drawings on a thumbnail are kept with this in place of a video version. */
const THUMBNAIL_VERSION = 'thumbnail';
const noop = () => {};
const labelOf = (firstname: string, note: string) => {
  const text = plainQuote(note);
  return `${firstname}: ${text.length > 40 ? `${text.slice(0, 40)}…` : text}`;
};

function YtDueDate({ card, editable }: { card: CardDetailReply; editable: boolean }) {
  const save = useYtDueDate(card.card_id);
  return editable ? (
    <DueDatePicker
      key={card.yt_due_date ?? 'none'}
      due={card.yt_due_date}
      save={save}
      label="YouTube due date (EST)"
      testId="yt-due-date-picker"
    />
  ) : (
    <Text fz="sm">{formatEst(card.yt_due_date)}</Text>
  );
}

/**
 * The YT Helper tab (spec 001 §2): the thumbnails with drawing tools, the helper status with its
 * actions, the helper due date, description and links, beside the helper chat.
 */
export function YtTab({ card, viewer }: YtTabProps) {
  const may = ytPolicyFor(viewer, card);
  const status = ytStatusOf(card);
  const thumbs = splitLinks(card.thumbnails_link);
  const [number, setNumber] = useState(1);
  const [filter, setFilter] = useState<ChatFilter>('all');
  const [drawing, setDrawing] = useState<ShapeKind | null>(null);
  const [pending, setPending] = useState<PendingAnnotation | null>(null);
  const [annotationsOn, setAnnotationsOn] = useState(true);

  const notesQuery = useChatNotes(card.card_id, 'yt', filter, true);
  const shown: ShownAnnotation[] = useMemo(
    () =>
      orderedNotes(notesQuery.data?.pages)
        .filter((n) => !n.is_deleted && n.annotation && (n.note_for_video_number ?? 1) === number)
        .map((n) => ({ ...n.annotation!, id: n.note_id, label: labelOf(n.firstname, n.note) })),
    [notesQuery.data, number],
  );

  const onDraw = useCallback(
    (geometry: Geometry) => setPending({ ...geometry, time: 0, version: THUMBNAIL_VERSION, videoNumber: number }),
    [number],
  );
  // The composer reads the drawing waiting for its comment from the review's controls; there is no player here.
  const controls: ReviewControls = useMemo(
    () => ({
      ...NO_REVIEW,
      videoNumber: thumbs.length ? number : null,
      version: THUMBNAIL_VERSION,
      pendingAnnotation: pending,
      clearAnnotation: () => {
        setPending(null);
        setDrawing(null);
      },
    }),
    [thumbs.length, number, pending],
  );

  return (
    <ReviewControlsContext.Provider value={controls}>
      <Grid gap="md" data-testid="yt-tab">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="md">
            <ThumbnailPreview
              links={thumbs}
              number={Math.min(number, Math.max(1, thumbs.length))}
              onNumberChange={(n) => {
                setNumber(n);
                setPending(null);
                setDrawing(null);
              }}
              shown={shown}
              pending={pending}
              canAnnotate
              drawing={drawing}
              onDrawingChange={setDrawing}
              onDraw={onDraw}
              annotationsOn={annotationsOn}
              onAnnotationsChange={setAnnotationsOn}
            />
            <Paper radius="md" p="md">
              <Stack gap="md">
                <Title order={2} fz="md">
                  YouTube helper{' '}
                  {status ? (
                    <Badge variant="light" ml={6} data-testid="yt-status">
                      {YT_STATUS_TEXT[status]}
                    </Badge>
                  ) : (
                    <Badge variant="light" color="gray" ml={6} data-testid="yt-status">
                      Not started
                    </Badge>
                  )}
                </Title>
                {!may.onBoard && (
                  <Text fz="sm" c="dimmed">
                    The helper's work starts once the video is complete.
                  </Text>
                )}
                <YtStatusControl card={card} viewer={viewer} />
                <DataList labelWidth={130} withDivider classNames={listClasses}>
                  <DataList.Item>
                    <DataList.ItemLabel>Helper</DataList.ItemLabel>
                    <DataList.ItemValue>
                      {may.assign ? (
                        <YtHelperSelect card={card} />
                      ) : (
                        fullName(card.yt_firstname, card.yt_lastname) || (
                          <Text span c="dimmed" fz="sm">
                            Not assigned
                          </Text>
                        )
                      )}
                    </DataList.ItemValue>
                  </DataList.Item>
                  <DataList.Item>
                    <DataList.ItemLabel>Due date</DataList.ItemLabel>
                    <DataList.ItemValue>
                      <YtDueDate card={card} editable={may.editDueDate} />
                    </DataList.ItemValue>
                  </DataList.Item>
                </DataList>
                <YtLinks card={card} editable={policyFor(viewer, card).editYtLinks} />
                <YtDescription key={card.yt_card_description ?? ''} card={card} editable={may.editDescription} />
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Paper radius="md" h={{ base: 560, md: 'calc(100dvh - 300px)' }} mih={480} style={{ overflow: 'hidden' }}>
            <ChatPanel
              cardId={card.card_id}
              viewer={viewer}
              hasHelper
              chat="yt"
              onChatChange={noop}
              filter={filter}
              onFilterChange={setFilter}
              readOnly={false}
              multiVideo={thumbs.length > 1}
            />
          </Paper>
        </Grid.Col>
      </Grid>
    </ReviewControlsContext.Provider>
  );
}
