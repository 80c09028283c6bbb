import type { CardStatus, Chat } from '@cutroom/domain';
import type { DEMO_ACCOUNTS } from './demo-seed.js';

type Who = (typeof DEMO_ACCOUNTS)[number]['key'];

/** The committed clips in apps/server/demo-media/ (made by scripts/make-demo-media.sh). */
export const DEMO_CLIPS = {
  v1: 'review-16x9-v1.mp4',
  v2: 'review-16x9-v2.mp4',
  vertical: 'repurpose-9x16.mp4',
} as const;
export type Clip = keyof typeof DEMO_CLIPS;

export interface WeekNote {
  by: Who;
  chat: Exclude<Chat, 'yt'>;
  hoursAgo: number;
  /** Plain text as the composer sends it: a leading @VT{seconds} makes it a timecoded comment. */
  note: string;
  /** An annotation drawn on the frame (spec 001 §3): fractions of the frame, at a second of a version. */
  annotation?: {
    shape: 'rect' | 'point' | 'oval';
    x: number;
    y: number;
    w: number;
    h: number;
    time: number;
    version: string;
  };
  /** Index of the earlier note of this card it answers. */
  replyTo?: number;
  /** A review note the editor ticked off as fixed, or set aside with this reason (the revision checklist). */
  fixed?: true;
  wontFix?: string;
}

export interface CardWeek {
  title: string;
  /** Moves after the request was created, oldest first; the last one ends in the card's seeded status. */
  moves: { to: CardStatus; by: Who; hoursAgo: number }[];
  /** Delivered versions, oldest first: what the editor uploaded at QA and done (and the repurposed cut). */
  done?: Clip[];
  repurpose?: Clip[];
  notes?: WeekNote[];
  rating?: { stars: number; comment: string; hoursAgo: number };
}

const START = { to: 'editing', by: 'lead' } as const;
const TO_QA = { to: 'qa', by: 'editor' } as const;
const TO_DONE = { to: 'done', by: 'qa' } as const;

/**
 * A week in the agency, card by card: who moved what when, the versions the editor delivered, the
 * review in the chat (timecodes and drawings on the frame) and the customers' ratings.
 */
