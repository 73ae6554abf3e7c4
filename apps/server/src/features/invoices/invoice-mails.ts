/**
 * The invoice's mails (ruling 13, section 7): the invoice attachment mail, the card payment notice, overdue
 * reminders and the paid notice. Each is written to the outbox in the caller's transaction (so a send exists
 * exactly when its status change does) and recorded in `invoice_sends`.
 */
import { attachesToMail, formatInvoiceNumber, type InvoiceSendKind } from '@junkan/shared/invoice-rules';
import { appLink, paths } from '@junkan/shared/paths';
import { payeeAccountText } from '@junkan/shared/rules/bank-account';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { attachments, companies, invoiceSends, projects, users } from '../../db/schema';
import type { Session } from '../../plugins/auth';
import type { MailAttachmentRef } from '../../plugins/mail';
import { INVOICE_OWNER, type InvoiceRow } from './invoice-records';

const yen = (amount: number) => `${amount.toLocaleString('ja-JP')}円`;
const yenEn = (amount: number) => `JPY ${amount.toLocaleString('en-US')}`;
const METHOD_JA = { PAYMENT_INVOICE: '銀行振込', CREDIT_CARD: 'クレジットカード' } as const;

/** Mails every enabled user of a company in `role`; answers the outbox ids. */
async function mailCompanyUsers(
  app: FastifyInstance,
  tx: Tx,
  companyId: number,
  role: 'WASTE' | 'TRANSPORT',
  mail: { subject: string; text: string; attachments?: MailAttachmentRef[] },
): Promise<number[]> {
  const recipients = await tx
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.role, role),
        eq(users.enabled, true),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(asc(users.id));
  const ids: number[] = [];
  for (const { email } of recipients) {
    const id = await app.mailer.send({ to: email, ...mail }, { tx });
    if (id !== undefined) ids.push(id);
  }
  return ids;
}

async function contextOf(tx: Tx, invoice: InvoiceRow) {
  const [project] = await tx
    .select({ title: projects.title })
    .from(projects)
    .where(eq(projects.id, invoice.projectId));
  const names = await tx
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.id, invoice.transportCompanyId))
    .union(
      tx
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(eq(companies.id, invoice.dischargerCompanyId)),
    );
  const nameOf = (id: number) => names.find((n) => n.id === id)?.name ?? '';
  return {
    projectTitle: project?.title ?? '',
    transporter: nameOf(invoice.transportCompanyId),
    discharger: nameOf(invoice.dischargerCompanyId),
  };
}

/** The invoice's summary lines, in Japanese, as every mail shows them. */
function summary(invoice: InvoiceRow, ctx: Awaited<ReturnType<typeof contextOf>>): string[] {
  return [
    `請求書番号: ${formatInvoiceNumber(invoice.invoiceNumber, invoice.version)}${invoice.version > 1 ? `（第${invoice.version}版）` : ''}`,
    `案件: ${ctx.projectTitle}`,
    `請求元: ${ctx.transporter}`,
    `請求先: ${ctx.discharger}`,
    `請求金額: ${yen(invoice.amount)}`,
    `請求日: ${invoice.billingDate}`,
    `支払期限: ${invoice.dueDate}`,
    `支払方法: ${METHOD_JA[invoice.paymentMethod]}`,
    ...(invoice.paymentMethod === 'PAYMENT_INVOICE'
      ? invoice.payeeAccounts.map((a) => `振込先: ${payeeAccountText(a)}`)
      : []),
  ];
}

export interface InvoiceMailOptions {
  kind: InvoiceSendKind;
  /** The overdue reminder's step; 0 otherwise. */
  step?: number;
  /** Who sends (null: the system, e.g. the overdue job or a card payment). */
  by: Session | null;
  /** The attachment mail of a corrected invoice says so. */
  corrected?: boolean;
}

/**
 * Sends one of the invoice's mails to the discharger's users (and, for a reminder, a copy to the transporter's)
 * and records it. The attachment mail carries the files when their total is within the 25 MB mail limit,
 * otherwise a link to the detail page where they download.
 */
