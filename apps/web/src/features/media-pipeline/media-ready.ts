/** The media element's readyState once it knows the duration and size (HTMLMediaElement.HAVE_METADATA). */
const HAVE_METADATA = 1;

/**
 * Whether the element already knows its duration and size. A cached file can get there before React has
 * committed the element, and React drops events of elements it has not mounted: `loadedmetadata` then
 * goes unheard, so components also ask this after mount and after a change of source.
 */
export const hasMetadata = (video: HTMLVideoElement | null): video is HTMLVideoElement =>
  video !== null && video.readyState >= HAVE_METADATA;
