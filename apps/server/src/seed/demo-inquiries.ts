import type { InquiryImportance } from '@junkan/shared/enums';
import type { InquirySide } from '@junkan/shared/inquiry-rules';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import {
  appendInquiryMessage,
  type InquiryAuthor,
  insertInquiry,
  markInquiryClosed,
} from '../features/inquiry-core/inquiry-records';

type Who = 'discharger' | 'transporter' | 'admin';

interface DemoInquiry {
  opener: 'discharger' | 'transporter';
  importance: InquiryImportance;
  subject: string;
  /** The messages after the opening one, each with its author; the status follows the last. */
  messages: [Who, string][];
  closedBy?: Who;
  /** Days before now the inquiry was opened; each later step an hour apart. */
  daysAgo: number;
}

/**
 * Inquiries of the demo discharger (グリーン商事) and transporter (東都環境サービス) in each status, written as the
 * inquiry screens write them (inquiry-core), so each has its real history.
 */
const DEMO: DemoInquiry[] = [
  {
    opener: 'discharger',
    importance: 'IMPORTANT',
    subject: '回収日の変更について',
    messages: [['discharger', '来週の回収日を火曜日に変更できますか。']],
    daysAgo: 1,
  },
  {
    opener: 'discharger',
    importance: 'BLANK',
    subject: '請求書の送付先',
    messages: [
      ['discharger', '請求書の送付先を経理部に変更したいです。'],
      [
        'admin',
        'アカウント情報の会社メールアドレスを経理部のアドレスに変更してください。以後の請求書はそちらに届きます。',
      ],
      ['discharger', '変更しました。ありがとうございます。'],
    ],
    closedBy: 'discharger',
    daysAgo: 20,
  },
  {
    opener: 'discharger',
    importance: 'SLIGHTLY_IMPORTANT',
    subject: 'マニフェストの控えの保存期間',
    messages: [
      ['discharger', '電子マニフェストの控えは何年間画面で確認できますか。'],
      ['admin', '電子マニフェストの情報は5年間、マニフェスト管理画面から確認できます。'],
    ],
    daysAgo: 4,
  },
  {
    opener: 'transporter',
    importance: 'MOST_IMPORTANT',
    subject: '許可証PDFが登録できない',
    messages: [['transporter', '許可証の更新でPDFを選ぶとエラーになります。ファイルは2MBです。']],
    daysAgo: 0,
  },
  {
    opener: 'transporter',
    importance: 'BLANK',
    subject: '収集エリアの追加方法',
    messages: [
      ['transporter', '神奈川県の郵便番号を収集エリアに追加したいです。'],
      ['admin', 'エリア単価設定画面の「エリア追加」から郵便番号ごとに登録できます。'],
    ],
    daysAgo: 7,
  },
];

const HOUR = 60 * 60 * 1000;

export async function seedDemoInquiries(db: Database, now: Date): Promise<void> {
  const rows = await db
    .select({ id: users.id, email: users.email, companyId: users.companyId })
    .from(users)
    .where(inArray(users.email, ['discharger@example.com', 'transporter@example.com', 'admin@example.com']));
  const user = (email: string) => rows.find((r) => r.email === email);
  const people = {
    discharger: user('discharger@example.com'),
    transporter: user('transporter@example.com'),
    admin: user('admin@example.com'),
  };
  if (!people.discharger?.companyId || !people.transporter?.companyId || !people.admin) return;
  const side: Record<Who, InquirySide> = { discharger: 'WASTE', transporter: 'TRANSPORT', admin: 'ADMIN' };
  const author = (who: Who): InquiryAuthor => ({
    userId: people[who]!.id,
    side: side[who],
    actingAdminId: null,
  });
  const nowMs = now.getTime();

  await db.transaction(async (tx) => {
    for (const demo of DEMO) {
      let at = nowMs - demo.daysAgo * 24 * HOUR - 6 * HOUR;
      const [opening, ...later] = demo.messages;
      const { inquiry } = await insertInquiry(tx, {
        companyId: people[demo.opener]!.companyId!,
        subject: demo.subject,
        importance: demo.importance,
        messages: [{ author: author(opening![0]), content: opening![1], at: new Date(at) }],
      });
      let current = inquiry;
      for (const [who, content] of later) {
        at += HOUR;
        await appendInquiryMessage(tx, current, author(who), content, new Date(at));
        current = (await tx.query.inquiries.findFirst({ where: (i) => eq(i.id, inquiry.id) }))!;
      }
      if (demo.closedBy) await markInquiryClosed(tx, current, author(demo.closedBy), new Date(at + HOUR));
    }
  });
}
