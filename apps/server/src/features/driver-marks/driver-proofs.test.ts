import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyId, DIS, DIS2, PLATFORM, TRANS } from '../../../test/fixtures/demo-data';
import { insertDriver, insertStops, insertVehicle, markBody } from '../../../test/fixtures/driver-marks';
import { insertRunningProject, type RunningProject } from '../../../test/fixtures/projects';
import { multipartForm, sampleJpg, samplePdf, samplePng } from '../../../test/fixtures/upload-files';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { attachments, collectionMarks, collections, storedFiles, wastes } from '../../db/schema';
import { MARK_PHOTO_OWNER } from '../project-core/collection-marks';

/**
 * The proof both sides see: a driver's photo (the files kit: kinds by content, size, replace), the collection
 * detail's proofs and dispatch, the photo's download for the two parties only, hostile input, and the month's
 * marks in the regular report's draft. Wednesday 10 March 2027, 10:00 in Japan.
 */
const clock = new Date('2027-03-10T01:00:00Z');
const TODAY = '2027-03-10';
const A = 'proof-driver-a@example.com';
const B = 'proof-driver-b@example.com';

let t: TestContext;
let project: RunningProject;
let driverA = 0;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  const toto = await companyId(t.db, '東都環境サービス株式会社');
  const truck = await insertVehicle(t.db, toto, '証跡テスト車');
  driverA = await insertDriver(t.db, { companyId: toto, email: A, userName: '証跡 一郎', vehicleId: truck });
  await insertDriver(t.db, { companyId: toto, email: B, userName: '証跡 二郎' });
  project = await insertRunningProject(t.db);
});
afterAll(() => t.close());

const line = () => project.lineIds[0]!;
const stop = async (date = TODAY, lineIds?: number[]) =>
  (
    await insertStops(t.db, project, [date], {
      driverUserId: driverA,
      stopOrder: 3,
      ...(lineIds ? { lineIds } : {}),
    })
  )[0]!;
const photoOf = (markId: number) =>
  t.db
    .select()
    .from(attachments)
    .where(and(eq(attachments.ownerType, MARK_PHOTO_OWNER), eq(attachments.ownerId, markId)));
const objectCount = async () => (await t.db.select({ key: storedFiles.key }).from(storedFiles)).length;
const putPhoto = (clientId: string, name: string, content: Buffer, who = A) =>
  t.as(who).upload(`/driver/marks/${clientId}/photo`, name, content, { method: 'PUT' });

/** A stop of today marked collected by driver A. */
async function markedStop(over: Record<string, unknown> = {}) {
  const s = await stop();
  const body = markBody(s, line(), over);
  const res = await t.as(A).post('/driver/marks', body);
  expect(res.statusCode, res.body).toBe(200);
  return { stop: s, body, markId: res.json().markId as number };
}

