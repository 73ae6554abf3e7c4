import { errorSchema } from '@junkan/shared/api/common';
import { projectPageSchema } from '@junkan/shared/api/projects';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fastSerializerFor } from './fast-serializer';

const item = {
  id: 7,
  projectTitle: '銀座店 可燃ごみ定期回収 "引用" \\ 改行\n',
  projectStatus: 'IN_PROGRESS',
  type: 'REGULAR',
  memo: null,
  company: { id: 1, name: '株式会社グリーン商事' },
  transportCompany: null,
  createdDate: '2026-11-25T01:00:00.000Z',
};

describe('the fast response serializer', () => {
  it('writes what the zod serializer writes for a project page', () => {
    const page = {
      items: [item, { ...item, id: 8, transportCompany: { id: 3, name: '東都' } }],
      total: 2,
      page: 1,
      size: 50,
    };
    const fast = fastSerializerFor(projectPageSchema);
    expect(JSON.parse(fast(page))).toEqual(projectPageSchema.parse(page));
    expect(fast(page)).toBe(JSON.stringify(projectPageSchema.parse(page)));
  });

  it('never writes a field the schema does not have', () => {
    const leaky = {
      items: [{ ...item, passwordHash: 'x', company: { ...item.company, secret: 'y' } }],
      total: 1,
      page: 1,
      size: 50,
      debug: 1,
    };
    const out = fastSerializerFor(projectPageSchema)(leaky);
    expect(out).not.toContain('passwordHash');
    expect(out).not.toContain('secret');
    expect(out).not.toContain('debug');
  });

  it('serializes an error answer with its field codes', () => {
    const error = { code: 'invalid_format', message: 'Bad', fields: { page: 'invalid_format' } };
    expect(JSON.parse(fastSerializerFor(errorSchema)(error))).toEqual(errorSchema.parse(error));
  });

  it('refuses an object found where the schema has a value, rather than write what it holds', () => {
    const page = { items: [{ ...item, projectTitle: { passwordHash: 'x' } }], total: 1, page: 1, size: 50 };
    expect(() => fastSerializerFor(projectPageSchema)(page)).toThrow(/items\[\]\.projectTitle/);
    const arrayForObject = {
      items: [{ ...item, company: [{ id: 1, name: 'x' }] }],
      total: 1,
      page: 1,
      size: 50,
    };
    expect(() => fastSerializerFor(projectPageSchema)(arrayForObject)).toThrow(/company is not an object/);
  });

  it('copies records, nullable and optional fields as the zod serializer writes them', () => {
    const schema = z.object({
      tags: z.record(z.string(), z.object({ n: z.number() })),
      maybe: z.object({ a: z.string() }).nullable(),
      later: z.string().optional(),
      when: z.string(),
    });
    const serialize = fastSerializerFor(schema);
    const value = { tags: { x: { n: 1, extra: true } }, maybe: null, when: '2026-11-29', unknown: 1 };
    expect(serialize(value)).toBe(JSON.stringify(schema.parse(value)));
    const filled = { ...value, maybe: { a: 'b', c: 'd' }, later: 'x' };
    expect(serialize(filled)).toBe(JSON.stringify(schema.parse(filled)));
    const proto = JSON.parse('{"tags":{"__proto__":{"n":2}},"maybe":null,"when":"x"}');
    expect(JSON.parse(serialize(proto))).toEqual(proto);
  });

  it('refuses, when the route is compiled, a schema it cannot copy by', () => {
    const union = z.object({ v: z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]) });
    expect(() => fastSerializerFor(union)).toThrow(/\$\.v: a union of several shapes/);
    expect(() => fastSerializerFor(z.looseObject({ a: z.string() }))).toThrow(
      /named properties and a record together/,
    );
  });
});
