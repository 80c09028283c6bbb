const SUBTITLE_EXTENSIONS = ['.srt', '.vtt'];

/** Audio, video and images by type; subtitles by extension, since browsers label them inconsistently. */
export function isAllowedMedia(mimeType: string, fileName: string): boolean {
  if (/^(audio|video|image)\//.test(mimeType)) return !/svg/.test(mimeType);
  const lower = fileName.toLowerCase();
  return SUBTITLE_EXTENSIONS.some((ext) => lower.endsWith(ext));
}
