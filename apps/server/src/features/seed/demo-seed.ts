import { count, eq, sql } from 'drizzle-orm';
import type { CardStatus, Role, YtStatus } from '@cutroom/domain';
import type { Db } from '../../db/client.js';
import { cardActivity, cardVideos, cards, customerQas, customerYtHelpers, users } from '../../db/schema.js';
import { hashPassword } from '../../platform/passwords.js';

export const DEMO_PASSWORD = 'cutroom-demo';

export const DEMO_ACCOUNTS = [
  { key: 'admin', role: 'admin', email: 'admin@cutroom.demo', firstname: 'Ada', lastname: 'Admin' },
  { key: 'lead', role: 'team-lead', email: 'lead@cutroom.demo', firstname: 'Leo', lastname: 'Lead' },
  { key: 'qa', role: 'qa', email: 'qa@cutroom.demo', firstname: 'Quinn', lastname: 'Checker' },
  { key: 'editor', role: 'editor', email: 'editor@cutroom.demo', firstname: 'Eddie', lastname: 'Cutter' },
  {
    key: 'helperLead',
    role: 'yt-helper-lead',
    email: 'helperlead@cutroom.demo',
    firstname: 'Hana',
    lastname: 'Helperlead',
  },
  { key: 'helper', role: 'yt-helper', email: 'helper@cutroom.demo', firstname: 'Yuri', lastname: 'Helper' },
  { key: 'customer', role: 'customer', email: 'customer@cutroom.demo', firstname: 'Cleo', lastname: 'Creator' },
  { key: 'customer2', role: 'customer', email: 'customer2@cutroom.demo', firstname: 'Max', lastname: 'Maker' },
] as const satisfies readonly { key: string; role: Role; email: string; firstname: string; lastname: string }[];

type Key = (typeof DEMO_ACCOUNTS)[number]['key'];

const DEMO_CARDS: {
  title: string;
  status: CardStatus;
  owner: 'customer' | 'customer2';
  extra?: Partial<typeof cards.$inferInsert>;
  /** On the helper board in this column, worked by the demo helper (the first customer has the plan). */
  helper?: YtStatus;
}[] = [
  { title: 'Morning routine vlog', status: 'video_request', owner: 'customer' },
  { title: 'Product unboxing: studio lights', status: 'video_request', owner: 'customer' },
  { title: 'Podcast episode 12 highlights', status: 'video_request', owner: 'customer2' },
  { title: 'Travel diary: Lisbon', status: 'on_hold', owner: 'customer' },
  { title: 'Channel trailer 2026', status: 'editing', owner: 'customer', extra: { timeline: 48 } },
  { title: 'Recipe short: 5-minute pasta', status: 'editing', owner: 'customer2', extra: { timeline: 48 } },
  { title: 'Interview with a luthier', status: 'qa', owner: 'customer' },
  { title: 'Gear review: budget microphones', status: 'done', owner: 'customer' },
  {
    title: 'Behind the scenes: set build',
    status: 'completed_done',
    owner: 'customer',
    extra: { isComplete: true },
    helper: 'inProgress',
  },
  {
    title: 'Studio tour 2026',
    status: 'completed_done',
    owner: 'customer',
    extra: { isComplete: true },
    helper: 'assigned',
  },
  {
    title: 'Q&A livestream recap',
    status: 'completed_done',
    owner: 'customer',
    extra: { isComplete: true },
    helper: 'inDone',
  },
  { title: 'Old intro draft', status: 'canceled', owner: 'customer' },
  {
    title: 'Webinar cut-downs',
    status: 'repurpose_editing',
    owner: 'customer',
    extra: { hasRepurpose: true, repurposeAspect: '9:16|1:1' },
  },
  {
    title: 'Conference keynote clips',
    status: 'repurpose_done',
    owner: 'customer2',
    extra: { hasRepurpose: true, repurposeAspect: '9:16' },
  },
];

const HELPER_ASSETS = {
  thumbnailsLink:
    'https://placehold.co/1280x720.png?text=Thumbnail+A|https://placehold.co/1280x720.png?text=Thumbnail+B',
  ytSnippetLink: 'https://www.dropbox.com/s/demo-snippet.mp4?dl=0',
  unlistedVideoLink: 'https://youtu.be/demo-unlisted',
  ytCardDescription: '<p>Chapters: 00:00 Intro, 01:10 The set, 04:30 Lighting.</p>',
};

/** A demo card's helper side: its column, its helper and, once handed on, the assets. */
function helperSide(status: YtStatus, helperId: number): Partial<typeof cards.$inferInsert> {
  const handedOn = status === 'ytQA' || status === 'inDone';
  return {
    hasYoutubeHelper: true,
    ytCardStatus: status,
    ytHelperId: helperId,
    ytAssignedTime: new Date(Date.now() - 3 * 3_600_000),
    ytTimeline: 48,
    ytDueDate: new Date(Date.now() + 45 * 3_600_000),
    ...(handedOn ? HELPER_ASSETS : {}),
  };
}

