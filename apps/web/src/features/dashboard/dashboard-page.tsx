import { Navigate } from 'react-router';
import { REPORT_TABS_BY_ROLE } from '@cutroom/domain';
import { PATHS } from '../../lib/paths';
import { useCurrentUser } from '../../lib/session';
import { ClientDashboard } from './client-dashboard';
import { StaffDashboard } from './staff-dashboard';

/** /dashboard: a customer's own table, a staff member's tabs, and home for roles without a dashboard. */
export function DashboardPage() {
  const role = useCurrentUser().client_type;
  if (role === 'customer') return <ClientDashboard />;
  const tabs = REPORT_TABS_BY_ROLE[role];
  if (!tabs?.length) return <Navigate to={PATHS.home} replace />;
  return <StaffDashboard tabs={tabs} role={role} />;
}
