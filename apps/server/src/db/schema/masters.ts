/**
 * Master data: the waste classification, units, packing styles, disposal methods and sites, the transport
 * operators' profiles, collection areas and their prices, handling and disposal unit prices, and the
 * transporters' permits. (Entry point: db/schema.ts.)
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies, users } from './accounts';
import { createdAt, updatedAt } from './columns';

/** Waste classification: major (1), middle (2) and minor (3) levels; `parentPath` lists the ancestor ids. */
export const wastes = pgTable(
  'wastes',
  {
    id: serial('id').primaryKey(),
    category: varchar('category', { length: 16 }).notNull().$type<'INDUSTRIAL' | 'REGULAR'>(),
    name: varchar('name', { length: 64 }).notNull(),
    wasteCode: varchar('waste_code', { length: 7 }).notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => wastes.id),
    /** Ancestor ids as `/1/12/` (empty for a major class). */
    parentPath: varchar('parent_path', { length: 64 }).notNull().default(''),
    level: smallint('level').notNull(),
    /** Weight conversion factors: tonnes per cubic metre and per piece. */
    tPerM3: numeric('t_per_m3', { precision: 10, scale: 4 }),
    tPerPiece: numeric('t_per_piece', { precision: 10, scale: 4 }),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('wastes_code_unique').on(t.wasteCode), index('wastes_parent_idx').on(t.parentId)],
);

/** Units of measure (t, m3, kg, and count units that force valuables to 0). */
export const unitMeasures = pgTable(
  'unit_measures',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 8 }).notNull(),
    unit: varchar('unit', { length: 16 }).notNull(),
    isCount: boolean('is_count').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('unit_measures_code_unique').on(t.code),
    uniqueIndex('unit_measures_unit_unique').on(t.unit),
  ],
);

/** Packing styles (荷姿). */
export const packingStyles = pgTable(
  'packing_styles',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 8 }).notNull(),
    style: varchar('style', { length: 32 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('packing_styles_code_unique').on(t.code),
    uniqueIndex('packing_styles_style_unique').on(t.style),
  ],
);

/** Disposal methods (処分方法). */
export const disposalMethods = pgTable(
  'disposal_methods',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 8 }).notNull(),
    method: varchar('method', { length: 32 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('disposal_methods_code_unique').on(t.code),
    uniqueIndex('disposal_methods_method_unique').on(t.method),
  ],
);

/** Disposal sites (処分場) where collected waste goes. */
export const disposalSites = pgTable(
  'disposal_sites',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 8 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    city: varchar('city', { length: 32 }).notNull().default(''),
    address1: varchar('address1', { length: 254 }).notNull().default(''),
    address2: varchar('address2', { length: 254 }).notNull().default(''),
    address3: varchar('address3', { length: 80 }).notNull().default(''),
    licenseNumber: varchar('license_number', { length: 32 }).notNull().default(''),
    expireDate: date('expire_date', { mode: 'string' }),
    disposalMethodId: integer('disposal_method_id').references(() => disposalMethods.id),
    capacity: varchar('capacity', { length: 32 }).notNull().default(''),
    subscriberNumber: varchar('subscriber_number', { length: 7 }),
    manifestPermitNumber: varchar('manifest_permit_number', { length: 32 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('disposal_sites_code_unique').on(t.code)],
);

/** Transport and disposal operator master: what the platform records about a transport company. */
export const transportOperatorProfiles = pgTable('transport_operator_profiles', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  contractManager: varchar('contract_manager', { length: 16 }).notNull().default(''),
  /** Prefectures or areas the operator can serve. */
  compatibleAreas: jsonb('compatible_areas').$type<string[]>().notNull().default([]),
  destinationDisposalSiteId: integer('destination_disposal_site_id').references(() => disposalSites.id),
  updatedAt: updatedAt(),
});

/** A transport company's collection area for one waste type, by postal codes. */
export const collectionAreas = pgTable(
  'collection_areas',
  {
    id: serial('id').primaryKey(),
    transportCompanyId: integer('transport_company_id')
      .notNull()
      .references(() => companies.id),
    type: varchar('type', { length: 16 }).notNull().$type<'INDUSTRIAL' | 'REGULAR'>(),
    areaName: varchar('area_name', { length: 32 }).notNull(),
    licenseNumber: varchar('license_number', { length: 32 }).notNull().default(''),
    administrativeDistrict: varchar('administrative_district', { length: 32 }).notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('collection_areas_name_unique').on(t.transportCompanyId, t.type, t.areaName)],
);

