import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  chatConversations,
  chatMessages,
  companies,
  noticeReads,
  notices,
  updateInfos,
  users,
} from '../db/schema';

/**
 * The demo's notices, update information and chat: for the demo discharger (グリーン商事) one important notice
 * unread and one read, one notice for transporters, one that ended; a conversation waiting for support's answer
 * (the company's second question unread by support) and, for 髙橋工業, one support answered that the company has
 * not read yet.
 */
export async function seedDemoSupport(db: Database, now: Date): Promise<void> {
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['admin@example.com', 'discharger@example.com', 'discharger2@example.com']));
  const userId = (email: string) => people.find((p) => p.email === email)?.id;
  const admin = userId('admin@example.com');
  const discharger = userId('discharger@example.com');
  const discharger2 = userId('discharger2@example.com');
  const companyId = async (name: string) =>
    (await db.select({ id: companies.id }).from(companies).where(eq(companies.name, name)))[0]?.id;
  const green = await companyId('株式会社グリーン商事');
  const takahashi = await companyId('髙橋工業株式会社');
  if (!admin || !discharger || !discharger2 || !green || !takahashi) return;

  await db.transaction(async (tx) => {
    const [, manifests] = await tx
      .insert(notices)
      .values([
        {
          importance: 'IMPORTANT',
          date: '2026-11-01',
          subject: '年末年始の回収スケジュールについて',
          content:
            '12月29日から1月3日までは回収を休止します。年内最終の回収日は12月28日、年始は1月4日から通常どおり回収いたします。休止期間中の臨時回収をご希望の場合は、12月20日までにお問い合わせください。',
          audience: 'ALL',
          publishFrom: '2026-11-01',
          createdBy: admin,
        },
        {
          importance: 'BLANK',
          date: '2026-10-15',
          subject: '電子マニフェスト連携のお知らせ',
          content: '電子マニフェストの登録状況が画面で確認できるようになりました。',
          audience: 'DISCHARGERS',
          publishFrom: '2026-10-15',
          createdBy: admin,
        },
        {
          importance: 'SLIGHTLY_IMPORTANT',
          date: '2026-10-20',
          subject: '運搬終了報告の期限について',
          content:
            '電子マニフェストの運搬終了報告は、運搬を終えた日から3日以内に行ってください。期限が近い報告はホーム画面に表示されます。',
          audience: 'TRANSPORTERS',
          publishFrom: '2026-10-20',
          createdBy: admin,
        },
        {
          importance: 'MOST_IMPORTANT',
          date: '2026-09-01',
          subject: 'システムメンテナンスのお知らせ',
          content: '9月10日 2:00〜5:00 はメンテナンスのため、すべての画面がご利用いただけません。',
          audience: 'ALL',
          publishFrom: '2026-09-01',
          publishUntil: '2026-09-10',
          createdBy: admin,
        },
      ])
      .returning({ id: notices.id });
    await tx.insert(noticeReads).values({ noticeId: manifests!.id, userId: discharger });

    await tx.insert(updateInfos).values([
      { date: '2026-11-10', content: 'ホーム画面にお問い合わせ一覧を追加しました。' },
      { date: '2026-10-01', content: 'サービスを開始しました。' },
    ]);

    const thread = async (
      company: number,
      lines: { side: 'COMPANY' | 'SUPPORT'; from: number; body: string }[],
      read: { company: number; support: number },
    ) => {
      const [conversation] = await tx
        .insert(chatConversations)
        .values({ companyId: company })
        .returning({ id: chatConversations.id });
      const stored = await tx
        .insert(chatMessages)
        .values(
          lines.map((l, i) => ({
            conversationId: conversation!.id,
            side: l.side,
            senderUserId: l.from,
            clientId: `demo-${company}-${i + 1}`,
            body: l.body,
            // A few minutes apart, ending now.
            createdAt: new Date(now.getTime() - (lines.length - i) * 7 * 60_000),
          })),
        )
        .returning({ id: chatMessages.id, side: chatMessages.side, createdAt: chatMessages.createdAt });
      const last = stored.at(-1)!;
      // The company's messages since support last spoke: the first of them is when it started waiting.
      const lastSupport = stored.findLastIndex((m) => m.side === 'SUPPORT');
      const waitingFrom = stored[lastSupport + 1];
      await tx
        .update(chatConversations)
        .set({
          lastMessageId: last.id,
          lastMessageAt: last.createdAt,
          lastSide: last.side,
          waitingSince: last.side === 'COMPANY' ? (waitingFrom?.createdAt ?? null) : null,
          companyReadUpTo: stored[read.company - 1]?.id ?? 0,
          supportReadUpTo: stored[read.support - 1]?.id ?? 0,
        })
        .where(eq(chatConversations.id, conversation!.id));
    };
    await thread(
      green,
      [
        {
          side: 'COMPANY',
          from: discharger,
          body: '来月から回収の曜日を増やしたいのですが、どこから申し込めばよいですか？',
        },
        {
          side: 'SUPPORT',
          from: admin,
          body: 'お問い合わせありがとうございます。案件管理から該当の案件を開き、契約の変更をご依頼ください。',
        },
        {
          side: 'COMPANY',
          from: discharger,
          body: 'ありがとうございます。費用の目安も教えていただけますか？',
        },
      ],
      { company: 2, support: 1 },
    );
    await thread(
      takahashi,
      [
        { side: 'COMPANY', from: discharger2, body: '請求書の宛名を変更できますか？' },
        {
          side: 'SUPPORT',
          from: admin,
          body: 'アカウント情報の会社名を変更いただくと、次回発行分から新しい宛名になります。',
        },
      ],
      { company: 1, support: 1 },
    );
  });
}
