/** The help page and the client handbook (spec 002 §2): content the admin edits without a deploy. */
export const HELP_PAGE_KEYS = ['help', 'handbook'] as const;
export type HelpPageKey = (typeof HELP_PAGE_KEYS)[number];

export const HELP_VIDEOS_MAX = 12;
export const HELP_FAQS_MAX = 50;
export const HELP_TEXT_MAX = 2_000;
export const HANDBOOK_MAX = 100_000;

/** Videos whose title holds every word of the search, in their order. */
export function searchHelpVideos<V extends { title: string }>(videos: readonly V[], search: string): V[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return videos.filter((v) => words.every((w) => v.title.toLowerCase().includes(w)));
}

/** A link the page can play itself: an upload of ours or a direct video file; anything else opens in a new tab. */
export const isPlayableVideoUrl = (url: string) =>
  url.startsWith('/files/') || /\.(mp4|webm|m4v|mov|ogv)(\?.*)?$/i.test(url);
