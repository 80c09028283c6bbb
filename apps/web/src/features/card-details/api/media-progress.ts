import type { QueryClient } from '@tanstack/react-query';
import type { CardDetailReply } from '@cutroom/domain/schemas';
import { cardKeys } from './card-keys';

/** Moves the pipeline's progress bar of these videos in the cached card, without reloading it. */
export function patchMediaProgress(qc: QueryClient, cardId: number, videoIds: readonly number[], progress: number) {
  qc.setQueryData<CardDetailReply>(cardKeys.card(cardId), (card) => {
    if (!card) return card;
    const patch = (map: CardDetailReply['video_versions']) =>
      Object.fromEntries(
        Object.entries(map).map(([key, videos]) => [
          key,
          videos.map((v) =>
            videoIds.includes(v.video_id) && v.media
              ? { ...v, media: { ...v.media, status: 'processing' as const, progress } }
              : v,
          ),
        ]),
      );
    return {
      ...card,
      video_versions: patch(card.video_versions),
      repurpose_video_versions: patch(card.repurpose_video_versions),
    };
  });
}
