import { ROLE_LABELS, type Role } from '@cutroom/domain';
import { useStaff } from '../../lib/staff';

/** Who a rating may be given to: QAs, as the server checks (the staff list already leaves out the deleted). */
export const RATING_QA_ROLES: readonly Role[] = ['qa'];

/** The QA pickers' options, each 'Name (type)' so two people of one name can be told apart (spec 002 §2). */
export function useQaOptions() {
  const staff = useStaff(true);
  return (staff.data?.users ?? [])
    .filter((u) => RATING_QA_ROLES.includes(u.client_type))
    .map((u) => ({ value: String(u.client_id), label: `${u.fullname} (${ROLE_LABELS[u.client_type]})` }));
}
