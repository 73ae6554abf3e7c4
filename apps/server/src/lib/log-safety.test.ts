import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { mailOutbox } from '../db/schema';
import { redactUrl, serializeLoggedError } from './log-safety';

// Everything the server logs while it signs up, signs in, fails a query, resets a password and keeps mail.
const lines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});
const logText = () => lines.join('');

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ smtpUrl: undefined }, { logger: { level: 'trace', stream } });
});
afterAll(() => t.close());

describe('the log carries no secret, hash, token or mailed link', () => {
  it('through sign-up, sign-in, a failing query, a password reset and mail kept in the outbox', async () => {
    // Sign-up, activation link check and activation (mail kept: outbox mode).
    expect(
      (await t.anonymous.post('/auth/signup', { email: 'logged@example.com', password: 'Passw0rd' }))
        .statusCode,
    ).toBe(200);
    // A sign-up whose insert fails in the database: the failed query's parameters hold the argon2 hash.
    await t.db.execute(
      sql.raw(`alter table users add constraint log_test_refuse check (email <> 'refused@example.com')`),
    );
    const failed = await t.anonymous.post('/auth/signup', {
      email: 'refused@example.com',
      password: 'Passw0rd',
    });
    expect(failed.statusCode).toBe(500);
    expect(failed.json().code).toBe('server_error');
    // A query refused for a bad cast, logged as a handler logs what it caught: the value is in the driver's message.
    const castError = await t.db.execute(sql`select ${'$argon2id$v=19$cast'}::int`).catch((e: unknown) => e);
    expect(castError).toBeInstanceOf(Error);
    t.app.log.error({ err: castError }, 'cast refused');
    // Signed-in calls carry the token in a header.
    const token = await t.login('discharger@example.com');
    await t.as({ token }).post('/auth/refresh-token', {});
    await t.as({ token }).get('/users/info');
    // A wrong password, a password reset by mail, and the reset itself.
    await t.anonymous.post('/auth/login', { email: 'discharger@example.com', password: 'Wrong1234' });
    expect(
      (await t.anonymous.post('/auth/password/send-email', { email: 'discharger2@example.com' })).json(),
    ).toEqual({
      result: true,
    });

    const kept = await t.db.select().from(mailOutbox);
    const mailedTokens = kept.flatMap((m) => [...m.text.matchAll(/token=([^&\s]+)/g)].map((x) => x[1]!));
    expect(mailedTokens.length).toBe(2);
    const [activation, reset] = mailedTokens.map((x) => decodeURIComponent(x));
    await t.anonymous.get(`/users/email-token?emailToken=${activation}`);
    await t.anonymous.get(`/auth/link/check?token=${encodeURIComponent(reset!)}`);
    // Raw inject: the reset page is served outside /api.
    await t.app.inject({ url: `/sys/reset-pass?token=${encodeURIComponent(reset!)}` });
    expect(
      (await t.anonymous.post('/auth/password/reset', { pass: 'Reset1234', token: reset })).json(),
    ).toEqual({
      result: true,
    });
    // A calendar feed's address carries its token in the path; calendar apps fetch it without signing in.
    const feed = await t.as({ token }).post('/calendar-feed', {});
    const feedUrl = new URL(feed.json<{ url: string }>().url);
    const feedToken = feedUrl.pathname
      .split('/')
      .at(-1)!
      .replace(/\.ics$/, '');
    expect((await t.anonymous.get(feedUrl.pathname)).statusCode).toBe(200);
    expect((await t.anonymous.get(`${feedUrl.pathname}?x=1`)).statusCode).toBe(200);
    await t.as({ token }).post('/auth/logout', {});

    const log = logText();
    // The run was logged (requests, the failed query, the kept mails), so the checks below mean something.
    expect(log).toContain('unhandled error');
    expect(log).toContain('Failed query');
    expect(log).toContain('cast refused');
    expect(log).toContain('mail kept in outbox');
    expect(log).toContain('token=[redacted]');
    expect(log).not.toContain('$argon2');
    expect(log).not.toContain('eyJ');
    expect(log).not.toContain('Passw0rd');
    expect(log).not.toContain('Reset1234');
    for (const mailed of [...mailedTokens, activation!, reset!]) expect(log).not.toContain(mailed);
    expect(log).toContain('/api/calendar-feed/[redacted]');
    expect(log).not.toContain(feedToken);
    expect(log).not.toContain('/sys/user-registration?');
  });
});

describe('log helpers', () => {
  it('drops the parameters drizzle puts in a failed query, and driver detail, through causes', () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_unique"'),
      {
        code: '23505',
        constraint: 'users_email_unique',
        detail: 'Key (email)=(a@example.com) already exists.',
      },
    );
    const err = Object.assign(
      new Error('Failed query: insert into "users" values ($1, $2)\nparams: a@example.com,$argon2id$v=19$x'),
      {
        query: 'insert into "users" values ($1, $2)',
        params: ['a@example.com', '$argon2id$v=19$x'],
        cause,
      },
    );
    const logged = serializeLoggedError(err);
    const text = JSON.stringify(logged);
    expect(text).not.toContain('argon2');
    expect(text).not.toContain('a@example.com');
    expect(logged.message).toBe('Failed query: insert into "users" values ($1, $2)');
    expect(logged.stack).toContain('Failed query');
    expect(logged.cause).toMatchObject({ code: '23505', constraint: 'users_email_unique' });
  });

  it('masks token-like query values in logged addresses', () => {
    expect(redactUrl('/api/auth/link/check?token=abc&x=1')).toBe('/api/auth/link/check?token=[redacted]&x=1');
    expect(redactUrl('/api/users/email-token?emailToken=abc')).toBe(
      '/api/users/email-token?emailToken=[redacted]',
    );
    expect(redactUrl('/api/projects?page=2')).toBe('/api/projects?page=2');
  });

  it("masks a calendar feed's token in its path", () => {
    expect(redactUrl('/api/calendar-feed/abcDEF_-123.ics')).toBe('/api/calendar-feed/[redacted]');
    expect(redactUrl('/api/calendar-feed/abc.ics?x=1')).toBe('/api/calendar-feed/[redacted]?x=1');
    expect(redactUrl('/api/Calendar-Feed/abc%2e.ics#f')).toBe('/api/Calendar-Feed/[redacted]#f');
    expect(redactUrl('/api/calendar-feed')).toBe('/api/calendar-feed');
  });
});
