import type { Role, UserView } from '@cutroom/domain';

/** A complete user as GET /api/me returns it; tests override what they care about. */
export function makeUser(overrides: Partial<UserView> = {}): UserView {
  const role: Role = overrides.client_type ?? 'admin';
  return {
    client_id: 1,
    client_type: role,
    firstname: 'Ada',
    lastname: 'Admin',
    fullname: 'Ada Admin',
    useremail: 'ada@example.com',
    pending_email: null,
    dropbox_email: null,
    timezone: 'America/New_York',
    profile_img: null,
    is_temporary_password: false,
    is_profile_completed: true,
    is_yt_fields_filled: true,
    is_active_subscription: true,
    is_on_leave: false,
    is_deleted: false,
    has_youtube_helper: false,
    has_subtitles: false,
    subscription_type: role === 'customer' ? 'weekly' : null,
    custom_subscription: null,
    request_limit: null,
    done_video_limit: 1,
    assigned_to_lead_id: null,
    qas: [],
    last_login_time: null,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
