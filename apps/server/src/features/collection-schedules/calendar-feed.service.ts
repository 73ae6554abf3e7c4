import type { CalendarFeed } from '@junkan/shared/api/collections';
import type { CollectionStatus } from '@junkan/shared/collection-rules';
import { nextDay } from '@junkan/shared/contract-rules';
import { appLink, paths } from '@junkan/shared/paths';
import type { Permission } from '@junkan/shared/permissions';
import { and, eq, gte, lte, notInArray } from 'drizzle-orm';
import ical, { ICalEventStatus, ICalEventTransparency } from 'ical-generator';
import type { Database } from '../../db/client';
import { calendarFeeds, collections, companies } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { hashToken, newOpaqueToken } from '../../lib/tokens';
import { type Caller, operatorRole } from '../../plugins/auth';
import { loadStandingAccess } from '../../plugins/session-load';
import { COLLECTION_STATUS_LABELS, formatCollectedAmount, formatSiteAddress } from './schedule-labels';
import { loadScheduleRows, type ScheduleRow } from './schedule-rows';

/** What the feed covers around today (Japan dates): the last month, and the next 400 days. */
export const FEED_DAYS_BEFORE = 31;
export const FEED_DAYS_AFTER = 400;

/** The key that issues a feed, and that its issuer must still hold for the feed to answer. */
const FEED_PERMISSION = 'COLLECTION_SCHEDULES' satisfies Permission;

/** Collections that will not happen are left out of the feed. */
const NOT_IN_FEED: CollectionStatus[] = ['CANCELLED', 'RETURNED', 'SKIPPED'];

