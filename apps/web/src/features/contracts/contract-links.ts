import type { Contract } from '@junkan/shared/api/contracts';
import {
  CONTRACT_FILE_KINDS,
  type ContractFileKind,
  type ContractRole,
  type ContractState,
  contractActions,
} from '@junkan/shared/contract-rules';
import { paths } from '@junkan/shared/paths';

export const contractCreatePath = (projectId: number) => paths.contractCreate.to(projectId);
export const contractConfirmPath = (projectId: number) => paths.contractConfirm.to(projectId);
export const projectDetailPath = (projectId: number) => paths.projectDetail.to(projectId);

/** Documents in reading order: the single ones first, then collection before disposal. */
const FILE_ORDER: readonly ContractFileKind[] = ['regular', 'combine', 'collection', 'disposal'];

/** The kinds to offer as download links: only those the server generated, in a fixed order. */
export function orderedFileKinds(kinds: readonly ContractFileKind[]): ContractFileKind[] {
  return FILE_ORDER.filter((k) => kinds.includes(k));
}

/** The generated documents of a contract (Contract.file), with their stored names. */
export function contractFiles(file: Contract['file']): { kind: ContractFileKind; fileName: string }[] {
  return orderedFileKinds(CONTRACT_FILE_KINDS.filter((k) => file[k] !== null)).map((kind) => ({
    kind,
    fileName: file[kind]?.fileName ?? `${kind}.pdf`,
  }));
}

/**
 * The one link a contract row or project offers its side: the transporter writes the contract while it
 * may be edited, the discharger confirms it while it awaits approval.
 */
export function contractTaskLink(
  state: ContractState,
  role: ContractRole,
  projectId: number,
): { kind: 'create' | 'confirm'; path: string } | null {
  const actions = contractActions(state, role);
  if (role === 'TRANSPORT' && actions.includes('EDIT'))
    return { kind: 'create', path: contractCreatePath(projectId) };
  if (role === 'WASTE' && actions.includes('APPROVE'))
    return { kind: 'confirm', path: contractConfirmPath(projectId) };
  return null;
}
