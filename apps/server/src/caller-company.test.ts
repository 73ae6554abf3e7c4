import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from './lib/app-error';
import { CompanyNotDeclaredError, callerOf, companyOfCall, type Session } from './plugins/auth';

/**
 * Which company a call is for is declared once per route (`config.company`) and resolved once by the auth hook
 * (plugins/auth.ts): `request.caller().companyId`. Nothing under features/ or lib/ reads the session's company or
 * derives it again.
 */
const SOURCES = ['features', 'lib'].map((dir) => join(import.meta.dirname, dir));

/** The files that may still read a session's company, each with its reason (at most 3). */
const ALLOWED: Record<string, string> = {
  'lib/session-cache.ts': "a company's change ends the cached sessions of that company: it matches sessions",
};

/** A read of a session's company, or a helper that derived the caller's company from it. */
const SESSION_COMPANY =
  /\bsession\??\.companyId\b|\{[^}]*\bcompanyId\b[^}]*\}\s*=\s*(?:[\w.]+\.)?(?:session|requireSession\()|\b(?:actingCompanyOf|readScopeCompanyOf|requireTransporter)\b/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe("the caller's company", () => {
  it('reads the patterns it looks for, and not the resolved company', () => {
    for (const read of [
      'const companyId = caller.session.companyId;',
      'if (!session.companyId) return [];',
      'request.session?.companyId',
      'const { companyId } = session;',
      'const { userId, companyId } = app.requireSession(request);',
      'const companyId = actingCompanyOf(session);',
      'eq(projects.companyId, readScopeCompanyOf(session))',
      'const companyId = requireTransporter(session);',
    ])
      expect(SESSION_COMPANY.test(read), read).toBe(true);
    for (const fine of [
      'const { companyId } = caller;',
      'eq(projects.companyId, caller.companyId)',
      'request.caller().companyId',
      'const { session, companyId } = caller;',
      'session.userId',
    ])
      expect(SESSION_COMPANY.test(fine), fine).toBe(false);
  });

  it('is never read from the session under features/ or lib/ (the auth hook resolves it)', () => {
    expect(Object.keys(ALLOWED).length).toBeLessThanOrEqual(3);
    const server = import.meta.dirname;
    const files = SOURCES.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    const found = files
      .map((file) => relative(server, file))
      .filter((file) => !(file in ALLOWED) && SESSION_COMPANY.test(readFileSync(join(server, file), 'utf8')));
    expect(found).toEqual([]);
  });
});

const session = (companyId: number | null): Session => ({
  userId: 1,
  email: 'someone@example.com',
  roles: companyId == null ? ['ADMIN'] : ['WASTE'],
  sessionId: 'sign-in',
  companyId,
  permissions: [],
  transportApproval: null,
});

describe("the auth hook's resolution (companyOfCall)", () => {
  it("answers the caller's own company whatever the route declares", () => {
    expect(companyOfCall('act', session(7))).toBe(7);
    expect(companyOfCall('read', session(7))).toBe(7);
  });

  it("refuses an 'act' call without a company 403", () => {
    const refusal = (() => {
      try {
        companyOfCall('act', session(null));
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: 'forbidden', statusCode: 403 });
  });

  it("scopes a 'read' call without a company to a company no row has", () => {
    const company = companyOfCall('read', session(null));
    expect(company).toBeDefined();
    expect(company).toBeLessThan(1);
  });

  it('resolves nothing for a route that declares no company', () => {
    expect(companyOfCall(undefined, session(7))).toBeUndefined();
    expect(companyOfCall(undefined, session(null))).toBeUndefined();
  });
});

describe("a request's caller (callerOf)", () => {
  it('carries the resolved company', () => {
    const caller = callerOf('req-1', session(7), 7, '/api/x');
    expect(caller).toMatchObject({ id: 'req-1', companyId: 7 });
    expect(caller.session.userId).toBe(1);
  });

  it('throws a programming error when the route declared no company and code reads it', () => {
    const caller = callerOf('req-1', session(7), undefined, '/api/undeclared');
    expect(caller.session.userId).toBe(1);
    expect(() => caller.companyId).toThrow(CompanyNotDeclaredError);
    expect(() => caller.companyId).toThrow(/company_not_declared: \/api\/undeclared/);
  });
});
