import { useState } from 'react';
import { ActionIcon, Button, DataList, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconEye, IconHelpCircle, IconUpload } from '@tabler/icons-react';
import { MSG, UPLOAD_PURPOSES, splitLinks } from '@cutroom/domain';
import type { CardDetailReply, UserView } from '@cutroom/domain/schemas';
import { policyFor } from '../../../lib/policy';
import { useChangeContentId, useChangeLink, useUploadSrt, type LinkField } from '../../../lib/card/card-edits';
import { DoneVideoDialog } from '../dialogs/done-video-dialog';
import { EditValueDialog } from '../../../components/edit-value-dialog';
import { SyncIdHelpDialog } from '../dialogs/sync-id-help-dialog';
import { isOwnFile, newestVideos } from '../../media-pipeline/public';
import { EditButton, Empty, Link, isUrl } from '../../../components/link-parts';
import { RichText } from '../../../components/rich-text';
import listClasses from '../../../components/details.module.css';
import { pageOrigin } from '../../../lib/page-origin';

interface LinkRowsProps {
  card: CardDetailReply;
  viewer: UserView;
  /** Opens the Video & Comments tab on this video of the newest version. */
  onView: (videoNumber: number) => void;
}

interface Editing {
  title: string;
  label: string;
  initial: string;
  field: LinkField | 'content_id';
  videoId?: number;
  /** A repurposed video's link rather than a done one's. */
  repurpose?: boolean;
}

