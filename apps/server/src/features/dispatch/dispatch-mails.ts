/**
 * The office's mails to its drivers: the invitation to set a password, and the stops given to a driver. Japanese
 * first (the drivers read them on a phone), a line of English after the link.
 */
import { paths } from '@junkan/shared/paths';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { JAPANESE_WEEKDAYS } from '../../lib/time';
import { mailUsers } from '../../plugins/mail';

/** Writes the invitation of a driver the office made (in `tx`: it goes out only if the driver is saved). */
export async function mailDriverInvitation(
  app: FastifyInstance,
  tx: Tx,
  d: { email: string; userName: string; companyName: string; link: string },
) {
  await app.mailer.send(
    {
      to: d.email,
      subject: '【junkan】ドライバー用アカウントのご案内 / Your driver account',
      text: [
        `${d.userName} 様`,
        '',
        `${d.companyName} があなたのドライバー用アカウントを登録しました。`,
        '以下のリンクから72時間以内にパスワードを設定してください。',
        '設定後にスマートフォンでログインすると、担当の回収予定が表示されます。',
        '',
        d.link,
        '',
        `${d.companyName} has created your junkan driver account. Set your password within 72 hours at the link above, then sign in on your phone to see your stops.`,
        '',
        '※ お心当たりのない場合は、このメールを破棄してください。',
      ].join('\n'),
    },
    { tx },
  );
}

export interface GivenStop {
  date: string;
  siteName: string;
  projectTitle: string;
}

/** 2026-12-03（木）. */
const dayOf = (date: string) => `${date}（${JAPANESE_WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]}）`;

/**
 * Tells each driver the stops just given to it: one mail per driver and call, the stops by date, with the link to
 * the driver's day. Written in `tx`; only enabled drivers are mailed (an invited one has no sign-in yet).
 */
export async function mailStopsGiven(
  app: FastifyInstance,
  tx: Tx,
  companyName: string,
  given: Map<number, GivenStop[]>,
) {
  for (const [driverId, stops] of given) {
    const sorted = [...stops].sort(
      (a, b) => a.date.localeCompare(b.date) || a.siteName.localeCompare(b.siteName),
    );
    await mailUsers(
      app,
      [driverId],
      {
        subject: `【junkan】回収予定が割り当てられました（${sorted.length}件） / Stops assigned to you`,
        lines: [
          `${companyName} から回収予定が割り当てられました。`,
          '',
          ...sorted.map((s) => `・${dayOf(s.date)} ${s.siteName}（${s.projectTitle}）`),
          '',
          'スマートフォンで当日の回収予定と順番を確認してください。',
        ],
        english: `${companyName} assigned ${sorted.length} stop(s) to you. See them on your phone.`,
        path: paths.driverDay.to(),
      },
      { tx },
    );
  }
}
