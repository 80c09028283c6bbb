import { useState } from 'react';
import { Modal, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { MSG, fill } from '@cutroom/domain';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import type { MediaView, UploadedFile } from '@cutroom/domain/schemas';
import { autoProxy } from '../media-pipeline/public';
import classes from './video-preview.module.css';

type Ready = MediaView & { status: 'ready' };

/** A video's poster in the file list; a click plays its proxy in a dialog. Other files show nothing. */
export function VideoThumb({ file }: { file: UploadedFile }) {
  const [open, setOpen] = useState(false);
  const media = file.media;
  if (!media) return null;
  if (media.status !== 'ready' || !media.poster_url) return <PendingThumb media={media} />;
  return (
    <>
      <UnstyledButton className={classes.thumb} onClick={() => setOpen(true)} aria-label={`Preview ${file.file_name}`}>
        <img src={media.poster_url} alt="" loading="lazy" decoding="async" className={classes.poster} />
        <IconPlayerPlayFilled size={18} className={classes.play} aria-hidden />
      </UnstyledButton>
      <Modal opened={open} onClose={() => setOpen(false)} title={file.file_name} size="xl" centered>
        {open && <PreviewPlayer media={media as Ready} />}
      </Modal>
    </>
  );
}

/** The poster's place while the pipeline works, or why there is no preview; the whole sentence for screen readers. */
function PendingThumb({ media }: { media: MediaView }) {
  const sentence =
    media.status === 'failed'
      ? (media.error ?? 'No preview')
      : media.status === 'processing'
        ? fill(MSG.mediaProcessing, { percent: String(media.progress) })
        : MSG.mediaQueued;
  return (
    <Tooltip label={sentence} multiline maw={320} withArrow>
      <div className={classes.thumb} role="status" aria-label={sentence} data-testid="upload-media-status">
        <span className={classes.pending} data-failed={media.status === 'failed' || undefined}>
          {media.status === 'failed' ? 'No preview' : media.status === 'processing' ? `${media.progress} %` : 'Queued'}
        </span>
      </div>
    </Tooltip>
  );
}

/** The proxy that suits the screen, with the poster until it starts; the original stays a download. */
function PreviewPlayer({ media }: { media: Ready }) {
  const proxy = autoProxy(media.proxies, window.innerWidth);
  if (!proxy) return <Text c="dimmed">This video has no preview.</Text>;
  return (
    <video
      className={classes.player}
      src={proxy.url}
      poster={media.poster_url ?? undefined}
      controls
      autoPlay
      playsInline
      preload="metadata"
      data-testid="upload-preview-player"
    />
  );
}
