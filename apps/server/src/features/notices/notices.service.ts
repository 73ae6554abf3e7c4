import type { PageQuery } from '@junkan/shared/api/common';
import type {
  AdminNotice,
  AdminNoticeListQuery,
  AdminNoticePage,
  AdminUpdateInfoPage,
  NoticePage,
  NoticeValues,
  UpdateInfo,
} from '@junkan/shared/api/notices';
import type { InquiryImportance } from '@junkan/shared/enums';
import {
  isUpdateInfoShown,
  type NoticeStatus,
  noticeAudiencesFor,
  noticeStatus,
} from '@junkan/shared/rules/notice-rules';
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { noticeReads, notices, updateInfos } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { offsetOf } from '../../lib/paging';
import { tokyoDate } from '../../lib/time';
import { type Caller, operatorRole, type Session } from '../../plugins/auth';

type NoticeRow = typeof notices.$inferSelect;

const today = (app: FastifyInstance) => tokyoDate(app.now());

/** The SQL of `isNoticePublished` (shared notice-rules): not withdrawn, and `today` inside its window. */
const publishedOn = (day: string) =>
  and(
    isNull(notices.withdrawnAt),
    lte(notices.publishFrom, day),
    or(isNull(notices.publishUntil), sql`${notices.publishUntil} >= ${day}`),
  );

/** The SQL of each `noticeStatus` (shared notice-rules), for the administrators' filter. */
const statusOn = (status: NoticeStatus, day: string): SQL | undefined => {
  switch (status) {
    case 'WITHDRAWN':
      return isNotNull(notices.withdrawnAt);
    case 'SCHEDULED':
      return and(isNull(notices.withdrawnAt), gt(notices.publishFrom, day));
    case 'ENDED':
      return and(isNull(notices.withdrawnAt), sql`${notices.publishUntil} < ${day}`);
    case 'PUBLISHED':
      return publishedOn(day);
  }
};

/** Published today and written for the caller's side (an acting admin reads as the operator it acts for). */
const readableBy = (session: Session, day: string) =>
  and(publishedOn(day), inArray(notices.audience, [...noticeAudiencesFor(operatorRole(session))]));

// Written out in SQL: drizzle leaves columns unqualified in a one-table select.
const isReadBy = (userId: number) =>
  sql<boolean>`exists (select 1 from notice_reads r where r.notice_id = notices.id and r.user_id = ${userId})`;

/** GET /notices: the notices published today for the caller, newest first, each with whether this user opened it. */
export async function listNotices(
  app: FastifyInstance,
  session: Session,
  query: PageQuery,
): Promise<NoticePage> {
  const where = readableBy(session, today(app));
  const [rows, [totals]] = await Promise.all([
    app.db
      .select({
        id: notices.id,
        importance: notices.importance,
        date: notices.date,
        subject: notices.subject,
        content: notices.content,
        isRead: isReadBy(session.userId),
      })
      .from(notices)
      .where(where)
      .orderBy(desc(notices.date), desc(notices.id))
      .limit(query.size)
      .offset(offsetOf(query)),
    app.db
      .select({
        total: count(),
        unread: sql<number>`count(*) filter (where not ${isReadBy(session.userId)})`.mapWith(Number),
      })
      .from(notices)
      .where(where),
  ]);
  return {
    items: rows.map((r) => ({
      ...r,
      importance: r.importance as InquiryImportance,
      isRead: Boolean(r.isRead),
    })),
    total: totals?.total ?? 0,
    unreadCount: totals?.unread ?? 0,
    page: query.page,
    size: query.size,
  };
}

/**
 * PUT /notices/{id}/read: the user opened the notice. Only notices the caller may read now; marking twice keeps
 * the first time. An administrator acting for an operator looks without marking: the operator has not read it.
 */
export async function markNoticeRead(app: FastifyInstance, session: Session, id: number): Promise<void> {
  const [notice] = await app.db
    .select({ id: notices.id })
    .from(notices)
    .where(and(eq(notices.id, id), readableBy(session, today(app))));
  if (!notice) throw new AppError('notice_not_found');
  if (session.adminId != null) return;
  await app.db.insert(noticeReads).values({ noticeId: id, userId: session.userId }).onConflictDoNothing();
}

/** POST /notices/read-all: every notice the caller may read now, marked as opened. */
export async function markAllNoticesRead(app: FastifyInstance, session: Session): Promise<void> {
  if (session.adminId != null) return;
  await app.db.execute(sql`
    insert into ${noticeReads} (notice_id, user_id)
    select ${notices.id}, ${session.userId} from ${notices} where ${readableBy(session, today(app))}
    on conflict do nothing`);
}

/** GET /update-infos: the update information shown today, newest first. */
export async function listUpdateInfos(app: FastifyInstance): Promise<UpdateInfo[]> {
  return app.db
    .select({ id: updateInfos.id, date: updateInfos.date, content: updateInfos.content })
    .from(updateInfos)
    .where(lte(updateInfos.date, today(app)))
    .orderBy(desc(updateInfos.date), desc(updateInfos.id))
    .limit(100);
}

// ---- Administrators ------------------------------------------------------------------------------

const readCountOf = sql<number>`(select count(*) from notice_reads r where r.notice_id = notices.id)`.mapWith(
  Number,
);