export const collectionAreaPostalCodes = pgTable(
  'collection_area_postal_codes',
  {
    areaId: integer('area_id')
      .notNull()
      .references(() => collectionAreas.id, { onDelete: 'cascade' }),
    transportCompanyId: integer('transport_company_id').notNull(),
    type: varchar('type', { length: 16 }).notNull(),
    posCode: varchar('pos_code', { length: 8 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.areaId, t.posCode] }),
    uniqueIndex('collection_area_pos_code_unique').on(t.transportCompanyId, t.type, t.posCode),
  ],
);

/** Unit prices of a collection area with validity periods; periods of the same waste must not overlap. */
export const collectionAreaPrices = pgTable(
  'collection_area_prices',
  {
    id: serial('id').primaryKey(),
    areaId: integer('area_id')
      .notNull()
      .references(() => collectionAreas.id, { onDelete: 'cascade' }),
    wasteId: integer('waste_id').references(() => wastes.id),
    /** Whole yen, tax excluded. */
    unitPrice: integer('unit_price').notNull(),
    unitMeasureId: integer('unit_measure_id').references(() => unitMeasures.id),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [index('collection_area_prices_area_idx').on(t.areaId, t.wasteId)],
);

/** The platform's handling-waste unit prices (ruling 11's granted right), by waste and period. */
export const handlingWastePrices = pgTable(
  'handling_waste_prices',
  {
    id: serial('id').primaryKey(),
    wasteId: integer('waste_id')
      .notNull()
      .references(() => wastes.id),
    unitPrice: integer('unit_price').notNull(),
    unitMeasureId: integer('unit_measure_id').references(() => unitMeasures.id),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [index('handling_waste_prices_waste_idx').on(t.wasteId)],
);

/**
 * A disposal contractor's disposal unit prices (処分単価) by waste, unit and validity period; periods of one
 * company, waste and unit never overlap (checked by the server with the shared rule, under a company row lock).
 */
export const disposalUnitPrices = pgTable(
  'disposal_unit_prices',
  {
    id: serial('id').primaryKey(),
    transportCompanyId: integer('transport_company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    wasteId: integer('waste_id')
      .notNull()
      .references(() => wastes.id),
    unitMeasureId: integer('unit_measure_id')
      .notNull()
      .references(() => unitMeasures.id),
    /** Whole yen, tax excluded. */
    unitPrice: integer('unit_price').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('disposal_unit_prices_company_waste_idx').on(t.transportCompanyId, t.wasteId, t.unitMeasureId),
  ],
);

/**
 * A transporter's permits (許可証): collection-and-transport or disposal permits issued by a prefecture or a
 * designated city. Never deleted: retiring sets `retired_at` (permits are kept five years). The pair district +
 * license number identifies one real permit, so it is unique among live permits across all companies. The PDF copy
 * is an attachment row (owner type PERMIT).
 */
export const permits = pgTable(
  'permits',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** PERMIT_DISTRICTS code: "13" (東京都) or "14100" (横浜市). */
    districtCode: varchar('district_code', { length: 5 }).notNull(),
    licenseNumber: varchar('license_number', { length: 32 }).notNull(),
    kind: varchar('kind', { length: 24 }).notNull().$type<'COLLECTION_TRANSPORT' | 'DISPOSAL'>(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
    transshipment: boolean('transshipment').notNull().default(false),
    storageSite: varchar('storage_site', { length: 254 }).notNull().default(''),
    /** Major classes (level 1) of the waste master. */
    wasteKindIds: jsonb('waste_kind_ids').$type<number[]>().notNull().default([]),
    /** The last expiry warning mailed (DAYS_90, DAYS_30, EXPIRED); reset when a new expiry date is saved. */
    expiryStepMailed: varchar('expiry_step_mailed', { length: 8 }).$type<'DAYS_90' | 'DAYS_30' | 'EXPIRED'>(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('permits_district_license_live_unique')
      .on(t.districtCode, t.licenseNumber)
      .where(sql`${t.retiredAt} is null`),
    index('permits_company_expiry_idx').on(t.companyId, t.expiryDate),
    index('permits_live_expiry_idx').on(t.expiryDate).where(sql`${t.retiredAt} is null`),
  ],
);
