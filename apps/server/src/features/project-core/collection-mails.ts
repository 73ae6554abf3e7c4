/**
 * The mails about a collection's hand-offs, whoever makes them: either side's action (the collections feature), a
 * driver's mark applied at once or by the office (the driver-marks feature), and a driver's mark the office must
 * decide on. With the Japanese words of a not-collected reason, which mails and history rows write.
 */
import type { CollectionAction, CollectionRole } from '@junkan/shared/collection-rules';
import type { NotCollectedReason } from '@junkan/shared/driver-rules';
import { paths } from '@junkan/shared/paths';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { type CompanyMail, mailCompany } from '../../plugins/mail';

export interface ActionMail {
  action: CollectionAction;
  /** The side that acted; the other side is mailed. */
  party: CollectionRole;
  collectionId: number;
  projectTitle: string;
  siteName: string;
  /** The other side's company. */
  companyId: number;
  fromDate: string;
  date: string;
  reason: string | null;
  projectCancelled: boolean;
}

type MailText = Pick<CompanyMail, 'subject' | 'lines' | 'english'>;

/** Each hand-off in the recipient's words: what happened, and what to do next. */
function textOf(m: ActionMail): MailText {
  const reason = m.reason ? [`理由: ${m.reason}`] : [];
  switch (m.action) {
    case 'CONFIRM':
      return {
        subject: '【junkan】回収日が確定しました / A collection date was confirmed',
        lines: ['収集運搬業者が回収日を確定しました。', `回収日: ${m.date}`, ...reason],
        english: 'The transporter confirmed the collection date.',
      };
    case 'PROPOSE_DATE':
      return {
        subject: '【junkan】回収日の変更提案が届きました / Another collection date was proposed',
        lines: [
          '収集運搬業者から回収日の変更提案が届きました。提案を承諾するか、希望日を再度指定してください。',
          `希望日: ${m.fromDate}`,
          `提案日: ${m.date}`,
          ...reason,
        ],
        english: 'The transporter proposed another collection date. Accept it or ask for another date.',
      };
    case 'RETURN':
      return {
        subject: '【junkan】回収依頼が差し戻されました / A collection request was returned',
        lines: ['収集運搬業者が回収依頼を差し戻しました。', `希望日: ${m.date}`, ...reason],
        english: 'The transporter returned the collection request.',
      };
    case 'MARK_COLLECTED':
      return {
        subject: '【junkan】回収が完了しました / A collection was made',
        lines: ['収集運搬業者が回収を完了しました。', `回収日: ${m.date}`, ...reason],
        english: 'The transporter recorded the collection as made.',
      };
    case 'MARK_NOT_COLLECTED':
      return {
        subject: '【junkan】未回収のお知らせ / A collection was not made',
        lines: ['収集運搬業者が回収できなかったことを登録しました。', `回収日: ${m.date}`, ...reason],
        english: 'The transporter recorded that the collection was not made.',
      };
    case 'ACCEPT_PROPOSAL':
      return {
        subject: '【junkan】回収日の変更提案が承諾されました / Your proposed date was accepted',
        lines: ['排出事業者が回収日の変更提案を承諾しました。', `回収日: ${m.date}`, ...reason],
        english: 'The discharger accepted the date you proposed.',
      };
    case 'ASK_AGAIN':
      return {
        subject: '【junkan】回収希望日が再指定されました / Another date was requested',
        lines: [
          '排出事業者が回収希望日を再指定しました。内容をご確認のうえ、回収日を確定してください。',
          `提案日: ${m.fromDate}`,
          `希望日: ${m.date}`,
          ...reason,
        ],
        english: 'The discharger asked for another collection date. Please confirm it or propose another.',
      };
    case 'CANCEL':
      return {
        subject: m.projectCancelled
          ? '【junkan】回収がキャンセルされ、案件が取り消されました / A collection and its project were cancelled'
          : '【junkan】回収がキャンセルされました / A collection was cancelled',
        lines: [
          '排出事業者が回収をキャンセルしました。',
          `回収日: ${m.date}`,
          ...reason,
          ...(m.projectCancelled ? ['スポット契約の回収のため、案件も取り消されました。'] : []),
        ],
        english: m.projectCancelled
          ? "The discharger cancelled the collection; as it was the spot contract's collection, the project was cancelled too."
          : 'The discharger cancelled the collection.',
      };
  }
}

