import { z } from 'zod';
import { isIsoDate } from '../business-day';
import {
  EVIDENCE_PACK_SCOPES,
  EVIDENCE_PACK_STATUSES,
  evidencePackPeriodIssue,
} from '../rules/evidence-pack';
import { idSchema, isoDateSchema, textSchema } from '../validation';
import { pageOf, pageQuery, sortQuerySchema } from './common';

/**
 * POST /evidence-packs: a pack of one project (`projectId`) or of a period (`from`..`to`, at most five years and
 * a month) over the company's projects; a transporter's pack holds only the projects it serves and its own side.
 */
export const evidencePackRequestSchema = z
  .object({
    scope: z.enum(EVIDENCE_PACK_SCOPES, {
      error: (issue) => (issue.input == null || issue.input === '' ? 'MSG_00_21' : 'invalid_format'),
    }),
    projectId: idSchema.optional(),
    from: isoDateSchema().optional(),
    to: isoDateSchema().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.scope === 'PROJECT' && v.projectId == null)
      ctx.addIssue({ code: 'custom', path: ['projectId'], message: 'MSG_00_21' });
    if (v.scope !== 'PERIOD') return;
    if (!v.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'MSG_00_21' });
    if (!v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'MSG_00_21' });
    if (v.from && v.to && isIsoDate(v.from) && isIsoDate(v.to)) {
      const issue = evidencePackPeriodIssue(v.from, v.to);
      if (issue) ctx.addIssue({ code: 'custom', path: ['to'], message: issue });
    }
  })
  .transform((v) =>
    v.scope === 'PROJECT'
      ? { scope: 'PROJECT' as const, projectId: v.projectId! }
      : { scope: 'PERIOD' as const, from: v.from!, to: v.to! },
  );
export type EvidencePackRequest = z.input<typeof evidencePackRequestSchema>;
export type EvidencePackScopeValues = z.output<typeof evidencePackRequestSchema>;

export const evidencePackSchema = z.object({
  id: z.number().int(),
  scope: z.enum(EVIDENCE_PACK_SCOPES),
  projectId: z.number().int().nullable(),
  projectTitle: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  status: z.enum(EVIDENCE_PACK_STATUSES),
  /** Files written into the pack so far, of `itemsTotal` (0 until the build has counted them). */
  itemsDone: z.number().int(),
  itemsTotal: z.number().int(),
  /** Bytes of the ZIP once ready. */
  size: z.number().int().nullable(),
  fileName: z.string(),
  requestedBy: z.string(),
  /** Why a build failed (a message code). */
  errorCode: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When a ready pack's file is deleted. */
  expiresAt: z.string().nullable(),
});
export type EvidencePack = z.infer<typeof evidencePackSchema>;

export const EVIDENCE_PACK_SORT_KEYS = ['createdAt'] as const;

/** GET /evidence-packs: the company's packs (this side's), newest first. */
export const evidencePackListQuerySchema = pageQuery(20).extend(
  sortQuerySchema(EVIDENCE_PACK_SORT_KEYS, 'createdAt', 'desc').shape,
);
export type EvidencePackListQuery = z.infer<typeof evidencePackListQuerySchema>;

export const evidencePackPageSchema = pageOf(evidencePackSchema);
export type EvidencePackPage = z.infer<typeof evidencePackPageSchema>;

/** GET /evidence-packs/projects?keyword=: the projects a pack can be made of (the first 100 matching). */
export const evidencePackProjectQuerySchema = z.object({
  keyword: textSchema().trim().max(64, 'max_length_exceeded').optional(),
});
export const evidencePackProjectSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The other side: the discharger for a transporter, the transporter for a discharger. */
  counterpartName: z.string().nullable(),
  status: z.string(),
});
export type EvidencePackProject = z.infer<typeof evidencePackProjectSchema>;
