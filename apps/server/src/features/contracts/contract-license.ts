import type { ContractFileKind } from '@junkan/shared/contract-rules';
import { CONTRACT_TEMPLATES } from './contract-templates';

/** The license a contract keeps: copied from the chosen permit, or typed before permits were kept. */
export interface ContractLicense {
  licenseNumber: string;
  licenseDistrict: string;
  /** YYYY-MM-DD. */
  licenseExpireDate: string;
  /** The waste kinds the chosen permit covers; null for a contract written before permits were kept. */
  licenseWasteKinds: string[] | null;
}

/** The row of article 乙の許可 a document prints, and whether the permit's copy goes with it. */
export interface PrintedLicense {
  /** 許可の種類. */
  kind: string;
  number: string;
  district: string;
  wasteKinds: string;
  /** YYYY-MM-DD, printed with its era; null prints NO_LICENSE. */
  expiryDate: string | null;
  /** The permit's PDF is attached to the contract (`/contract/permit-file`), and the article says so. */
  copyAttached: boolean;
}

/** What a cell of the row says when there is nothing to print in it. */
export const NO_LICENSE = '—';

/**
 * The license a document of `kind` prints. A permit kept here is an industrial-waste permit of a prefecture or
 * designated city (PERMIT_WASTE_CATEGORY) and a contract's permit is a collection-and-transport one
 * (contractPermitIssue), so:
 * - an industrial document prints it as 産業廃棄物収集運搬業許可, also the disposal and combined documents, whose
 *   template names a disposal permit;
 * - a municipal (general) waste document, whose 乙 is licensed by a municipality under 法7条, never prints it
 *   under its 一般廃棄物収集運搬業許可 heading: no kept permit is one, so every cell but the kind is "—" and no copy
 *   is said to be attached;
 * - a contract written before permits were kept prints the license as it was typed, under the template's kind.
 */
export function printedLicense(kind: ContractFileKind, license: ContractLicense): PrintedLicense {
  const template = CONTRACT_TEMPLATES[kind];
  if (license.licenseWasteKinds === null)
    return {
      kind: template.licenseKind,
      number: license.licenseNumber,
      district: license.licenseDistrict,
      wasteKinds: NO_LICENSE,
      expiryDate: license.licenseExpireDate,
      copyAttached: false,
    };
  if (!template.isIndustrial)
    return {
      kind: template.licenseKind,
      number: NO_LICENSE,
      district: NO_LICENSE,
      wasteKinds: NO_LICENSE,
      expiryDate: null,
      copyAttached: false,
    };
  return {
    kind: '産業廃棄物収集運搬業許可',
    number: license.licenseNumber,
    district: license.licenseDistrict,
    wasteKinds: license.licenseWasteKinds.length ? license.licenseWasteKinds.join('、') : NO_LICENSE,
    expiryDate: license.licenseExpireDate,
    copyAttached: true,
  };
}