/** `date` (YYYY-MM-DD) moved by whole days. */
function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The feed's address: the token is its only secret, and it is shown once. */
export const calendarFeedUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/api/calendar-feed/${token}.ics`;

/** The company whose schedule the caller's feed shows: a discharger's or a transporter's (an acting admin's). */
function feedCompanyOf(caller: Caller): number {
  const role = operatorRole(caller.session);
  if (role !== 'WASTE' && role !== 'TRANSPORT') throw new AppError('forbidden', 'Forbidden');
  return caller.companyId;
}

const FEED_COLUMNS = {
  companyId: companies.id,
  type: companies.type,
  name: companies.name,
  approvalStatus: companies.approvalStatus,
  createdBy: calendarFeeds.createdBy,
  createdByAdmin: calendarFeeds.createdByAdmin,
};

/**
 * A feed dies with its issuer's access, checked at each fetch: its issuer (and the admin who issued it acting for
 * the user) must still be enabled and not deleted, still belong to the company and hold the schedule's key, and
 * the company must be approved.
 */
async function issuerStillReads(
  db: Database,
  feed: {
    companyId: number;
    approvalStatus: string;
    createdBy: number | null;
    createdByAdmin: number | null;
  },
): Promise<boolean> {
  if (feed.createdBy == null || feed.approvalStatus !== 'APPROVED') return false;
  const access = await loadStandingAccess(db, { userId: feed.createdBy, adminId: feed.createdByAdmin });
  return access?.companyId === feed.companyId && access.permissions.includes(FEED_PERMISSION);
}

export async function readCalendarFeed(db: Database, caller: Caller): Promise<CalendarFeed> {
  const companyId = feedCompanyOf(caller);
  const [feed] = await db
    .select(FEED_COLUMNS)
    .from(calendarFeeds)
    .innerJoin(companies, eq(companies.id, calendarFeeds.companyId))
    .where(eq(calendarFeeds.companyId, companyId));
  // A feed whose issuer has lost its access answers nothing any more: it is not active.
  return { url: null, active: !!feed && (await issuerStillReads(db, feed)) };
}

/** A new token for the company's feed; the one before it stops working. Only its hash is stored. */
export async function issueCalendarFeed(
  db: Database,
  caller: Caller,
  publicUrl: string,
  now: Date,
): Promise<CalendarFeed> {
  const companyId = feedCompanyOf(caller);
  const { token, hash } = newOpaqueToken();
  await db.transaction(async (tx) => {
    const issuer = { createdBy: caller.session.userId, createdByAdmin: caller.session.adminId ?? null };
    await tx
      .insert(calendarFeeds)
      .values({ companyId, tokenHash: hash, ...issuer })
      .onConflictDoUpdate({
        target: calendarFeeds.companyId,
        set: { tokenHash: hash, ...issuer, createdAt: now },
      });
    await recordAudit(tx, caller, { action: 'calendar_feed.issue', entity: 'company', entityId: companyId });
  });
  return { url: calendarFeedUrl(publicUrl, token), active: true };
}

export async function revokeCalendarFeed(db: Database, caller: Caller): Promise<void> {
  const companyId = feedCompanyOf(caller);
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(calendarFeeds)
      .where(eq(calendarFeeds.companyId, companyId))
      .returning({ companyId: calendarFeeds.companyId });
    if (removed.length)
      await recordAudit(tx, caller, {
        action: 'calendar_feed.revoke',
        entity: 'company',
        entityId: companyId,
      });
  });
}

export interface FeedOptions {
  publicUrl: string;
  /** Japan date the feed's window is counted from. */
  today: string;
}

/** The feed a token opens, while its issuer still has access; otherwise, as for an unknown token, `not_found`. */
async function liveFeed(db: Database, token: string) {
  const [feed] = await db
    .select(FEED_COLUMNS)
    .from(calendarFeeds)
    .innerJoin(companies, eq(companies.id, calendarFeeds.companyId))
    .where(eq(calendarFeeds.tokenHash, hashToken(token)));
  if (!feed || !(await issuerStillReads(db, feed))) throw new AppError('not_found', 'Not found');
  return feed;
}

/**
 * The iCalendar text of the feed a token opens: the company's collections from FEED_DAYS_BEFORE days ago to
 * FEED_DAYS_AFTER days ahead, one all-day event each. An unknown or revoked token, or one whose issuer has lost
 * its access (`liveFeed`), is `not_found`.
 */
export async function renderCalendarFeed(db: Database, token: string, options: FeedOptions): Promise<string> {
  const feed = await liveFeed(db, token);

  const side = feed.type === 'TRANSPORT' ? collections.transportCompanyId : collections.companyId;
  const rows = await loadScheduleRows(
    db,
    and(
      eq(side, feed.companyId),
      gte(collections.date, addDays(options.today, -FEED_DAYS_BEFORE)),
      lte(collections.date, addDays(options.today, FEED_DAYS_AFTER)),
      notInArray(collections.status, NOT_IN_FEED),
    ),
  );

  const calendar = ical({
    name: `回収予定 ${feed.name}`,
    prodId: { company: 'junkan', product: 'collection-schedules', language: 'JA' },
    // Calendar apps poll a subscription; once an hour is enough for a schedule.
    ttl: 60 * 60,
  });
  for (const row of rows) {
    calendar.createEvent({
      id: `collection-${row.id}@junkan`,
      allDay: true,
      // All-day dates are written from the UTC fields: midnight UTC of the Japan date is that date.
      start: new Date(`${row.date}T00:00:00Z`),
      end: new Date(`${nextDay(row.date)}T00:00:00Z`),
      stamp: row.updatedAt,
      lastModified: row.updatedAt,
      sequence: row.version,
      summary: `回収: ${row.project.title} (${row.site.name}) [${COLLECTION_STATUS_LABELS[row.status]}]`,
      description: eventDescription(row, feed.type === 'TRANSPORT'),
      location: formatSiteAddress(row.site),
      url: appLink(options.publicUrl, paths.collectionScheduleDetail.to(row.id)),
      status:
        row.status === 'DESIRED_DATE' || row.status === 'ADJUSTING'
          ? ICalEventStatus.TENTATIVE
          : ICalEventStatus.CONFIRMED,
      transparency: ICalEventTransparency.TRANSPARENT,
    });
  }
  return calendar.toString();
}

function eventDescription(row: ScheduleRow, isTransporter: boolean): string {
  return [
    `状態: ${COLLECTION_STATUS_LABELS[row.status]}`,
    isTransporter ? `排出事業者: ${row.discharger.name}` : `収集運搬業者: ${row.transporter.name}`,
    `排出場所: ${row.site.name}`,
    `所在地: ${formatSiteAddress(row.site)}`,
    '廃棄物:',
    ...row.lines.map((l) => {
      const amount = formatCollectedAmount(l);
      return `・${l.wasteName}${amount ? ` ${amount}` : ''}`;
    }),
  ].join('\n');
}
