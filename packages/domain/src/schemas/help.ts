import { z } from 'zod';
import {
  CAPTIONS_PLAN_USD_PER_MONTH,
  EDITOR_CUTOFF_HOUR_NY,
  LATE_REVISION_DAYS,
  SUBMIT_CUTOFF_HOUR_NY,
  TIMELINE_HOURS_FIRST,
  TIMELINE_HOURS_WITH_REVISION,
  TITLE_MAX,
  URL_MAX,
} from '../constants.js';
import { REPURPOSE_SIZES } from '../options.js';
import { MSG } from '../messages.js';
import { isHttpUrl } from '../links.js';
import { OWN_FILE_PATTERN } from '../validation.js';
import { HANDBOOK_MAX, HELP_FAQS_MAX, HELP_TEXT_MAX, HELP_VIDEOS_MAX } from '../help.js';

export const helpVideoSchema = z.object({
  title: z.string().trim().min(1, { error: MSG.helpVideoTitleRequired }).max(TITLE_MAX),
  /** A web link (played in the page when it is a video file, else opened) or a video uploaded to the portal. */
  url: z
    .string()
    .trim()
    .max(URL_MAX)
    .refine((v) => v === '' || isHttpUrl(v) || OWN_FILE_PATTERN.test(v), { error: MSG.linkInvalid }),
  description: z.string().trim().max(HELP_TEXT_MAX).default(''),
});
export const helpFaqSchema = z.object({
  question: z
    .string()
    .trim()
    .min(1, { error: MSG.helpQuestionRequired })
    .max(TITLE_MAX * 2),
  answer: z.string().trim().min(1, { error: MSG.helpAnswerRequired }).max(HELP_TEXT_MAX),
});
export const helpContentSchema = z.object({
  videos: z.array(helpVideoSchema).max(HELP_VIDEOS_MAX),
  faqs: z.array(helpFaqSchema).max(HELP_FAQS_MAX),
});
export type HelpVideo = z.output<typeof helpVideoSchema>;
export type HelpFaq = z.output<typeof helpFaqSchema>;
export type HelpContent = z.output<typeof helpContentSchema>;

/** The handbook is one rich-text document (sanitized with RICH_TEXT_TAGS on the server). */
export const handbookContentSchema = z.object({ body: z.string().max(HANDBOOK_MAX) });
export type HandbookContent = z.output<typeof handbookContentSchema>;

const hour = (h: number) => `${h % 12 || 12} pm`;
const sizes = REPURPOSE_SIZES.filter((s) => s.value !== 'other')
  .map((s) => s.value)
  .join(', ');

/** What the help page holds until the admin changes it: the FAQ facts of spec 002 §9, from the domain's constants. */
export const DEFAULT_HELP: HelpContent = {
  videos: [
    {
      title: 'Ordering a video',
      url: '',
      description: 'Create a request, describe the video you want and follow it across the board.',
    },
    {
      title: 'Reviewing a cut on the frame',
      url: '',
      description: 'Play the delivered video, pause on a moment, comment and draw on the frame.',
    },
    {
      title: 'Approving and asking for revisions',
      url: '',
      description: 'Mark a video as done, rate it, or send it back with the changes you need.',
    },
  ],
  faqs: [
    {
      question: 'By when must I submit a request for it to count today?',
      answer: `Requests submitted before ${hour(SUBMIT_CUTOFF_HOUR_NY)} New York time (EST) count for that day; later ones count from the next working day.`,
    },
    {
      question: 'When do editors finish for the day?',
      answer: `Editors work until ${hour(EDITOR_CUTOFF_HOUR_NY)} New York time (EST). Comments made after that are picked up the next working day.`,
    },
    {
      question: 'How long does a first cut take?',
      answer: `The first cut is due ${TIMELINE_HOURS_FIRST} hours after the editor starts on your request.`,
    },
    {
      question: 'How long does a revision take?',
      answer: `A revision is delivered within ${TIMELINE_HOURS_WITH_REVISION} hours of your request for changes.`,
    },
    {
      question: 'Can I ask for a revision on an old video?',
      answer: `Yes, but a revision asked for more than ${LATE_REVISION_DAYS} days after delivery counts as a new request (one credit of your plan).`,
    },
    {
      question: 'Do you add captions?',
      answer: `Yes: the captions plan adds subtitles to every video for $${CAPTIONS_PLAN_USD_PER_MONTH} a month. Ask your account manager to enable it.`,
    },
    {
      question: 'Can you cut my video for Shorts, Reels or TikTok?',
      answer: `Yes: once a video is done you can ask for repurposed versions in ${sizes} from the card.`,
    },
    {
      question: 'What are the most common mistakes in a request?',
      answer:
        'Footage links that need a permission request, missing reference videos, and instructions spread over several comments. Share folders with the Gdrive or Dropbox email of your profile and put every instruction in the request.',
    },
  ],
};

export const DEFAULT_HANDBOOK: HandbookContent = {
  body: [
    '<h2>Welcome to Cutroom</h2>',
    '<p>This handbook explains how to work with our team so every video comes back the way you pictured it.</p>',
    '<h3>1. Ordering</h3>',
    '<p>Create a request from the board. Give it a clear title, link your raw footage and describe the result you want: length, style, music and any reference videos.</p>',
    '<h3>2. Following the work</h3>',
    '<p>Your card moves from <b>Video Requests</b> through <b>Editing</b> and <b>Quality Check</b> to <b>Review</b>. You are notified at each step.</p>',
    '<h3>3. Reviewing</h3>',
    '<p>Open the card, play the video and pause where you want a change. Your comment is pinned to that moment, and you can draw on the frame to show exactly what you mean.</p>',
    '<h3>4. Approving</h3>',
    '<p>When you are happy, mark the video as done and rate it. Your rating helps us keep the same editor and QA on your channel.</p>',
  ].join(''),
};