/** Key of the advisory lock that lets one of several instances starting together seed. */
const SEED_LOCK = 7_202_611;

const isEmpty = async (db: Db) => ((await db.select({ n: count() }).from(users))[0]?.n ?? 0) === 0;

/** Fills an empty database with one account per role and cards in every column. */
export async function seedDemo(db: Db): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = Date.now();
  const hoursAgo = (h: number) => new Date(now - h * 3_600_000);

  return db.transaction(async (tx) => {
    // Instances starting together queue here; the ones after the first find the database seeded.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (!(await isEmpty(tx))) return false;
    const ids = {} as Record<Key, number>;
    // The helper customer's brief is filled, so the demo doesn't send them to /profile.
    const DEMO_BRIEF = {
      videoType: 'Gear reviews and tutorials',
      aboutVideo: 'Honest reviews of cameras and microphones for new creators.',
      channelName: 'Cleo Creates',
      descriptionLink: 'https://docs.example.com/cleo/description-template',
      thumbnailFont: 'Montserrat Black',
      thumbnailMainColor: '#ff6600',
      photoPreference: 'provide_photos',
    };
    for (const a of DEMO_ACCOUNTS) {
      const [row] = await tx
        .insert(users)
        .values({
          clientType: a.role,
          firstname: a.firstname,
          lastname: a.lastname,
          useremail: a.email,
          passwordHash,
          emailVerifiedAt: new Date(),
          isProfileCompleted: true,
          timezone: 'America/New_York',
          ...(a.role === 'customer'
            ? {
                subscriptionType: a.key === 'customer' ? 'weekly' : 'single',
                billingDate: hoursAgo(24 * 10),
                hasYoutubeHelper: a.key === 'customer',
                hasSubtitles: a.key === 'customer',
                dropboxEmail: a.email,
                ...(a.key === 'customer' ? DEMO_BRIEF : {}),
              }
            : {}),
        })
        .returning({ id: users.id });
      ids[a.key] = row!.id;
    }
    const lead = (role: Role) => (role === 'yt-helper' ? ids.helperLead : ids.lead);
    for (const a of DEMO_ACCOUNTS) {
      if (['qa', 'editor', 'customer', 'yt-helper'].includes(a.role)) {
        await tx
          .update(users)
          .set({ assignedToLeadId: lead(a.role) })
          .where(eq(users.id, ids[a.key]));
      }
    }
    await tx.insert(customerQas).values([
      { customerId: ids.customer, qaId: ids.qa, slot: 0 },
      { customerId: ids.customer2, qaId: ids.qa, slot: 0 },
    ]);
    await tx.insert(customerYtHelpers).values({ customerId: ids.customer, helperId: ids.helper, slot: 0 });

    for (const [i, c] of DEMO_CARDS.entries()) {
      const started = c.status !== 'video_request';
      const reachedDone = ['done', 'completed_done', 'repurpose_editing', 'repurpose_done'].includes(c.status);
      const [card] = await tx
        .insert(cards)
        .values({
          clientId: ids[c.owner],
          cardTitle: c.title,
          cardStatus: c.status,
          sort: i,
          dropboxLink: 'https://www.dropbox.com/sh/demo-raw-footage?dl=0',
          youtubeAspectRatio: '16:9',
          videoPurpose: 'youtube_content',
          additionalInfo: '<p>Keep the pacing tight and add lower thirds for every speaker.</p>',
          specialInstructions: '<p>Use the brand colours from the style guide.</p>',
          assignedQaId: ids.qa,
          assignedTo: started ? ids.editor : null,
          assignedAt: started ? hoursAgo(30) : null,
          dueDate: started ? new Date(now + (48 - 30) * 3_600_000) : null,
          timeline: started ? 48 : null,
          doneVideoLink: reachedDone ? 'https://www.dropbox.com/s/demo-final-cut.mp4?dl=0' : null,
          contentId: reachedDone ? 'SYNC-1001' : null,
          doneAt: reachedDone ? hoursAgo(2) : null,
          // Ordered before the current billing period, so demo customers can still create requests.
          createdAt: hoursAgo(24 * 12 + 72 - i),
          ...(c.helper ? helperSide(c.helper, ids.helper) : {}),
          ...c.extra,
        })
        .returning({ id: cards.id });
      if (reachedDone) {
        await tx.insert(cardVideos).values({
          cardId: card!.id,
          kind: 'done',
          version: 0,
          videoUrl: 'https://www.dropbox.com/s/demo-final-cut.mp4?dl=0',
          videoType: 'video/mp4',
        });
      }
      if (started) {
        await tx.insert(cardActivity).values([
          {
            cardId: card!.id,
            userId: ids.editor,
            fromStatus: 'video_request',
            toStatus: c.status,
            createdAt: hoursAgo(30),
          },
        ]);
      }
    }
    return true;
  });
}
