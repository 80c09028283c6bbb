import { useQuery } from '@tanstack/react-query';
import { API } from '@cutroom/domain/contract';
import { LIST_LIMIT_MAX, ROLE_LABELS, STAFF_ROLES, type Role } from '@cutroom/domain';
import { call } from './call';

/** Shared by the people and profile features, so a new or changed user refreshes every picker. */
export const STAFF_KEY = ['staff'] as const;

/** Who may call the staff list the pickers read (the route contract's access). */
export const STAFF_LISTERS: readonly Role[] = API.users.list.access;

export interface StaffOption {
  value: string;
  label: string;
}

/** Staff for the QA, helper and team lead pickers: the first page the server allows; more staff is out of scope. */
export const useStaff = (enabled: boolean) =>
  useQuery({
    queryKey: STAFF_KEY,
    queryFn: ({ signal }) => call(API.users.list, { query: { limit: LIST_LIMIT_MAX }, signal }),
    enabled,
    staleTime: 60_000,
  });

/** Staff of one role for a picker, plus whoever holds a slot now (so a read-only slot still shows a name). */
export function useStaffOptions(enabled: boolean) {
  const staff = useStaff(enabled);
  return (role: Role, current: readonly { client_id: number; fullname: string }[] = []): StaffOption[] => {
    const options = new Map<string, string>();
    for (const u of staff.data?.users ?? []) if (u.client_type === role) options.set(String(u.client_id), u.fullname);
    for (const u of current) if (!options.has(String(u.client_id))) options.set(String(u.client_id), u.fullname);
    return [...options].map(([value, label]) => ({ value, label }));
  };
}

/** A slot offers everyone not already chosen in another slot. */
export const slotOptions = (options: StaffOption[], chosen: readonly (string | null)[], index: number) =>
  options.filter((o) => !chosen.some((id, i) => i !== index && id === o.value));

/** The ids chosen in the first `count` slots, in slot order, empty slots skipped. */
export const filledSlots = (ids: readonly (string | null)[], count: number) =>
  ids.slice(0, count).flatMap((id) => (id ? [Number(id)] : []));

/** The roles an admin may give a team member, for the Add User and staff profile forms. */
export const STAFF_ROLE_CHOICES = STAFF_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
