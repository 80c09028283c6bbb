import { Select, type SelectProps } from '@mantine/core';
import { MSG, TEAM_LEAD_ROLE_FOR, type Role } from '@cutroom/domain';
import { useStaffOptions } from '../lib/staff';

interface TeamLeadSelectProps extends Omit<SelectProps, 'data' | 'disabled' | 'description'> {
  /** The role of the user the lead is for; none chosen yet or a role without a lead disables the select. */
  userRole: Role | null;
}

/** The team lead of a user: staff of the lead role for that role (spec 002 §4: disabled for roles without one). */
export function TeamLeadSelect({ userRole, ...props }: TeamLeadSelectProps) {
  const leadRole = userRole ? TEAM_LEAD_ROLE_FOR[userRole] : undefined;
  const optionsFor = useStaffOptions(leadRole !== undefined);
  const why = userRole ? MSG.noTeamLeadForRole : MSG.chooseRoleFirst;
  return (
    <Select
      label="Team lead"
      placeholder={leadRole ? 'No team lead' : undefined}
      clearable
      searchable
      {...props}
      data={leadRole ? optionsFor(leadRole) : []}
      disabled={!leadRole}
      description={leadRole ? undefined : why}
    />
  );
}