function toAdminNotice(row: NoticeRow & { readCount: number }, day: string): AdminNotice {
  const window = {
    publishFrom: row.publishFrom,
    publishUntil: row.publishUntil,
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
  };
  return {
    id: row.id,
    importance: row.importance as InquiryImportance,
    date: row.date,
    subject: row.subject,
    content: row.content,
    audience: row.audience,
    ...window,
    status: noticeStatus(window, day),
    readCount: row.readCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /admin/notices: every notice, newest first, with its status today; filtered by status if asked. */
export async function listAdminNotices(
  app: FastifyInstance,
  query: AdminNoticeListQuery,
): Promise<AdminNoticePage> {
  const day = today(app);
  const where = query.status ? statusOn(query.status, day) : undefined;
  const [rows, [totals]] = await Promise.all([
    app.db
      .select({ notice: notices, readCount: readCountOf })
      .from(notices)
      .where(where)
      .orderBy(desc(notices.date), desc(notices.id))
      .limit(query.size)
      .offset(offsetOf(query)),
    app.db.select({ total: count() }).from(notices).where(where),
  ]);
  return {
    items: rows.map((r) => toAdminNotice({ ...r.notice, readCount: r.readCount }, day)),
    total: totals?.total ?? 0,
    page: query.page,
    size: query.size,
  };
}

async function adminNotice(db: DbOrTx, id: number, day: string): Promise<AdminNotice> {
  const [row] = await db
    .select({ notice: notices, readCount: readCountOf })
    .from(notices)
    .where(eq(notices.id, id));
  if (!row) throw new AppError('notice_not_found');
  return toAdminNotice({ ...row.notice, readCount: row.readCount }, day);
}

/** POST /admin/notices. */
export async function createNotice(
  app: FastifyInstance,
  caller: Caller,
  input: NoticeValues,
): Promise<AdminNotice> {
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(notices)
      .values({ ...input, createdBy: caller.session.userId })
      .returning({ id: notices.id });
    await recordAudit(tx, caller, { action: 'NOTICE_CREATE', entity: 'notice', entityId: row!.id });
    return adminNotice(tx, row!.id, today(app));
  });
}

/** PUT /admin/notices/{id}: the whole notice again. Read marks stay: a corrected notice is not news again. */
export async function updateNotice(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  input: NoticeValues,
): Promise<AdminNotice> {
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(notices)
      .set({ ...input, updatedAt: app.now() })
      .where(eq(notices.id, id))
      .returning({ id: notices.id });
    if (!row) throw new AppError('notice_not_found');
    await recordAudit(tx, caller, { action: 'NOTICE_UPDATE', entity: 'notice', entityId: id });
    return adminNotice(tx, id, today(app));
  });
}

/** POST /admin/notices/{id}/withdraw (unpublish at once) and /restore (its window decides again). */
export async function setNoticeWithdrawn(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  withdrawn: boolean,
): Promise<AdminNotice> {
  return app.db.transaction(async (tx) => {
    const now = app.now();
    const [row] = await tx
      .update(notices)
      // Withdrawing twice keeps the first time.
      .set({ withdrawnAt: withdrawn ? sql`coalesce(${notices.withdrawnAt}, ${now})` : null, updatedAt: now })
      .where(eq(notices.id, id))
      .returning({ id: notices.id });
    if (!row) throw new AppError('notice_not_found');
    await recordAudit(tx, caller, {
      action: withdrawn ? 'NOTICE_WITHDRAW' : 'NOTICE_RESTORE',
      entity: 'notice',
      entityId: id,
    });
    return adminNotice(tx, id, today(app));
  });
}

/** DELETE /admin/notices/{id}: the notice and its read marks. */
export async function deleteNotice(app: FastifyInstance, caller: Caller, id: number): Promise<void> {
  await app.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(notices)
      .where(eq(notices.id, id))
      .returning({ id: notices.id, subject: notices.subject });
    if (!row) throw new AppError('notice_not_found');
    await recordAudit(tx, caller, {
      action: 'NOTICE_DELETE',
      entity: 'notice',
      entityId: id,
      detail: { subject: row.subject },
    });
  });
}

/** GET /admin/update-infos: every entry, newest first, with whether it is shown today. */
export async function listAdminUpdateInfos(
  app: FastifyInstance,
  query: PageQuery,
): Promise<AdminUpdateInfoPage> {
  const day = today(app);
  const [rows, [totals]] = await Promise.all([
    app.db
      .select()
      .from(updateInfos)
      .orderBy(desc(updateInfos.date), desc(updateInfos.id))
      .limit(query.size)
      .offset(offsetOf(query)),
    app.db.select({ total: count() }).from(updateInfos),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      date: r.date,
      content: r.content,
      isShown: isUpdateInfoShown(r.date, day),
      updatedAt: r.updatedAt.toISOString(),
    })),
    total: totals?.total ?? 0,
    page: query.page,
    size: query.size,
  };
}

/** POST /admin/update-infos and PUT /admin/update-infos/{id} (id given). */
export async function saveUpdateInfo(
  app: FastifyInstance,
  caller: Caller,
  id: number | null,
  input: { date: string; content: string },
): Promise<UpdateInfo> {
  return app.db.transaction(async (tx) => {
    const [row] =
      id === null
        ? await tx.insert(updateInfos).values(input).returning()
        : await tx
            .update(updateInfos)
            .set({ ...input, updatedAt: app.now() })
            .where(eq(updateInfos.id, id))
            .returning();
    if (!row) throw new AppError('update_info_not_found');
    await recordAudit(tx, caller, {
      action: id === null ? 'UPDATE_INFO_CREATE' : 'UPDATE_INFO_UPDATE',
      entity: 'update_info',
      entityId: row.id,
    });
    return { id: row.id, date: row.date, content: row.content };
  });
}

/** DELETE /admin/update-infos/{id}. */
export async function deleteUpdateInfo(app: FastifyInstance, caller: Caller, id: number): Promise<void> {
  await app.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(updateInfos)
      .where(eq(updateInfos.id, id))
      .returning({ id: updateInfos.id });
    if (!row) throw new AppError('update_info_not_found');
    await recordAudit(tx, caller, { action: 'UPDATE_INFO_DELETE', entity: 'update_info', entityId: id });
  });
}