describe("a mark's photo", () => {
  it('is stored once, kept for the same bytes, and replaced by another', async () => {
    const { body, markId } = await markedStop();
    const objects = await objectCount();
    const res = await putPhoto(body.clientId, 'stop.png', samplePng());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ clientId: body.clientId, markId, hasPhoto: true, state: 'APPLIED' });
    const [first] = await photoOf(markId);
    expect(first).toMatchObject({ fileName: 'stop.png', mimeType: 'image/png', size: samplePng().length });
    expect(await objectCount()).toBe(objects + 1);

    // The phone's retry of the same photo stores nothing more.
    expect((await putPhoto(body.clientId, 'stop.png', samplePng())).statusCode).toBe(200);
    expect(await photoOf(markId)).toEqual([first]);
    expect(await objectCount()).toBe(objects + 1);

    // Another photo replaces it, and the first object goes after the commit.
    expect((await putPhoto(body.clientId, 'retake.jpg', sampleJpg())).statusCode).toBe(200);
    const now = await photoOf(markId);
    expect(now.map((p) => [p.fileName, p.mimeType])).toEqual([['retake.jpg', 'image/jpeg']]);
    expect(await objectCount()).toBe(objects + 1);
    const keys = (await t.db.select({ key: storedFiles.key }).from(storedFiles)).map((r) => r.key);
    expect(keys).not.toContain(first!.storageKey);
    expect(keys).toContain(now[0]!.storageKey);
  });

  it('goes with its mark when the collection is deleted (the orphan sweep then removes the object)', async () => {
    const { stop: s, body, markId } = await markedStop();
    expect((await putPhoto(body.clientId, 'stop.png', samplePng())).statusCode).toBe(200);
    expect(await photoOf(markId)).toHaveLength(1);
    await t.db.delete(collections).where(eq(collections.id, s.id));
    expect(await t.db.select().from(collectionMarks).where(eq(collectionMarks.id, markId))).toEqual([]);
    expect(await photoOf(markId)).toEqual([]);
  });

  it("refuses another driver's mark, an unknown one, and what is no image of 5 MB or less, storing nothing", async () => {
    const { body, markId } = await markedStop();
    const objects = await objectCount();
    const refusals: [string, () => ReturnType<typeof putPhoto>, number, string][] = [
      [
        "another driver's mark",
        () => putPhoto(body.clientId, 'a.png', samplePng(), B),
        404,
        'driver_mark_not_found',
      ],
      ['an unknown mark', () => putPhoto(randomUUID(), 'a.png', samplePng()), 404, 'driver_mark_not_found'],
      [
        'a PDF renamed .jpg',
        () => putPhoto(body.clientId, 'a.jpg', samplePdf()),
        400,
        'upload_file_type_error',
      ],
      ['a PDF', () => putPhoto(body.clientId, 'a.pdf', samplePdf()), 400, 'upload_file_type_error'],
      [
        'a photo over 5 MB',
        () => putPhoto(body.clientId, 'big.jpg', Buffer.concat([sampleJpg(), Buffer.alloc(5 * 1024 * 1024)])),
        413,
        'file_too_large',
      ],
      [
        'two photos',
        () => {
          const form = multipartForm({}, [
            { field: 'file', name: 'a.png', content: samplePng() },
            { field: 'file', name: 'b.jpg', content: sampleJpg() },
          ]);
          return t.as(A).put(`/driver/marks/${body.clientId}/photo`, form.payload, form.headers);
        },
        400,
        'MSG_28_5',
      ],
      [
        'no photo',
        () => {
          const form = multipartForm({ note: 'x' });
          return t.as(A).put(`/driver/marks/${body.clientId}/photo`, form.payload, form.headers);
        },
        400,
        'MSG_00_21',
      ],
      [
        'a broken body',
        () =>
          t
            .as(A)
            .put(
              `/driver/marks/${body.clientId}/photo`,
              '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
              {
                'content-type': 'multipart/form-data; boundary=x',
              },
            ),
        400,
        'invalid_format',
      ],
      [
        'a client id that is no UUID',
        () => putPhoto('not-a-uuid', 'a.png', samplePng()),
        400,
        'validation_error',
      ],
    ];
    for (const [name, send, status, code] of refusals) {
      const res = await send();
      expect([res.statusCode, res.json().code], name).toEqual([status, code]);
    }
    expect(await photoOf(markId)).toEqual([]);
    expect(await objectCount()).toBe(objects);
    const [mark] = await t.db.select().from(collectionMarks).where(eq(collectionMarks.id, markId));
    expect(mark!.hasPhoto).toBe(false);
    // The office and the discharger do not send a driver's photo.
    expect((await putPhoto(body.clientId, 'a.png', samplePng(), TRANS)).statusCode).toBe(403);
    expect((await putPhoto(body.clientId, 'a.png', samplePng(), DIS)).statusCode).toBe(403);
  });
});

