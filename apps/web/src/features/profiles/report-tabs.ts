import { API } from '@cutroom/domain/contract';
import {
  DEFAULT_RANGE_DAYS,
  RESPONSE_RATE_PROFILE_ROLES,
  YT_RESPONSE_RATE_PROFILE_ROLES,
  type Role,
} from '@cutroom/domain';
import type { ProfileType } from './report-api';

export type ProfileTab = 'brief' | 'response-rate' | 'csat' | 'yt-response-rate' | 'leave';
const PROFILE_TABS: readonly string[] = ['brief', 'response-rate', 'csat', 'yt-response-rate', 'leave'];
const isProfileTab = (value: string | null): value is ProfileTab => value !== null && PROFILE_TABS.includes(value);

/** The figure tabs a profile shows: by the person's role, and only to viewers who may read them. */
export function figureTabsFor(person: Role, viewer: Role): ProfileTab[] {
  if (!API.dashboard.responseRate.access.includes(viewer)) return [];
  if (RESPONSE_RATE_PROFILE_ROLES.includes(person)) return ['response-rate', 'csat'];
  if (YT_RESPONSE_RATE_PROFILE_ROLES.includes(person)) return ['yt-response-rate'];
  return [];
}

/**
 * ?tab= keeps the open tab across reloads; else ?userType= from a dashboard link picks it (spec 002 §2
 * "User profile"); else Brief Info. A tab the profile doesn't have falls back the same way.
 */
export function initialProfileTab(
  tab: string | null,
  userType: string | null,
  tabs: readonly ProfileTab[],
): ProfileTab {
  if (isProfileTab(tab) && tabs.includes(tab)) return tab;
  const wanted: ProfileTab | undefined =
    userType === 'QaTab' || userType === 'TeamLeadTab'
      ? 'response-rate'
      : userType === 'CSAT'
        ? 'csat'
        : userType === 'YTHelperTab'
          ? 'yt-response-rate'
          : undefined;
  return wanted && tabs.includes(wanted) ? wanted : 'brief';
}

/** A lead's figure is the team's (spec 002 §9): the server is told which reading to give. */
export const responseRateType = (person: Role): ProfileType => (person === 'team-lead' ? 'TeamLeadTab' : 'QaTab');

/** Profiles open on the last 7 days, or 29 when a lead looks (spec 002 §9). */
export const profileRangeDays = (viewer: Role): number =>
  viewer === 'team-lead' || viewer === 'yt-helper-lead'
    ? DEFAULT_RANGE_DAYS.profileLeadViewer
    : DEFAULT_RANGE_DAYS.profile;
