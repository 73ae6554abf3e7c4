import type { TransportApprovalCompany } from '@junkan/shared/api/transport-approval';
import type { TransportApprovalStatus } from '@junkan/shared/enums';
import { paths } from '@junkan/shared/paths';
import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import {
  collectionAreas,
  companies,
  contracts,
  offices,
  transportOperatorProfiles,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { Caller } from '../../plugins/auth';
import { mailCompany } from '../../plugins/mail';

/**
 * GET /admin/transport-companies: transport companies in an approval state with what they registered and the
 * permit data the product holds about them (collection-area licences, contract licences, the operator profile).
 */
export async function listTransportCompaniesForApproval(
  db: DbOrTx,
  status: TransportApprovalStatus,
): Promise<TransportApprovalCompany[]> {
  const rows = await db
    .select()
    .from(companies)
    .where(and(eq(companies.type, 'TRANSPORT'), eq(companies.approvalStatus, status)))
    .orderBy(asc(companies.createdAt), asc(companies.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [userRows, officeRows, areaRows, contractRows, profileRows] = await Promise.all([
    db
      .select({
        companyId: users.companyId,
        userName: users.userName,
        email: users.email,
        registrantNumber: users.registrantNumber,
        enabled: users.enabled,
      })
      .from(users)
      // A company's drivers are its office's staff accounts, not the users who registered it.
      .where(and(inArray(users.companyId, ids), isNull(users.deletedAt), ne(users.role, 'DRIVER')))
      .orderBy(asc(users.id)),
    db
      .select({
        companyId: offices.companyId,
        name: offices.name,
        address: offices.address,
        tel: offices.tel,
      })
      .from(offices)
      .where(inArray(offices.companyId, ids))
      .orderBy(asc(offices.id)),
    db
      .select({
        companyId: collectionAreas.transportCompanyId,
        areaName: collectionAreas.areaName,
        type: collectionAreas.type,
        licenseNumber: collectionAreas.licenseNumber,
        district: collectionAreas.administrativeDistrict,
      })
      .from(collectionAreas)
      .where(inArray(collectionAreas.transportCompanyId, ids))
      .orderBy(asc(collectionAreas.id)),
    db
      .selectDistinct({
        companyId: contracts.transportCompanyId,
        licenseNumber: contracts.licenseNumber,
        district: contracts.licenseDistrict,
        expireDate: contracts.licenseExpireDate,
      })
      .from(contracts)
      .where(inArray(contracts.transportCompanyId, ids)),
    db
      .select({
        companyId: transportOperatorProfiles.companyId,
        contractManager: transportOperatorProfiles.contractManager,
        compatibleAreas: transportOperatorProfiles.compatibleAreas,
      })
      .from(transportOperatorProfiles)
      .where(inArray(transportOperatorProfiles.companyId, ids)),
  ]);
  const of = <T extends { companyId: number | null }>(list: T[], id: number) =>
    list.filter((r) => r.companyId === id).map(({ companyId: _, ...rest }) => rest);
  return rows.map((c) => {
    const profile = profileRows.find((p) => p.companyId === c.id);
    return {
      companyId: c.id,
      companyName: c.name,
      postalCode: c.postalCode,
      address: c.address,
      tel: c.tel,
      email: c.email,
      contractPic: c.contractPic,
      approvalStatus: c.approvalStatus,
      approvalDecidedAt: c.approvalDecidedAt?.toISOString() ?? null,
      createdAt: c.createdAt.toISOString(),
      users: of(userRows, c.id),
      offices: of(officeRows, c.id),
      areaLicenses: of(areaRows, c.id),
      contractLicenses: of(contractRows, c.id),
      profile: profile
        ? { contractManager: profile.contractManager, compatibleAreas: profile.compatibleAreas }
        : null,
    };
  });
}

/**
 * POST /admin/transport-companies/{id}/approve|reject: decides a PENDING company once (a second decision, or
 * one raced by another admin, answers approval_already_decided), records who decided and mails its users.
 */
export async function decideTransportCompany(
  app: FastifyInstance,
  caller: Caller,
  companyId: number,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<{ result: boolean }> {
  const { session } = caller;
  const status: TransportApprovalStatus = decision.approve ? 'APPROVED' : 'REJECTED';
  const company = await app.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: companies.id, name: companies.name, approvalStatus: companies.approvalStatus })
      .from(companies)
      .where(and(eq(companies.id, companyId), eq(companies.type, 'TRANSPORT')));
    if (!found) throw new AppError('not_found', 'Transport company not found');
    // Compare-and-set on PENDING: two admins deciding at once cannot both pass.
    const [decided] = await tx
      .update(companies)
      .set({
        approvalStatus: status,
        approvalDecidedAt: app.now(),
        approvalDecidedBy: session.adminId ?? session.userId,
        updatedAt: app.now(),
      })
      .where(and(eq(companies.id, companyId), eq(companies.approvalStatus, 'PENDING')))
      .returning({ id: companies.id });
    if (!decided) throw new AppError('approval_already_decided', 'The approval was already decided');
    await recordAudit(tx, caller, {
      action: decision.approve ? 'transport_company.approve' : 'transport_company.reject',
      entity: 'company',
      entityId: companyId,
      detail: decision.approve ? {} : { reason: decision.reason },
    });
    return found;
  });
  // The company's users gain or lose the permissions of an approved transporter.
  await app.sessionChanged({ companyId });
  const subject = decision.approve
    ? '【junkan】運搬会社の登録が承認されました / Your company was approved'
    : '【junkan】運搬会社の登録は承認されませんでした / Your company was not approved';
  await mailCompany(
    app,
    companyId,
    'ALL',
    decision.approve
      ? {
          subject,
          lines: [
            `${company.name} 様`,
            '',
            '運搬会社としてのご登録を管理者が承認しました。',
            '見積依頼の閲覧、収集エリア・単価の設定などをご利用いただけます。',
          ],
          english:
            'An administrator has approved your transport company. You can now see quote requests and set your areas.',
          path: paths.home.to(),
        }
      : {
          subject,
          lines: [
            `${company.name} 様`,
            '',
            '運搬会社としてのご登録は承認されませんでした。',
            `理由: ${decision.reason}`,
            'ご不明な点は運営事務局までお問い合わせください。',
          ],
          english: 'An administrator did not approve your transport company. The reason is given above.',
          path: paths.home.to(),
        },
  );
  return { result: true };
}