describe('the proof in the collection detail', () => {
  it('shows both parties the proof and its photo, the dispatch to the transporter only, and nobody else', async () => {
    const { stop: s, markId, body } = await markedStop();
    await putPhoto(body.clientId, 'stop.png', samplePng());

    const forDischarger = (await t.as(DIS).get(`/collections/${s.id}`)).json();
    expect(forDischarger.dispatch).toBeNull();
    expect(forDischarger.proofs).toEqual([
      {
        id: markId,
        collectionId: s.id,
        result: 'COLLECTED',
        reasonCode: null,
        reasonText: null,
        lines: [
          {
            wasteLineId: line(),
            bags: { '45': 2 },
            weightKg: 12.5,
            volume: null,
            wasteName: '可燃ごみ',
            unit: 'kg',
            kind: 'REGULAR',
          },
        ],
        markedAt: '2027-03-10T00:15:00.000Z',
        receivedAt: clock.toISOString(),
        driverName: '証跡 一郎',
        vehicleName: '証跡テスト車',
        state: 'APPLIED',
        conflictCode: null,
        hasPhoto: true,
        position: { latitude: 35.6717, longitude: 139.765, accuracy: 12 },
      },
    ]);
    expect(JSON.stringify(forDischarger.proofs)).not.toMatch(/price/i);
    const forTransporter = (await t.as(TRANS).get(`/trans/collections/${s.id}`)).json();
    expect(forTransporter.proofs).toEqual(forDischarger.proofs);
    expect(forTransporter.dispatch).toEqual({ driverName: '証跡 一郎', vehicleName: null, stopOrder: 3 });

    for (const [who, url] of [
      [DIS, `/collections/${s.id}/proofs/${markId}/photo`],
      [TRANS, `/trans/collections/${s.id}/proofs/${markId}/photo`],
    ] as const) {
      const res = await t.as(who).get(url);
      expect(res.statusCode, who).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.equals(samplePng())).toBe(true);
    }
    const other = await markedStop();
    for (const [who, url, code] of [
      [DIS2, `/collections/${s.id}/proofs/${markId}/photo`, 'collection_not_found'],
      [PLATFORM, `/trans/collections/${s.id}/proofs/${markId}/photo`, 'collection_not_found'],
      // A mark of another collection, or one without a photo.
      [DIS, `/collections/${s.id}/proofs/${other.markId}/photo`, 'driver_mark_not_found'],
      [DIS, `/collections/${other.stop.id}/proofs/${other.markId}/photo`, 'driver_mark_not_found'],
    ] as const) {
      const res = await t.as(who).get(url);
      expect([res.statusCode, res.json().code], `${who} ${url}`).toEqual([404, code]);
    }
    expect((await t.as(A).get(`/trans/collections/${s.id}/proofs/${markId}/photo`)).statusCode).toBe(403);
    expect((await t.as(DIS2).get(`/collections/${s.id}`)).statusCode).toBe(404);
  });

  it('keeps a conflicting or discarded mark and its photo from the discharger, not from the office', async () => {
    const s = await stop();
    // The phone had an older version of the stop: a conflict for the office to decide.
    const body = markBody({ ...s, version: s.version + 5 }, line());
    const sent = (await t.as(A).post('/driver/marks', body)).json();
    expect(sent.state).toBe('CONFLICT');
    await putPhoto(body.clientId, 'stop.png', samplePng());
    const photo = (who: string, prefix: string) =>
      t.as(who).get(`${prefix}/collections/${s.id}/proofs/${sent.markId}/photo`);
    for (const step of ['conflict', 'discarded']) {
      expect((await t.as(DIS).get(`/collections/${s.id}`)).json().proofs, step).toEqual([]);
      expect((await photo(DIS, '')).statusCode, step).toBe(404);
      const office = (await t.as(TRANS).get(`/trans/collections/${s.id}`)).json().proofs;
      expect(
        office.map((p: { id: number }) => p.id),
        step,
      ).toEqual([sent.markId]);
      expect((await photo(TRANS, '/trans')).statusCode, step).toBe(200);
      if (step === 'conflict')
        expect((await t.as(TRANS).post(`/trans/driver-marks/${sent.markId}/discard`)).statusCode).toBe(200);
    }
  });
});