export const DEMO_WEEK: CardWeek[] = [
  { title: 'Morning routine vlog', moves: [] },
  {
    title: 'Product unboxing: studio lights',
    moves: [],
    notes: [
      {
        by: 'customer',
        chat: 'customer',
        hoursAgo: 20,
        note: 'Raw footage is in the Dropbox folder. The lights arrive in two boxes, open the big one first please.',
      },
    ],
  },
  { title: 'Podcast episode 12 highlights', moves: [] },
  {
    title: 'Travel diary: Lisbon',
    moves: [
      { ...START, hoursAgo: 60 },
      { to: 'on_hold', by: 'lead', hoursAgo: 40 },
    ],
    notes: [
      {
        by: 'lead',
        chat: 'customer',
        hoursAgo: 40,
        note: '@Client On hold until the drone shots are uploaded, the folder has only the phone clips.',
      },
    ],
  },
  {
    title: 'Channel trailer 2026',
    moves: [{ ...START, hoursAgo: 30 }],
    notes: [{ by: 'editor', chat: 'team', hoursAgo: 26, note: 'Rough cut tonight, I will pick the music first.' }],
  },
  { title: 'Recipe short: 5-minute pasta', moves: [{ ...START, hoursAgo: 26 }] },
  {
    title: 'Interview with a luthier',
    moves: [
      { ...START, hoursAgo: 100 },
      { ...TO_QA, hoursAgo: 6 },
    ],
    done: ['v1'],
    notes: [
      { by: 'customer', chat: 'customer', hoursAgo: 90, note: 'Can’t wait for this one, the workshop looked amazing.' },
      {
        by: 'qa',
        chat: 'team',
        hoursAgo: 5,
        note: '@VT{7} @Editor the lower third is cut off at the bottom on phones, please lift it.',
        annotation: { shape: 'rect', x: 0, y: 0.68, w: 1, h: 0.12, time: 7, version: 'version-0' },
      },
      { by: 'editor', chat: 'team', hoursAgo: 4, note: 'Will do, new export within the hour.', replyTo: 1 },
    ],
  },
  {
    title: 'Gear review: budget microphones',
    moves: [
      { ...START, hoursAgo: 150 },
      { ...TO_QA, hoursAgo: 122 },
      { ...TO_DONE, hoursAgo: 118 },
      { to: 'editing', by: 'customer', hoursAgo: 96 },
      { ...TO_QA, hoursAgo: 8 },
      { ...TO_DONE, hoursAgo: 2 },
    ],
    done: ['v1', 'v2'],
    notes: [
      {
        by: 'customer',
        chat: 'customer',
        hoursAgo: 100,
        note: '@VT{3} Love the opening. Can the title bar stay a little longer?',
        fixed: true,
      },
      {
        by: 'customer',
        chat: 'customer',
        hoursAgo: 99,
        note: '@VT{8} The lower third sits too low and too small, move it up and make it bigger please.',
        annotation: { shape: 'rect', x: 0, y: 0.69, w: 1, h: 0.1, time: 8, version: 'version-0' },
        fixed: true,
      },
      {
        by: 'editor',
        chat: 'customer',
        hoursAgo: 97,
        note: 'On it: the next version moves it to the top in your brand orange.',
        replyTo: 1,
      },
      { by: 'qa', chat: 'team', hoursAgo: 6, note: '@VT{8} Checked v2: lower third moved up, audio levels fine.' },
      {
        by: 'customer',
        chat: 'customer',
        hoursAgo: 1.5,
        note: '@VT{10} Much better! This lower third is exactly what we wanted.',
        annotation: { shape: 'oval', x: 0, y: 0.16, w: 0.64, h: 0.16, time: 10, version: 'version-1' },
        wontFix: 'Nothing to change here: glad it works for you!',
      },
      {
        by: 'customer',
        chat: 'customer',
        hoursAgo: 1.4,
        note: '@VT{21} Could the music fade out a second earlier at the end?',
      },
      { by: 'editor', chat: 'customer', hoursAgo: 1, note: '@Client Sure, say the word and I fade it from 20 s.' },
    ],
  },
  {
    title: 'Behind the scenes: set build',
    moves: [
      { ...START, hoursAgo: 160 },
      { ...TO_QA, hoursAgo: 136 },
      { ...TO_DONE, hoursAgo: 130 },
      { to: 'completed_done', by: 'customer', hoursAgo: 108 },
    ],
    done: ['v2'],
    notes: [
      { by: 'customer', chat: 'customer', hoursAgo: 110, note: '@VT{12} This shot of the set is great.', fixed: true },
    ],
    rating: { stars: 5, comment: 'Fast and spot on, thank you!', hoursAgo: 108 },
  },
  {
    title: 'Studio tour 2026',
    moves: [
      { ...START, hoursAgo: 140 },
      { ...TO_QA, hoursAgo: 112 },
      { ...TO_DONE, hoursAgo: 104 },
      { to: 'completed_done', by: 'customer', hoursAgo: 80 },
    ],
    done: ['v1'],
    notes: [
      {
        by: 'customer',
        chat: 'customer',
        hoursAgo: 82,
        note: '@VT{2} The music is a bit loud under the intro, fine for this one though.',
        wontFix: 'Kept as it is for this one, as you said; the next intros get a lower music bed.',
      },
    ],
    rating: { stars: 4, comment: 'Great edit, the music was a bit loud at first.', hoursAgo: 80 },
  },
  {
    title: 'Q&A livestream recap',
    moves: [
      { ...START, hoursAgo: 166 },
      { ...TO_QA, hoursAgo: 146 },
      { ...TO_DONE, hoursAgo: 140 },
      { to: 'editing', by: 'customer', hoursAgo: 128 },
      { ...TO_QA, hoursAgo: 76 },
      { ...TO_DONE, hoursAgo: 72 },
      { to: 'completed_done', by: 'customer', hoursAgo: 50 },
    ],
    done: ['v1', 'v2'],
    notes: [
      {
        by: 'customer',
        chat: 'customer',
        hoursAgo: 129,
        note: '@VT{15} Please cut the question about pricing, we answer it in another video.',
        annotation: { shape: 'point', x: 0.5, y: 0.45, w: 0, h: 0, time: 15, version: 'version-0' },
        fixed: true,
      },
      { by: 'editor', chat: 'customer', hoursAgo: 77, note: 'Removed in the new version.', replyTo: 0 },
    ],
    rating: { stars: 5, comment: 'Perfect recap.', hoursAgo: 50 },
  },
  { title: 'Old intro draft', moves: [{ to: 'canceled', by: 'lead', hoursAgo: 144 }] },
  {
    title: 'Webinar cut-downs',
    moves: [
      { ...START, hoursAgo: 120 },
      { ...TO_QA, hoursAgo: 100 },
      { ...TO_DONE, hoursAgo: 96 },
      { to: 'repurpose_editing', by: 'customer', hoursAgo: 20 },
    ],
    done: ['v2'],
    notes: [
      {
        by: 'customer',
        chat: 'customer',
        hoursAgo: 20,
        note: 'Please make 9:16 and 1:1 cut-downs of the best three minutes.',
      },
    ],
  },
  {
    title: 'Conference keynote clips',
    moves: [
      { ...START, hoursAgo: 130 },
      { ...TO_QA, hoursAgo: 110 },
      { ...TO_DONE, hoursAgo: 104 },
      { to: 'repurpose_editing', by: 'customer2', hoursAgo: 70 },
      { to: 'repurpose_done', by: 'editor', hoursAgo: 4 },
    ],
    done: ['v1'],
    repurpose: ['vertical'],
    notes: [
      {
        by: 'customer2',
        chat: 'customer',
        hoursAgo: 3,
        note: '@VT{4} The vertical cut works, keep the caption inside the safe area for Reels.',
      },
    ],
  },
];
