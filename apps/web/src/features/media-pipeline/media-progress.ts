import type { QueryClient } from '@tanstack/react-query';
import type { CardDetailReply } from '@cutroom/domain/schemas';
import { cardKeys } from '../../lib/card/card-keys';

/**
 * Moves the pipeline's progress bar of these videos in the cached card, without reloading it. `importing`
 * (when the event says) is whether the progress still counts the fetch of a delivery link (issue 49).
 * Answers whether a fetch started or ended: the card is then reloaded (a playable copy may be there).
 */
export function patchMediaProgress(
  qc: QueryClient,
  cardId: number,
  videoIds: readonly number[],
  progress: number,
  importing?: boolean,
): boolean {
  let turned = false;
  qc.setQueryData<CardDetailReply>(cardKeys.card(cardId), (card) => {
    if (!card) return card;
    const patch = (map: CardDetailReply['video_versions']) =>
      Object.fromEntries(
        Object.entries(map).map(([key, videos]) => [
          key,
          videos.map((v) => {
            if (videoIds.includes(v.video_id) && v.media && importing !== undefined && v.media.importing !== importing)
              turned = true;
            return videoIds.includes(v.video_id) && v.media
              ? {
                  ...v,
                  media: {
                    ...v.media,
                    status: 'processing' as const,
                    progress,
                    importing: importing ?? v.media.importing,
                  },
                }
              : v;
          }),
        ]),
      );
    return {
      ...card,
      video_versions: patch(card.video_versions),
      repurpose_video_versions: patch(card.repurpose_video_versions),
    };
  });
  return turned;
}
