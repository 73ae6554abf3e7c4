import type { DriverDay } from '@junkan/shared/api/drivers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { businessClockOffset, businessNow, restoreBusinessClockOffset } from '../../../lib/business-clock';
import { type DriverStore, driverStore } from '../driver-store';
import { failureKind } from '../mark-queue';

/** The day on screen: the server's answer, or the one the phone kept when the server cannot be reached. */
export interface LoadedDay {
  day: DriverDay;
  /** The business instant the answer was received at (ISO). */
  receivedAt: string;
  /** Read from the phone: the server did not answer (offline) or refused the sign-in. */
  fromPhone: boolean;
  /** The server refused the sign-in: the driver signs in again (what the phone keeps stays). */
  signInNeeded: boolean;
}

/** GET /driver/day. A 401 is left to the page: the driver's marks wait on the phone for a new sign-in. */
export const getDriverDay = () => api.get<DriverDay>('/driver/day', undefined, { handleUnauthorized: false });

async function readCachedDay(userId: number, store: DriverStore): Promise<LoadedDay | null> {
  const cached = await store.readDay(userId).catch(() => undefined);
  if (!cached) return null;
  // Offline from the start: "today" and the marks' times follow the server's clock as last heard.
  restoreBusinessClockOffset(cached.clockOffsetMs);
  return { day: cached.day, receivedAt: cached.receivedAt, fromPhone: true, signInNeeded: false };
}

/** The server's day, kept on the phone; without a connection (or a sign-in), the kept one. */
export async function loadDriverDay(userId: number, store: DriverStore = driverStore()): Promise<LoadedDay> {
  try {
    const day = await getDriverDay();
    const receivedAt = new Date(businessNow()).toISOString();
    // Storage that is full or refused must not hide the answer.
    await store.writeDay({ userId, day, receivedAt, clockOffsetMs: businessClockOffset() }).catch(() => {});
    return { day, receivedAt, fromPhone: false, signInNeeded: false };
  } catch (error) {
    const kind = isApiError(error) ? failureKind(error.status) : 'refused';
    const cached = kind === 'refused' ? null : await readCachedDay(userId, store);
    if (!cached) throw error;
    return { ...cached, signInNeeded: kind === 'signIn' };
  }
}

export const driverDayQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['driver-day', userId],
    queryFn: () => loadDriverDay(userId),
    // Runs offline too: the kept day answers then.
    networkMode: 'always',
    retry: false,
    staleTime: 60_000,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
    // The office may change the round during the day.
    refetchInterval: 5 * 60_000,
  });

/** The kept day alone, shown at once while the server is asked (a slow line takes up to 10 s to fail). */
const keptDayQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['driver-day', userId, 'kept'],
    queryFn: () => readCachedDay(userId, driverStore()),
    networkMode: 'always',
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useDriverDay(userId: number) {
  const kept = useQuery(keptDayQueryOptions(userId));
  return useQuery({ ...driverDayQueryOptions(userId), placeholderData: kept.data ?? undefined });
}
