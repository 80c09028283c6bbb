import { MSG } from '@cutroom/domain';
import type { CardDetailReply, MediaView } from '@cutroom/domain/schemas';

/** How a delivered link can be previewed (spec 001 §5 "Preview sources"). */
export type PreviewSource =
  { kind: 'video'; src: string; own: boolean } | { kind: 'embed'; src: string } | { kind: 'error'; message: string };

const DRIVE_HOSTS = new Set(['drive.google.com', 'docs.google.com']);

const isDropbox = (host: string) => host === 'dropbox.com' || host.endsWith('.dropbox.com');

/** The Drive file id of a file link (/file/d/{id}/…, open?id=, uc?id=), or null for folders and the rest. */
function driveFileId(url: URL): string | null {
  const inPath = /\/file\/d\/([\w-]{10,})/.exec(url.pathname)?.[1];
  if (inPath) return inPath;
  const inQuery = url.searchParams.get('id');
  return inQuery && /^[\w-]{10,}$/.test(inQuery) && /^\/(open|uc)$/.test(url.pathname) ? inQuery : null;
}

/**
 * Dropbox shares become raw streams, files on the portal's own storage play as they are, Google
 * Drive files play in Drive's own preview frame; anything else is not previewed.
 */
export function previewSource(link: string, origin: string): PreviewSource {
  let url: URL;
  try {
    url = new URL(link.trim(), origin);
  } catch {
    return { kind: 'error', message: MSG.unsupportedVideo };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { kind: 'error', message: MSG.unsupportedVideo };
  const host = url.hostname.toLowerCase();

  if (url.origin === origin && url.pathname.startsWith('/files/')) {
    return { kind: 'video', src: url.pathname + url.search, own: true };
  }
  if (isDropbox(host)) {
    url.searchParams.delete('dl');
    url.searchParams.set('raw', '1');
    return { kind: 'video', src: url.href, own: false };
  }
  if (host === 'dl.dropboxusercontent.com') return { kind: 'video', src: url.href, own: false };
  if (DRIVE_HOSTS.has(host)) {
    const id = driveFileId(url);
    return id
      ? { kind: 'embed', src: `https://drive.google.com/file/d/${id}/preview` }
      : { kind: 'error', message: MSG.invalidDriveLink };
  }
  return { kind: 'error', message: MSG.unsupportedVideo };
}

/** Download is offered only for files on the portal's own storage (spec 001 §6). */
export const isOwnFile = (link: string, origin: string) => {
  const source = previewSource(link, origin);
  return source.kind === 'video' && source.own;
};

type DeliveredVideo = CardDetailReply['video_versions'][string][number];

/** Below this viewport width Auto picks the smallest proxy (a phone), above it the largest. */
const PHONE_WIDTH = 900;

/** Auto quality: the proxy that suits the screen (docs/media.md). */
export const autoProxy = (proxies: MediaView['proxies'], viewportWidth: number) =>
  viewportWidth < PHONE_WIDTH ? proxies.at(-1) : proxies[0];

/** What the viewer picked in the player's quality menu: Auto, a proxy's height, or the original file. */
export type Quality = 'auto' | 'original' | number;

/** A MIME type with a codec Chromium, Safari and Firefox each know, per codec ffprobe names. */
const CODEC_PROBES: Record<string, string> = {
  h264: 'video/mp4; codecs="avc1.640028"',
  hevc: 'video/mp4; codecs="hvc1.1.6.L93.B0"',
  vp8: 'video/webm; codecs="vp8"',
  vp9: 'video/webm; codecs="vp9"',
  av1: 'video/mp4; codecs="av01.0.05M.08"',
};

/** Whether this browser says it can decode the original's video codec (ProRes and DNxHD: never). */
export function canPlayOriginal(media: MediaView, canPlayType: (mime: string) => string): boolean {
  const probe = media.video_codec ? CODEC_PROBES[media.video_codec] : undefined;
  return probe !== undefined && canPlayType(probe) !== '';
}

/** The quality menu's entries for a processed video: Auto, each proxy, and the original where it plays. */
export function qualityOptions(
  media: MediaView | null | undefined,
  originalPlays: boolean,
): { value: Quality; label: string }[] {
  // Proxies play as soon as the first is published, even while the rest are made.
  if (!media || media.proxies.length === 0) return [];
  return [
    { value: 'auto', label: 'Auto' },
    ...media.proxies.map((p) => ({ value: p.height, label: `${p.height}p` })),
    ...(originalPlays ? [{ value: 'original' as const, label: 'Original' }] : []),
  ];
}

/**
 * What the player opens for a delivered video: the proxy the quality asks for once the media pipeline
 * made one (every format then plays), else the link as previewSource reads it (the original, while it
 * is processed).
 */
export function videoSource(
  video: DeliveredVideo,
  origin: string,
  viewportWidth: number,
  quality: Quality = 'auto',
): PreviewSource {
  // The smallest proxy may be published while the pipeline still works: it plays as soon as it is there.
  const proxies = video.media?.proxies ?? [];
  if (quality === 'original' || proxies.length === 0) return previewSource(video.video_url, origin);
  const proxy = proxies.find((p) => p.height === quality) ?? autoProxy(proxies, viewportWidth);
  return proxy ? { kind: 'video', src: proxy.url, own: true } : previewSource(video.video_url, origin);
}
