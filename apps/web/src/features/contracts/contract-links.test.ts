import type { Contract } from '@junkan/shared/api/contracts';
import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from '../../lib/download-attachment';
import { contractFiles, contractTaskLink, orderedFileKinds } from './contract-links';

const attachment = (fileName: string) => ({
  id: 1,
  fileName,
  mimeType: 'application/pdf',
  size: 100,
  createdAt: '2026-11-20T00:00:00Z',
});

describe('contract files', () => {
  it('links only the generated documents, collection before disposal', () => {
    const file: Contract['file'] = {
      disposal: attachment('処分.pdf'),
      regular: null,
      combine: null,
      collection: attachment('収集運搬.pdf'),
    };
    expect(contractFiles(file)).toEqual([
      { kind: 'collection', fileName: '収集運搬.pdf' },
      { kind: 'disposal', fileName: '処分.pdf' },
    ]);
  });

  it('links nothing before the contract is sent', () => {
    expect(contractFiles({ disposal: null, regular: null, combine: null, collection: null })).toEqual([]);
  });

  it('orders list kinds the same way', () => {
    expect(orderedFileKinds(['disposal', 'collection'])).toEqual(['collection', 'disposal']);
    expect(orderedFileKinds(['regular'])).toEqual(['regular']);
  });
});

describe('contractTaskLink', () => {
  it.each([
    ['CREATING_CONTRACT', null, 'TRANSPORT', '/contract-create/7'],
    ['CREATING_CONTRACT', 'DRAFT', 'TRANSPORT', '/contract-create/7'],
    ['CREATING_CONTRACT', 'RETURNED', 'TRANSPORT', '/contract-create/7'],
    ['REQUEST_CONTRACT', 'REQUESTED', 'TRANSPORT', null],
    ['REQUEST_CONTRACT', 'REQUESTED', 'WASTE', '/contract-confirm/7'],
    ['CREATING_CONTRACT', 'DRAFT', 'WASTE', null],
    ['COMPLETE_CONTRACT', 'APPROVED', 'WASTE', null],
    ['IN_PROGRESS', 'APPROVED', 'TRANSPORT', null],
  ] as const)('%s / %s as %s -> %s', (projectStatus, contractStatus, role, path) => {
    const link = contractTaskLink({ projectStatus, contractStatus, contractType: 'AUTO_UPDATE' }, role, 7);
    expect(link?.path ?? null).toBe(path);
  });
});

describe('fileNameFromDisposition', () => {
  it.each([
    [
      `attachment; filename="contract.pdf"; filename*=UTF-8''${encodeURIComponent('契約書（処分）.pdf')}`,
      '契約書（処分）.pdf',
    ],
    // As the server writes it: an ASCII fallback, then the UTF-8 name with parentheses escaped.
    [
      `attachment; filename="____.pdf"; filename*=UTF-8''${encodeURIComponent('契約書_本社(1).pdf').replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
      '契約書_本社(1).pdf',
    ],
    ['attachment; filename="contract.pdf"', 'contract.pdf'],
    ['attachment; filename=contract.pdf', 'contract.pdf'],
    ["attachment; filename*=UTF-8''%E0%A4%A", null],
    ['inline', null],
    [null, null],
  ])('%s -> %s', (header, name) => {
    expect(fileNameFromDisposition(header)).toBe(name);
  });
});
