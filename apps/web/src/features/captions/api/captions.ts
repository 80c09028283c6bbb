import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type CallInput, type ReplyOf } from '@cutroom/domain/contract';
import type { CaptionView } from '@cutroom/domain/schemas';
import { call } from '../../../lib/call';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

export type CaptionsReply = ReplyOf<typeof API.captions.list>;

/** Whose captions: a card's (signed in) or the guest visit's card. */
export type CaptionsOf = { cardId: number } | 'guest';

/** A transcript is made in the background; there is no live event for it, so the list is asked again meanwhile. */
const TRANSCRIBING_POLL_MS = 5_000;
export const isTranscribing = (c: CaptionView) =>
  c.source === 'transcript' && (c.status === 'queued' || c.status === 'processing');

const cardKey = (cardId: number) => ['captions', 'card', cardId] as const;
const captionsKey = (of: CaptionsOf, videoVersion: number | null) =>
  of === 'guest' ? (['captions', 'guest', videoVersion] as const) : ([...cardKey(of.cardId), videoVersion] as const);

/** The caption tracks of one delivered version, with their cues; nothing is asked without a version. */
export function useCaptionsQuery(of: CaptionsOf, videoVersion: number | null) {
  return useQuery({
    queryKey: captionsKey(of, videoVersion),
    queryFn: ({ signal }) =>
      of === 'guest'
        ? call(API.captions.guestList, { query: { video_version: videoVersion! }, signal, expectUnauthorized: true })
        : call(API.captions.list, { params: { id: of.cardId }, query: { video_version: videoVersion! }, signal }),
    enabled: videoVersion !== null,
    refetchInterval: (query) => (query.state.data?.captions.some(isTranscribing) ? TRANSCRIBING_POLL_MS : false),
  });
}

export interface UploadVars {
  file: File;
  language: string;
  videoVersion: number;
  videoNumber: number;
}

/** Adds a track from an SRT or WebVTT file; a refused file's message names its lines, shown by the form. */
export function useUploadCaptions(cardId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, language, videoVersion, videoNumber }: UploadVars) => {
      const form = new FormData();
      // The fields go before the file: the server reads them first, to judge the file by them.
      form.append('video_version', String(videoVersion));
      form.append('language', language);
      form.append('video_number', String(videoNumber));
      form.append('file', file, file.name);
      return call(API.captions.upload, { params: { id: cardId }, form });
    },
    onSuccess: (reply) => {
      notify.success(reply.message);
      return qc.invalidateQueries({ queryKey: cardKey(cardId) });
    },
  });
}

type CueEdit = CallInput<typeof API.captions.editCue>['body'];

/** Changes one cue's text and times; the server's refusal (overlap, past the end) is shown by the form. */
export function useEditCue(cardId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ captionId, n, body }: { captionId: number; n: number; body: CueEdit }) =>
      call(API.captions.editCue, { params: { id: cardId, caption_id: captionId, n }, body }),
    onSuccess: (reply) => {
      notify.success(reply.message);
      return qc.invalidateQueries({ queryKey: cardKey(cardId) });
    },
  });
}

export function useRemoveCaptions(cardId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (captionId: number) => call(API.captions.remove, { params: { id: cardId, caption_id: captionId } }),
    onSuccess: (reply) => {
      notify.success(reply.message);
      return qc.invalidateQueries({ queryKey: cardKey(cardId) });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
}
