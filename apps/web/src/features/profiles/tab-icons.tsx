import { IconBrandYoutube, IconKey, IconReceipt, IconUserEdit } from '@tabler/icons-react';

/** One icon per profile tab, the same on the own profile and a customer's profile. */
export const PROFILE_TAB_ICONS = {
  basic: <IconUserEdit size={16} />,
  billing: <IconReceipt size={16} />,
  password: <IconKey size={16} />,
  analytics: <IconBrandYoutube size={16} />,
} as const;
