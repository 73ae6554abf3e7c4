import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIS, TRANS } from '../../test/fixtures/demo-data';
import { createTestApp, decodeClaims, type TestContext } from '../../test/test-app';
import { accessRow, sessionQuery } from './session-load';

// The session load is read by position (`accessRow`): each field must be the column `sessionQuery` names for it,
// as the ORM maps them by name.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the session load read by position', () => {
  it.each([DIS, TRANS, ADMIN])(
    'holds what the ORM reads by name, for %s signed in and with no sign-in',
    async (who) => {
      const claims = decodeClaims(await t.as(who).token()) as { userId: number; sid: string };
      for (const sid of [claims.sid, '']) {
        const values = { userId: claims.userId, adminId: null, sid, owner: claims.userId };
        const [byName] = await sessionQuery(t.db).execute(values);
        const byPosition = await accessRow(t.db, { userId: claims.userId, adminId: null, sid });
        expect(byName).toBeDefined();
        expect({ ...byPosition, deletedAt: byPosition?.deletedAt ?? null }).toEqual({
          ...byName,
          grants: byName?.grants ?? null,
          signInEndsAt: byName?.signInEndsAt == null ? null : Number(byName.signInEndsAt),
        });
        expect(byPosition?.signInEndsAt == null).toBe(sid === '');
      }
    },
  );

  it('checks an acting admin against the admin row and the admin sign-in', async () => {
    const admin = decodeClaims(await t.as(ADMIN).token()) as { userId: number; sid: string };
    const dis = decodeClaims(await t.as(DIS).token()) as { userId: number };
    const row = await accessRow(t.db, { userId: dis.userId, adminId: admin.userId, sid: admin.sid });
    expect(row).toMatchObject({ id: dis.userId, role: 'WASTE', isAdminActive: true });
    expect(row?.signInEndsAt).toBeGreaterThan(Date.now());
    expect(await accessRow(t.db, { userId: 2_147_483_647, adminId: null, sid: admin.sid })).toBeUndefined();
  });
});