export async function sendInvoiceMail(
  app: FastifyInstance,
  tx: Tx,
  invoice: InvoiceRow,
  options: InvoiceMailOptions,
): Promise<{ id: number; recipients: number; filesAttached: boolean }> {
  const ctx = await contextOf(tx, invoice);
  const link = appLink(app.config.publicUrl, paths.invoiceDetail.to(invoice.id));
  const lines = summary(invoice, ctx);
  let filesAttached = false;
  let mailAttachments: MailAttachmentRef[] | undefined;
  let subject: string;
  let body: string[];
  const step = options.step ?? 0;

  switch (options.kind) {
    case 'ATTACHMENT_MAIL': {
      const files = await tx
        .select({
          fileName: attachments.fileName,
          mimeType: attachments.mimeType,
          size: attachments.size,
          storageDriver: attachments.storageDriver,
          storageKey: attachments.storageKey,
        })
        .from(attachments)
        .where(and(eq(attachments.ownerType, INVOICE_OWNER), eq(attachments.ownerId, invoice.id)))
        .orderBy(asc(attachments.id));
      filesAttached = files.length > 0 && attachesToMail(files.map((f) => f.size));
      if (filesAttached) mailAttachments = files;
      subject = options.corrected
        ? `【junkan】請求書訂正のお知らせ（${ctx.transporter}）`
        : `【junkan】請求書送付のお知らせ（${ctx.transporter}）`;
      body = [
        `${ctx.discharger} ご担当者様`,
        '',
        options.corrected
          ? `${ctx.transporter}より、請求書が訂正されました。訂正後の内容をご確認ください。`
          : `${ctx.transporter}より、請求書が届きました。`,
        '',
        ...lines,
        '',
        filesAttached
          ? '請求書ファイルを添付しています。下記の画面からもダウンロードできます。'
          : '添付ファイルの合計が25MBを超えるため、請求書ファイルは下記の画面からダウンロードしてください。',
        link,
        '',
        options.corrected
          ? `An invoice from ${ctx.transporter} was corrected: ${yenEn(invoice.amount)}, due ${invoice.dueDate}.`
          : `You received an invoice from ${ctx.transporter}: ${yenEn(invoice.amount)}, due ${invoice.dueDate}.`,
        filesAttached
          ? 'The invoice files are attached and can also be downloaded from the page above.'
          : 'The files total more than 25 MB: download them from the page above.',
      ];
      break;
    }
    case 'PAYMENT_NOTICE_MAIL':
      subject = `【junkan】クレジットカードでのお支払いのお願い（${ctx.transporter}）`;
      body = [
        `${ctx.discharger} ご担当者様`,
        '',
        `${ctx.transporter}からの請求について、下記の画面からクレジットカードでお支払いください。`,
        '',
        ...lines,
        '',
        link,
        '',
        `Please pay the invoice from ${ctx.transporter} (${yenEn(invoice.amount)}, due ${invoice.dueDate}) by credit card on the page above.`,
      ];
      break;
    case 'OVERDUE_REMINDER':
      subject = `【junkan】お支払い期限超過のお知らせ（第${step}報）`;
      body = [
        `${ctx.discharger} ご担当者様`,
        '',
        `${ctx.transporter}からの下記の請求は、支払期限（${invoice.dueDate}）を過ぎています。お支払いをご確認ください。`,
        '行き違いでお支払い済みの場合はご容赦ください。',
        '',
        ...lines,
        '',
        link,
        '',
        `The payment of the invoice from ${ctx.transporter} (${yenEn(invoice.amount)}) is overdue since ${invoice.dueDate} (notice ${step}).`,
      ];
      break;
    case 'PAID_MAIL':
      if (invoice.paidVia === 'CARD') {
        subject = `【junkan】クレジットカードでのお支払い完了のお知らせ（${ctx.transporter}）`;
        body = [
          `${ctx.discharger} ご担当者様`,
          '',
          `${ctx.transporter}からの下記の請求について、クレジットカードでのお支払いが完了しました（決済日: ${invoice.settlementDate ?? ''}）。`,
          '',
          ...lines,
          '',
          link,
          '',
          `Your card payment of ${yenEn(invoice.amount)} to ${ctx.transporter} is complete (${invoice.settlementDate ?? ''}).`,
        ];
        break;
      }
      subject = `【junkan】お支払い確認のお知らせ（${ctx.transporter}）`;
      body = [
        `${ctx.discharger} ご担当者様`,
        '',
        `${ctx.transporter}が下記の請求のお支払いを確認しました（入金確認日: ${invoice.settlementDate ?? ''}）。`,
        '',
        ...lines,
        '',
        link,
        '',
        `${ctx.transporter} confirmed the payment of ${yenEn(invoice.amount)} on ${invoice.settlementDate ?? ''}.`,
      ];
      break;
  }

  const text = body.join('\n');
  const outboxIds = await mailCompanyUsers(app, tx, invoice.dischargerCompanyId, 'WASTE', {
    subject,
    text,
    attachments: mailAttachments,
  });
  if (options.kind === 'PAID_MAIL' && invoice.paidVia === 'CARD')
    outboxIds.push(
      ...(await mailCompanyUsers(app, tx, invoice.transportCompanyId, 'TRANSPORT', {
        subject: `【junkan】${ctx.discharger}様 クレジットカード決済完了のお知らせ`,
        text: [
          `${ctx.discharger}様より、下記の請求のクレジットカード決済が完了しました（決済日: ${invoice.settlementDate ?? ''}）。`,
          '',
          ...lines,
          '',
          link,
          '',
          `${ctx.discharger} paid ${yenEn(invoice.amount)} by card (${invoice.settlementDate ?? ''}).`,
        ].join('\n'),
      })),
    );
  if (options.kind === 'OVERDUE_REMINDER')
    outboxIds.push(
      ...(await mailCompanyUsers(app, tx, invoice.transportCompanyId, 'TRANSPORT', {
        subject: `【junkan】（控え）${ctx.discharger}様 お支払い期限超過（第${step}報）`,
        text: [
          `${ctx.discharger}様へ、下記の請求の支払期限超過のお知らせ（第${step}報）を送信しました。`,
          '',
          ...lines,
          '',
          link,
          '',
          `Copy: ${ctx.discharger} was notified that the payment is overdue (notice ${step}).`,
        ].join('\n'),
      })),
    );
  const [row] = await tx
    .insert(invoiceSends)
    .values({
      invoiceId: invoice.id,
      rootId: invoice.rootId,
      kind: options.kind,
      step,
      sentBy: options.by?.userId ?? null,
      actingAdminId: options.by?.adminId ?? null,
      recipients: outboxIds.length,
      filesAttached,
      outboxIds,
      createdAt: app.now(),
    })
    .returning({ id: invoiceSends.id });
  return { id: row!.id, recipients: outboxIds.length, filesAttached };
}
