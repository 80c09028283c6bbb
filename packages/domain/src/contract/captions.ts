import { z } from 'zod';
import {
  captionParams,
  captionReply,
  captionSearchQuery,
  captionSearchReply,
  captionsQuery,
  captionsReply,
  cueParams,
  editCueBody,
  guestCaptionParams,
} from '../schemas/captions.js';
import { idParam } from '../schemas/fields.js';
import { defineRoute } from './define.js';

const tags = ['captions'];
const captionFile = z.string().describe('The cues as a caption file');

/** Caption tracks and transcripts of a card's delivered versions (issue 53). */
export const CAPTIONS = {
  list: defineRoute({
    method: 'GET',
    path: '/api/card/:id/captions',
    tags,
    summary: "The caption tracks of the card's versions (one version with `video_version`), with their cues",
    access: 'user',
    params: idParam,
    query: captionsQuery,
    reply: captionsReply,
  }),
  upload: defineRoute({
    method: 'POST',
    path: '/api/card/:id/captions',
    tags,
    summary:
      'Add a caption track to a delivered version: multipart `file` (SRT or WebVTT, UTF-8), `video_version`, `language`, optional `video_number`; a bad file is refused naming its lines',
    access: 'user',
    params: idParam,
    multipart: true,
    status: 201,
    reply: captionReply,
  }),
  search: defineRoute({
    method: 'GET',
    path: '/api/card/:id/captions/search',
    tags,
    summary: "Words in every caption track of the card's versions, each match with its cue's times",
    access: 'user',
    params: idParam,
    query: captionSearchQuery,
    reply: captionSearchReply,
  }),
  vtt: defineRoute({
    method: 'GET',
    path: '/api/card/:id/captions/:caption_id/vtt',
    tags,
    summary: 'A track as WebVTT (text/vtt)',
    access: 'user',
    params: captionParams,
    reply: captionFile,
  }),
  srt: defineRoute({
    method: 'GET',
    path: '/api/card/:id/captions/:caption_id/srt',
    tags,
    summary: 'A track as SubRip (the same cues as its WebVTT)',
    access: 'user',
    params: captionParams,
    reply: captionFile,
  }),
  editCue: defineRoute({
    method: 'PUT',
    path: '/api/card/:id/captions/:caption_id/cues/:n',
    tags,
    summary: "Edit one cue's text and times (staff and the customer); the edit is in the card's activity",
    access: 'user',
    params: cueParams,
    body: editCueBody,
    reply: captionReply,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/card/:id/captions/:caption_id',
    tags,
    summary: 'Remove a caption track (staff and the customer)',
    access: 'user',
    params: captionParams,
    reply: z.object({ message: z.string() }),
  }),
  guestList: defineRoute({
    method: 'GET',
    path: '/api/guest/captions',
    tags,
    summary: "The caption tracks of the guest visit's card, as the customer sees them",
    access: 'public',
    query: captionsQuery,
    reply: captionsReply,
  }),
  guestVtt: defineRoute({
    method: 'GET',
    path: '/api/guest/captions/:caption_id/vtt',
    tags,
    summary: "A track of the guest visit's card as WebVTT",
    access: 'public',
    params: guestCaptionParams,
    reply: captionFile,
  }),
  guestSrt: defineRoute({
    method: 'GET',
    path: '/api/guest/captions/:caption_id/srt',
    tags,
    summary: "A track of the guest visit's card as SubRip",
    access: 'public',
    params: guestCaptionParams,
    reply: captionFile,
  }),
} as const;
