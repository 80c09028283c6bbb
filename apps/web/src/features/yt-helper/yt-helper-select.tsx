import { Loader, Select } from '@mantine/core';
import { MSG, type Role, fullName } from '@cutroom/domain';
import type { CardDetailReply } from '@cutroom/domain/schemas';
import { useAssignableStaff } from '../../lib/card/assignable-staff';
import { useYtAssign } from './api';

/** The helper call hands a card only to a YouTube helper (not to the lead). */
const HELPER_ROLES: readonly Role[] = ['yt-helper'];

/** Hands the helper side to a helper (admin and the helper lead, spec 001 §6). */
export function YtHelperSelect({ card }: { card: CardDetailReply }) {
  const helpers = useAssignableStaff(true, HELPER_ROLES);
  const assign = useYtAssign(card.card_id);
  const options = (helpers.data ?? []).map((u) => ({
    value: String(u.client_id),
    label: fullName(u.firstname, u.lastname),
  }));
  // The current helper stays selectable even when outside the caller's list.
  if (card.yt_helper_id && !options.some((o) => o.value === String(card.yt_helper_id))) {
    options.unshift({
      value: String(card.yt_helper_id),
      label: fullName(card.yt_firstname, card.yt_lastname) || `User ${card.yt_helper_id}`,
    });
  }
  return (
    <Select
      size="sm"
      w={{ base: '100%', xs: 300 }}
      aria-label="YouTube helper"
      placeholder="Not assigned"
      data={options}
      value={card.yt_helper_id ? String(card.yt_helper_id) : null}
      searchable
      allowDeselect={false}
      nothingFoundMessage={MSG.noOneMatches}
      rightSection={helpers.isPending || assign.isPending ? <Loader size={14} /> : undefined}
      onChange={(value) => {
        if (value && Number(value) !== card.yt_helper_id) assign.mutate(Number(value));
      }}
      data-testid="yt-helper-select"
    />
  );
}
