import { defaultViewType, mayUseYtMode as mayUseYtModeFor, type ViewType } from '@cutroom/domain';
import type { UserView } from '@cutroom/domain/schemas';
import { readLocal } from '../../lib/storage';

/** The domain's rule for the signed-in user. */
export const mayUseYtMode = (user: Pick<UserView, 'client_type' | 'has_youtube_helper'>) =>
  mayUseYtModeFor(user.client_type, user.has_youtube_helper);

/** The stored board mode (spec 000 §1), falling back to the role's. */
export function initialMode(user: UserView, forced: ViewType | undefined): ViewType {
  if (!mayUseYtMode(user)) return 'normal';
  if (forced) return forced;
  const saved = readLocal('viewType');
  return saved === 'normal' || saved === 'yt-helper' ? saved : defaultViewType(user.client_type);
}