describe('hostile marks', () => {
  it('answers 4xx with codes and writes nothing', async () => {
    const s = await stop();
    const base = markBody(s, line());
    const words = (reasonText: string) => ({
      ...base,
      result: 'NOT_COLLECTED',
      reasonCode: 'OTHER',
      reasonText,
      lines: [],
    });
    // Each refused 400 validation_error with the field's own code.
    const cases: [string, unknown, Record<string, string>][] = [
      ['NUL in the words', words('a\u0000b'), { reasonText: 'invalid_characters' }],
      ['a lone surrogate', words('a\ud800'), { reasonText: 'invalid_characters' }],
      ['a huge collection id', { ...base, collectionId: 99_999_999_999 }, { collectionId: 'invalid_format' }],
      [
        'a huge waste line id',
        { ...base, lines: [{ wasteLineId: 2 ** 40, bags: { '45': 1 } }] },
        { 'lines.0.wasteLineId': 'invalid_format' },
      ],
      ['a huge version', { ...base, baseVersion: 2 ** 53 }, { baseVersion: 'invalid_format' }],
      ['an impossible date', { ...base, baseDate: '2027-02-29' }, { baseDate: 'invalid_format' }],
      [
        'an impossible time',
        { ...base, markedAt: '2027-03-10T25:61:00+09:00' },
        { markedAt: 'invalid_format' },
      ],
      [
        'a string for a number',
        { ...base, lines: [{ wasteLineId: line(), bags: { '45': 1 }, weightKg: '12' }] },
        { 'lines.0.weightKg': 'invalid_format' },
      ],
    ];
    for (const [name, payload, fields] of cases) {
      const res = await t.as(A).post('/driver/marks', payload);
      expect([res.statusCode, res.json().code], name).toEqual([400, 'validation_error']);
      expect(res.json().fields, name).toMatchObject(fields);
    }
    const empty = await t.as(A).post('/driver/marks');
    expect([empty.statusCode, empty.json().code]).toEqual([400, 'validation_error']);
    expect(await t.db.select().from(collectionMarks).where(eq(collectionMarks.collectionId, s.id))).toEqual(
      [],
    );
    const [row] = await t.db.select().from(collections).where(eq(collections.id, s.id));
    expect(row).toMatchObject({ status: 'CONFIRMED', version: 2 });
    for (const id of ['0', '2147483648', '1e3', 'abc'])
      expect((await t.as(TRANS).post(`/trans/driver-marks/${id}/apply`)).statusCode, id).toBe(400);
  });
});

describe('the regular report draft', () => {
  it("fills each waste's draft from the month's standing marks", async () => {
    const own = await insertRunningProject(t.db);
    const [burnable, cardboard] = own.lineIds as [number, number];
    const stops = await insertStops(t.db, own, ['2027-03-01', '2027-03-02', '2027-03-03', '2027-03-04'], {
      driverUserId: driverA,
      lineIds: [burnable, cardboard],
    });
    const send = (i: number, over: Record<string, unknown>) =>
      t.as(A).post('/driver/marks', markBody(stops[i]!, burnable, over));
    await send(0, {
      lines: [
        { wasteLineId: burnable, bags: { '45': 2 }, weightKg: 10.25 },
        { wasteLineId: cardboard, bags: { '70': 1 } },
      ],
    });
    await send(1, { lines: [{ wasteLineId: burnable, bags: { '45': 1, '90': 1 }, weightKg: 4.5 }] });
    await send(2, { result: 'NOT_COLLECTED', reasonCode: 'NOTHING_OUT', lines: [] });
    // A mark the office discarded counts for nothing.
    await t.db
      .update(collections)
      .set({ status: 'CANCELLED', version: 9 })
      .where(eq(collections.id, stops[3]!.id));
    const conflict = (await send(3, {})).json();
    expect(conflict.state).toBe('CONFLICT');
    await t.as(TRANS).post(`/trans/driver-marks/${conflict.markId}/discard`);

    const form = await t.as(TRANS).get(`/trans/regular-reports/form?projectId=${own.id}&year=2027&month=3`);
    expect(form.statusCode, form.body).toBe(200);
    const wasteOf = async (name: string) =>
      (await t.db.query.wastes.findFirst({
        where: and(eq(wastes.category, 'REGULAR'), eq(wastes.name, name)),
      }))!.id;
    const byCategory = new Map(
      form.json().listVolume.map((v: { category: number; draft: unknown }) => [v.category, v.draft]),
    );
    const burnableWaste = await wasteOf('可燃ごみ');
    expect(byCategory.get(burnableWaste)).toEqual({
      weightKg: 14.75,
      weighed: 2,
      bags: { '45': 3, '90': 1 },
    });
    const cardboardWaste = (await t.db.select().from(wastes).where(eq(wastes.category, 'REGULAR')))[1]!.id;
    expect(byCategory.get(cardboardWaste)).toEqual({ weightKg: 0, weighed: 0, bags: { '70': 1 } });
    expect(
      [...byCategory.entries()].filter(([c, d]) => d !== null && c !== burnableWaste && c !== cardboardWaste),
    ).toEqual([]);
    // Another month has no draft.
    const february = await t
      .as(TRANS)
      .get(`/trans/regular-reports/form?projectId=${own.id}&year=2027&month=2`);
    expect(february.json().listVolume.every((v: { draft: unknown }) => v.draft === null)).toBe(true);
  });
});
