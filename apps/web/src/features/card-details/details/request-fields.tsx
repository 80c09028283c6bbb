import type { ReactNode } from 'react';
import { Anchor, DataList, Stack, Text } from '@mantine/core';
import { ASPECT_RATIOS, REPURPOSE_SIZES, VIDEO_PURPOSES, labelOf } from '@cutroom/domain';
import type { CardDetailReply } from '@cutroom/domain/schemas';
import { ReadMore, RichText } from '../../../components/rich-text';
import listClasses from '../../../components/details.module.css';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

function Links({ links }: { links: string[] }) {
  return (
    <Stack gap={2}>
      {links.map((href) =>
        /^https?:\/\//i.test(href) ? (
          <Anchor
            key={href}
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            fz="sm"
            style={{ overflowWrap: 'anywhere' }}
          >
            {href}
          </Anchor>
        ) : (
          <Text key={href} fz="sm">
            {href}
          </Text>
        ),
      )}
    </Stack>
  );
}

/** What the customer asked for: format, purpose, instructions, extras (spec 001 §2 "Other fields"). */
export function RequestFields({ card }: { card: CardDetailReply }) {
  const aspect =
    card.youtube_aspect_ratio === 'other' && card.custom_aspect_ratio
      ? `Other: ${card.custom_aspect_ratio}`
      : labelOf(ASPECT_RATIOS, card.youtube_aspect_ratio);
  const purpose =
    card.video_purpose === 'other' && card.other_video_purpose
      ? `Other: ${card.other_video_purpose}`
      : labelOf(VIDEO_PURPOSES, card.video_purpose);
  return (
    <DataList labelWidth={150} withDivider classNames={listClasses} data-testid="request-fields">
      <Row label="Aspect ratio">{aspect}</Row>
      <Row label="Content type">{purpose}</Row>
      {card.additional_info && (
        <Row label="Additional info">
          <ReadMore html={card.additional_info} />
        </Row>
      )}
      {card.special_instructions && (
        <Row label="Special instructions">
          <RichText html={card.special_instructions} />
        </Row>
      )}
      {card.video_thumb_desc && (
        <Row label="Thumbnail instructions">
          <RichText html={card.video_thumb_desc} />
        </Row>
      )}
      {card.video_optimization_desc && (
        <Row label="Optimisation instructions">
          <RichText html={card.video_optimization_desc} />
        </Row>
      )}
      {card.video_thumb_ref.length > 0 && (
        <Row label="Reference links">
          <Links links={card.video_thumb_ref} />
        </Row>
      )}
      {card.affiliate_links.length > 0 && (
        <Row label="Affiliate links">
          <Links links={card.affiliate_links} />
        </Row>
      )}
      <Row label="Subtitles">{yesNo(card.subtitles)}</Row>
      {card.voice_note && (
        <Row label="Voice note">
          <audio controls preload="none" src={card.voice_note} style={{ width: '100%', maxWidth: 360, height: 36 }}>
            <a href={card.voice_note}>Voice note</a>
          </audio>
        </Row>
      )}
      {card.has_repurpose && (
        <Row label="Repurpose">
          <Stack gap={4}>
            <Text fz="sm">
              Sizes: {card.repurpose_aspect.map((s) => labelOf(REPURPOSE_SIZES, s)).join(', ') || '—'}
            </Text>
            {card.repurpose_headline && <Text fz="sm">Headline: {card.repurpose_headline}</Text>}
            {card.call_to_action && <Text fz="sm">Call to action: {card.call_to_action}</Text>}
            {card.repurpose_additional_info && <RichText html={card.repurpose_additional_info} />}
          </Stack>
        </Row>
      )}
      <Row label="End card">{yesNo(card.has_end_card)}</Row>
    </DataList>
  );
}