/** The card's links: raw footage, deliveries, YouTube-helper assets, Sync IDs and subtitles (spec 001 §2). */
export function LinkRows({ card, viewer, onView }: LinkRowsProps) {
  // Spec 001 §6: who edits which link, downloads and attaches subtitles is the card policy's answer.
  const may = policyFor(viewer, card);
  const origin = pageOrigin();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [help, setHelp] = useState(false);
  const changeLink = useChangeLink(card.card_id);
  const changeContentId = useChangeContentId(card.card_id);
  const uploadSrt = useUploadSrt(card.card_id);

  const doneVideos = newestVideos(card.video_versions);
  const repurposeVideos = newestVideos(card.repurpose_video_versions);
  const showYt = card.has_youtube_helper;
  const showSrt = card.subtitles || card.has_youtube_helper || !!card.srt_file;
  const syncIds = card.content_id.join(', ');

  const ytRow = (label: string, field: LinkField, value: string | null) => (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>
        <Group gap={6} wrap="nowrap" align="flex-start">
          {value ? (
            <Stack gap={2} miw={0}>
              {/* thumbnails_link holds one or two links joined by '|'. */}
              {splitLinks(value).map((href) => (
                <Link key={href} href={href} />
              ))}
            </Stack>
          ) : (
            <Empty />
          )}
          {may.editYtLinks && (
            <EditButton
              label={`Edit ${label.toLowerCase()}`}
              onClick={() => setEditing({ title: label, label, initial: value ?? '', field })}
            />
          )}
        </Group>
      </DataList.ItemValue>
    </DataList.Item>
  );

  return (
    <>
      <DataList labelWidth={150} withDivider classNames={listClasses} data-testid="link-rows">
        <DataList.Item>
          <DataList.ItemLabel>Raw video</DataList.ItemLabel>
          <DataList.ItemValue>{card.dropbox_link ? <Link href={card.dropbox_link} /> : <Empty />}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Done videos</DataList.ItemLabel>
          <DataList.ItemValue>
            {doneVideos.length === 0 ? (
              <Empty>Not delivered yet</Empty>
            ) : (
              <Stack gap={6}>
                {doneVideos.map((video, i) => (
                  <div key={video.video_id} data-testid="done-video-row" style={{ minWidth: 0 }}>
                    <Group gap={6} wrap="wrap" align="center">
                      <Text fz="sm" fw={600} w={62} style={{ flexShrink: 0 }}>
                        Video {i + 1}
                      </Text>
                      <Button
                        size="compact-xs"
                        variant="light"
                        leftSection={<IconEye size={13} />}
                        onClick={() => onView(i + 1)}
                      >
                        View
                      </Button>
                      {may.download && !card.originals_locked && isOwnFile(video.video_url, origin) && (
                        <Button
                          size="compact-xs"
                          variant="default"
                          leftSection={<IconDownload size={13} />}
                          component="a"
                          href={video.video_url}
                          download
                        >
                          Download
                        </Button>
                      )}
                      {may.editDoneLink && (
                        <EditButton
                          label={`Edit the link of video ${i + 1}`}
                          onClick={() =>
                            setEditing({
                              title: `Video ${i + 1} link`,
                              label: 'Video link',
                              initial: video.video_url,
                              field: 'done_video_link',
                              videoId: video.video_id,
                            })
                          }
                        />
                      )}
                    </Group>
                    <Text fz="xs" c="dimmed" truncate mt={2} title={video.video_url}>
                      {video.video_url}
                    </Text>
                  </div>
                ))}
              </Stack>
            )}
          </DataList.ItemValue>
        </DataList.Item>
        {showYt && ytRow('Unlisted video', 'unlisted_video_link', card.unlisted_video_link)}
        <DataList.Item>
          <DataList.ItemLabel>
            <Group gap={4} wrap="nowrap">
              {MSG.syncIdName}
              <ActionIcon
                variant="subtle"
                size="xs"
                color="gray"
                aria-label="What is a Sync ID?"
                onClick={() => setHelp(true)}
              >
                <IconHelpCircle size={14} />
              </ActionIcon>
            </Group>
          </DataList.ItemLabel>
          <DataList.ItemValue>
            <Group gap={6} wrap="nowrap">
              {syncIds ? (
                <Text fz="sm">{syncIds}</Text>
              ) : (
                <Empty>{card.no_content_id ? MSG.noContentId : 'Not added yet'}</Empty>
              )}
              {may.editContentId && (
                <EditButton
                  label="Edit Sync IDs"
                  onClick={() =>
                    setEditing({ title: MSG.syncIdName, label: MSG.syncIdLabel, initial: syncIds, field: 'content_id' })
                  }
                />
              )}
            </Group>
          </DataList.ItemValue>
        </DataList.Item>
        {card.has_repurpose && (
          <DataList.Item>
            <DataList.ItemLabel>Repurposed videos</DataList.ItemLabel>
            <DataList.ItemValue>
              {repurposeVideos.length ? (
                <Stack gap={2}>
                  {repurposeVideos.map((video, i) => (
                    <Group
                      key={video.video_id}
                      gap={6}
                      wrap="nowrap"
                      align="flex-start"
                      data-testid="repurpose-video-row"
                    >
                      <Link href={video.video_url} />
                      {may.editRepurposeLink && (
                        <EditButton
                          label={`Edit the link of repurposed video ${i + 1}`}
                          onClick={() =>
                            setEditing({
                              title: `Repurposed video ${i + 1} link`,
                              label: 'Video link',
                              initial: video.video_url,
                              field: 'done_video_link',
                              videoId: video.video_id,
                              repurpose: true,
                            })
                          }
                        />
                      )}
                    </Group>
                  ))}
                </Stack>
              ) : (
                <Empty>Not delivered yet</Empty>
              )}
            </DataList.ItemValue>
          </DataList.Item>
        )}
        {showSrt && (
          <DataList.Item>
            <DataList.ItemLabel>SRT file</DataList.ItemLabel>
            <DataList.ItemValue>
              <Group gap={6} wrap="nowrap">
                {card.srt_file ? <Link href={card.srt_file} /> : <Empty />}
                {may.uploadSrt && (
                  <FileButton
                    accept={UPLOAD_PURPOSES.subtitles.accept}
                    onChange={(file) => file && uploadSrt.mutate(file)}
                  >
                    {(props) => (
                      <Button
                        {...props}
                        size="compact-xs"
                        variant="default"
                        // A long file address beside it wraps; the button keeps its width.
                        style={{ flexShrink: 0 }}
                        leftSection={<IconUpload size={13} />}
                        loading={uploadSrt.isPending}
                      >
                        {card.srt_file ? 'Replace' : 'Upload'}
                      </Button>
                    )}
                  </FileButton>
                )}
              </Group>
            </DataList.ItemValue>
          </DataList.Item>
        )}
        {showYt && ytRow('Thumbnail link', 'thumbnails_link', card.thumbnails_link)}
        {showYt && ytRow('Snippet link', 'yt_snippet_link', card.yt_snippet_link)}
        {showYt && (
          <DataList.Item>
            <DataList.ItemLabel>Description</DataList.ItemLabel>
            <DataList.ItemValue>
              {card.yt_card_description ? <RichText html={card.yt_card_description} /> : <Empty />}
            </DataList.ItemValue>
          </DataList.Item>
        )}
      </DataList>

      {editing?.field === 'done_video_link' && (
        <DoneVideoDialog
          title={editing.title}
          initial={editing.initial}
          customerId={card.client_id}
          pending={changeLink.isPending}
          validate={(v) => (isUrl(v) ? null : MSG.linkInvalid)}
          onSave={(video) =>
            changeLink.mutateAsync({
              ...('uploadId' in video
                ? { field: 'upload_id' as const, uploadId: video.uploadId }
                : { field: 'done_video_link' as const, link: video.link }),
              videoId: editing.videoId,
              repurpose: editing.repurpose,
            })
          }
          onClose={() => setEditing(null)}
        />
      )}
      {editing && editing.field !== 'done_video_link' && (
        <EditValueDialog
          opened
          title={editing.title}
          label={editing.label}
          initial={editing.initial}
          placeholder={editing.field === 'content_id' ? MSG.syncIdPlaceholder : 'https://'}
          description={editing.field === 'content_id' ? 'Separate several IDs with commas' : undefined}
          allowEmpty={editing.field === 'content_id'}
          validate={editing.field === 'content_id' ? undefined : (v) => (isUrl(v) ? null : MSG.linkInvalid)}
          pending={changeLink.isPending || changeContentId.isPending}
          onSave={(value) =>
            editing.field === 'content_id'
              ? changeContentId.mutateAsync(value)
              : changeLink.mutateAsync({
                  field: editing.field,
                  link: value,
                  videoId: editing.videoId,
                  repurpose: editing.repurpose,
                })
          }
          onClose={() => setEditing(null)}
        />
      )}
      <SyncIdHelpDialog opened={help} onClose={() => setHelp(false)} />
    </>
  );
}
