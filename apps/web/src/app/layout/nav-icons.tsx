import type { NavKey } from '@cutroom/domain';
import {
  IconAddressBook,
  IconArchive,
  IconBook2,
  IconBrandYoutube,
  IconCalendarDue,
  IconFileExport,
  IconLayoutDashboard,
  IconLayoutKanban,
  IconLifebuoy,
  IconSettings,
  IconSparkles,
  IconStars,
  IconUpload,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';

/** One icon per sidebar entry; a role's label may differ, the icon doesn't. */
export const NAV_ICONS: Record<NavKey, Icon> = {
  home: IconLayoutKanban,
  ytBoard: IconBrandYoutube,
  users: IconUsers,
  myTeam: IconUsersGroup,
  customers: IconAddressBook,
  myCustomers: IconAddressBook,
  upload: IconUpload,
  dashboard: IconLayoutDashboard,
  archived: IconArchive,
  settings: IconSettings,
  support: IconLifebuoy,
  dueCards: IconCalendarDue,
  exportCards: IconFileExport,
  rating: IconStars,
  aiToolbox: IconSparkles,
  handbook: IconBook2,
};
