import { DataList, Text } from '@mantine/core';
import { CARD_STATUS_LABELS, YT_STATUS_LABELS, isStaff, labelOf, SUBSCRIPTION_TYPES } from '@cutroom/domain';
import type { CardDetailReply, UserView } from '@cutroom/domain/schemas';
import { formatEst } from '../../../lib/format-time';
import listClasses from '../../../components/details.module.css';

/** Client, created, helper and editor status, timeline, revisions; the plan only for staff (spec 001 §2). */
export function InfoRows({ card, viewer }: { card: CardDetailReply; viewer: UserView }) {
  const hours = card.timeline;
  return (
    <DataList labelWidth={150} withDivider classNames={listClasses} data-testid="info-rows">
      <DataList.Item>
        <DataList.ItemLabel>Client</DataList.ItemLabel>
        <DataList.ItemValue>{card.client_name}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Created</DataList.ItemLabel>
        <DataList.ItemValue>{formatEst(card.creation_time)}</DataList.ItemValue>
      </DataList.Item>
      {card.has_youtube_helper && (
        <DataList.Item>
          <DataList.ItemLabel>YouTube helper status</DataList.ItemLabel>
          <DataList.ItemValue>{YT_STATUS_LABELS[card.ytHelper_card_status ?? 'assigned']}</DataList.ItemValue>
        </DataList.Item>
      )}
      <DataList.Item>
        <DataList.ItemLabel>Editor status</DataList.ItemLabel>
        <DataList.ItemValue>{CARD_STATUS_LABELS[card.card_status]}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Timeline</DataList.ItemLabel>
        <DataList.ItemValue>
          {hours ? (
            `${hours} hours`
          ) : (
            <Text c="dimmed" fz="sm" span>
              Not started
            </Text>
          )}
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Revisions</DataList.ItemLabel>
        <DataList.ItemValue>
          {card.revision_nr}
          {card.has_repurpose ? ` (repurpose: ${card.repurpose_revision_nr})` : ''}
        </DataList.ItemValue>
      </DataList.Item>
      {isStaff(viewer.client_type) && card.subscription_type && (
        <DataList.Item>
          <DataList.ItemLabel>Subscription</DataList.ItemLabel>
          <DataList.ItemValue>{labelOf(SUBSCRIPTION_TYPES, card.subscription_type)}</DataList.ItemValue>
        </DataList.Item>
      )}
    </DataList>
  );
}
