import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@cutroom/domain/contract';
import { MSG } from '@cutroom/domain';
import { call } from '../call';
import { uploadFile } from '../upload';
import { isApiError } from '../api-client';
import { notify } from '../notify';
import { cardKeys } from './card-keys';
import { useCardMutation } from './card-mutation';

export const useUpdateTitle = (cardId: number) =>
  useCardMutation(cardId, (v: { oldTitle: string; card_title: string }) =>
    call(API.cards.updateTitle, { params: { id: cardId }, body: v }),
  );

export const useAssign = (cardId: number) =>
  useCardMutation(cardId, (assignTo: number | null) =>
    call(API.cardDetails.assign, { body: { card_id: cardId, assign_to: assignTo } }),
  );

export const useDueDate = (cardId: number) =>
  useCardMutation(cardId, (dueDate: string) =>
    call(API.cardDetails.dueDate, { body: { card_id: cardId, due_date: dueDate } }),
  );

export type LinkField = 'done_video_link' | 'unlisted_video_link' | 'thumbnails_link' | 'yt_snippet_link';
export const useChangeLink = (cardId: number) =>
  useCardMutation(
    cardId,
    (
      v: ({ field: LinkField; link: string } | { field: 'upload_id'; uploadId: number }) & {
        videoId?: number;
        repurpose?: boolean;
      },
    ) =>
      call(API.cardDetails.changeLink, {
        body: {
          card_id: cardId,
          // A finished upload in the customer's folder replaces the video instead of a link (issue 49).
          ...(v.field === 'upload_id' ? { upload_id: v.uploadId } : { [v.field]: v.link }),
          ...(v.videoId ? { video_id: v.videoId } : {}),
          ...(v.repurpose ? { type: 'repurpose' } : {}),
        },
      }),
  );

export const useChangeContentId = (cardId: number) =>
  useCardMutation(cardId, (contentId: string) =>
    call(API.cardDetails.contentId, { body: { card_id: cardId, contentId } }),
  );

/** The SRT goes to the storage layer first, then its address onto the card (spec 001 §7 "Files"). */
export function useUploadSrt(cardId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      let url: string;
      try {
        url = (await uploadFile(file, 'subtitles')).url;
      } catch (error) {
        // A refusal (wrong type, too large, quota) says why; anything else is the spec's generic text.
        throw isApiError(error) && error.status < 500 && error.status !== 401 ? error : new Error(MSG.uploadFailed);
      }
      return call(API.cardDetails.srtFile, { params: { id: cardId }, body: { card_id: cardId, srt_file: url } });
    },
    onSuccess: (reply) => {
      notify.success(reply.message || MSG.fileUploaded);
      return qc.invalidateQueries({ queryKey: cardKeys.card(cardId) });
    },
    onError: (error) => notify.error(isApiError(error) ? error.message : MSG.uploadFailed),
  });
}