/** Mails the other side of an action, with a link to the collection. */
export async function mailCollectionAction(app: FastifyInstance, m: ActionMail) {
  const text = textOf(m);
  await mailCompany(app, m.companyId, m.party === 'WASTE' ? 'TRANSPORT' : 'WASTE', {
    ...text,
    lines: [text.lines[0]!, `案件名: ${m.projectTitle}`, `排出場所: ${m.siteName}`, ...text.lines.slice(1)],
    path: paths.collectionScheduleDetail.to(m.collectionId),
  });
}

/** Mails the discharger that the transporter confirmed a request's dates at once. */
export async function mailRequestConfirmed(
  app: FastifyInstance,
  companyId: number,
  projectTitle: string,
  confirmed: { id: number; date: string }[],
) {
  const dates = confirmed.map((c) => c.date);
  await mailCompany(app, companyId, 'WASTE', {
    subject: `【junkan】回収日が確定しました（${confirmed.length}件） / Collection dates were confirmed`,
    lines: [
      '収集運搬業者が回収依頼の希望日を確定しました。',
      `案件名: ${projectTitle}`,
      `回収日: ${dates.slice(0, 10).join('、')}${dates.length > 10 ? ` ほか${dates.length - 10}日` : ''}`,
    ],
    english: `The transporter confirmed ${confirmed.length} collection date(s).`,
    path: paths.collectionScheduleDetail.to(confirmed[0]!.id),
  });
}

/**
 * A not-collected reason in the words the server writes (mails, history), as the web's enums say it
 * (locales/ja/enums.json notCollectedReason).
 */
export const NOT_COLLECTED_REASON_LABELS: Record<NotCollectedReason, string> = {
  NOTHING_OUT: '排出なし',
  CLOSED: '不在・閉鎖',
  NO_ACCESS: '進入・入場できない',
  WRONG_SORTING: '分別不備',
  NOT_AS_CONTRACTED: '契約と異なる廃棄物',
  ROUND_TROUBLE: '車両・天候・時間の都合',
  OTHER: 'その他',
};

/** The reason a driver gave, as one line: the reason's label, then the driver's words. */
export function notCollectedReasonText(code: NotCollectedReason | null, text: string | null): string | null {
  const label = code ? NOT_COLLECTED_REASON_LABELS[code] : null;
  const words = text?.trim() || null;
  if (label && words) return `${label}: ${words}`;
  return label ?? words;
}

/** Why a conflicting mark was kept, in the office's words (the conflict codes of `markConflict`). */
const CONFLICT_LABELS: Record<string, string> = {
  driver_mark_stop_cancelled: '回収がキャンセル・差し戻しされています',
  driver_mark_stop_moved: '回収日が変更されています',
  driver_mark_too_early: '回収日より前に登録されました',
  driver_mark_already_marked: '回収結果が登録済みです',
  driver_mark_stop_changed: '回収の内容が変更されています',
  collection_has_report: '完了報告が登録済みです',
};

/**
 * Mails the transport company's office (its TRANSPORT users, never its drivers) that a driver's mark met a changed
 * stop and waits for its decision, in the transaction that keeps the mark.
 */
export async function mailMarkConflict(
  app: FastifyInstance,
  tx: Tx,
  m: {
    transportCompanyId: number;
    driverName: string;
    projectTitle: string;
    siteName: string;
    date: string;
    conflictCode: string;
  },
) {
  await mailCompany(
    app,
    m.transportCompanyId,
    'TRANSPORT',
    {
      subject: "【junkan】ドライバーの回収登録の確認が必要です / A driver's mark needs your decision",
      lines: [
        'ドライバーの回収登録が、変更された回収と合いません。配車画面で反映するか破棄するかを選んでください。',
        `案件名: ${m.projectTitle}`,
        `排出場所: ${m.siteName}`,
        `回収日: ${m.date}`,
        `ドライバー: ${m.driverName}`,
        `理由: ${CONFLICT_LABELS[m.conflictCode] ?? m.conflictCode}`,
      ],
      english:
        "A driver's mark does not match the collection as it stands now. Apply or discard it on the dispatch page.",
      path: paths.dispatch.to(),
    },
    { tx },
  );
}
