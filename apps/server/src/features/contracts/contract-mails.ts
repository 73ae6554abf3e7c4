import type { RenewalDecision } from '@junkan/shared/contract-rules';
import type { FastifyInstance } from 'fastify';
import { mailCompany } from '../../plugins/mail';
import type { ProjectRow } from '../project-core/project-access';
import type { Side } from '../project-core/project-contract';
import { projectDetailPath } from '../project-core/project-detail';
import type { ContractRow } from './contract-parties';

// Each step of a contract is a hand-off: the other party hears of it with the project's name and a link.

/** The discharger is asked to confirm the contract the transporter sent. */
export async function mailContractSent(app: FastifyInstance, project: ProjectRow) {
  await mailCompany(app, project.companyId, 'WASTE', {
    subject: '【junkan】契約書の確認依頼が届きました / Please confirm your contract',
    lines: [
      '収集運搬業者から契約書の確認依頼が届きました。内容をご確認のうえ、承認または差し戻しをしてください。',
      `案件名: ${project.title}`,
    ],
    english: 'A transporter has sent a contract for you to confirm.',
    path: `/contract-confirm/${project.id}`,
  });
}

/** The transporter hears that the discharger approved the contract, or returned it with the reason. */
export async function mailContractAnswer(
  app: FastifyInstance,
  project: ProjectRow,
  contract: ContractRow,
  answer: { approve: true } | { approve: false; reason: string },
) {
  await mailCompany(app, contract.transportCompanyId, 'TRANSPORT', {
    subject: answer.approve
      ? '【junkan】契約が承認されました / Your contract was approved'
      : '【junkan】契約書が差し戻されました / Your contract was returned',
    lines: answer.approve
      ? [
          '排出事業者が契約を承認しました。',
          `案件名: ${project.title}`,
          `契約期間: ${contract.startDate} 〜 ${contract.endDate}`,
        ]
      : [
          '排出事業者が契約書を差し戻しました。内容を修正して再送してください。',
          `案件名: ${project.title}`,
          `理由: ${answer.reason}`,
        ],
    english: answer.approve
      ? 'The discharger approved your contract.'
      : 'The discharger returned your contract; please correct it and send it again.',
    path: answer.approve ? projectDetailPath(project.id) : `/contract-create/${project.id}`,
  });
}

/** The other party hears whether the auto-renewing contract continues or ends with its period. */
export async function mailRenewalDecision(
  app: FastifyInstance,
  project: ProjectRow,
  contract: ContractRow,
  decidedBy: Side,
  renewal: RenewalDecision,
  removedCollections: number,
) {
  const other: Side = decidedBy === 'WASTE' ? 'TRANSPORT' : 'WASTE';
  await mailCompany(app, other === 'WASTE' ? project.companyId : contract.transportCompanyId, other, {
    subject:
      renewal === 'END'
        ? '【junkan】契約の自動更新が終了されました / Auto-renewal was ended'
        : '【junkan】契約の自動更新が継続されました / Auto-renewal continues',
    lines: [
      renewal === 'END'
        ? `契約は期間満了（${contract.endDate}）で終了します。${removedCollections ? `契約期間後の回収予定${removedCollections}件を削除しました。` : ''}`
        : `契約は期間満了（${contract.endDate}）後も同一条件で更新されます。`,
      `案件名: ${project.title}`,
    ],
    english:
      renewal === 'END'
        ? 'The contract ends at the end of its period.'
        : 'The contract renews at the end of its period.',
    path: projectDetailPath(project.id),
  });
}
