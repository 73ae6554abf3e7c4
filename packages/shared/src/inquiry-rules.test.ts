import { describe, expect, it } from 'vitest';
import { INQUIRY_STATUSES, type InquiryStatus } from './enums';
import {
  canActOnInquiry,
  checkInquiryUpload,
  formatInquiryId,
  INQUIRY_ACTIONS,
  INQUIRY_FILES_MAX_TOTAL_BYTES,
  INQUIRY_SIDES,
  type InquiryAction,
  type InquirySide,
  inquiryActions,
  inquiryStatusAfter,
  inquiryUploadBudget,
} from './inquiry-rules';

const MB = 1024 * 1024;

/**
 * The whole table, written out: side, status, and the actions allowed (Y) or refused (-) in the order
 * REPLY, CLOSE, DELETE, SET_IMPORTANCE. Every combination is listed once.
 */
const EXPECTED: [InquirySide, InquiryStatus, string][] = [
  ['WASTE', 'AWAITING_RESPONSE', 'YYY-'],
  ['WASTE', 'RESPONSE_RECEIVED', 'YYY-'],
  ['WASTE', 'CLOSED', '--Y-'],
  ['TRANSPORT', 'AWAITING_RESPONSE', 'YYY-'],
  ['TRANSPORT', 'RESPONSE_RECEIVED', 'YYY-'],
  ['TRANSPORT', 'CLOSED', '--Y-'],
  ['ADMIN', 'AWAITING_RESPONSE', 'YYYY'],
  ['ADMIN', 'RESPONSE_RECEIVED', 'YYYY'],
  ['ADMIN', 'CLOSED', '--YY'],
];

describe('inquiry rules: who may do what in which status', () => {
  it('lists every side and status once', () => {
    const listed = EXPECTED.map(([side, status]) => `${side}/${status}`);
    const all = INQUIRY_SIDES.flatMap((side) => INQUIRY_STATUSES.map((status) => `${side}/${status}`));
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...all].sort());
  });

  it.each(EXPECTED)('%s in %s: %s', (side, status, marks) => {
    INQUIRY_ACTIONS.forEach((action, i) => {
      expect(canActOnInquiry(side, action, status), `${side} ${action} in ${status}`).toBe(marks[i] === 'Y');
    });
    expect(inquiryActions(side, status)).toEqual(INQUIRY_ACTIONS.filter((_, i) => marks[i] === 'Y'));
  });

  it('lets nobody reply to or close a CLOSED inquiry', () => {
    for (const side of INQUIRY_SIDES) {
      expect(canActOnInquiry(side, 'REPLY', 'CLOSED')).toBe(false);
      expect(canActOnInquiry(side, 'CLOSE', 'CLOSED')).toBe(false);
    }
  });
});

describe('inquiryStatusAfter: the status follows who spoke last', () => {
  const cases: [InquirySide, InquiryAction, InquiryStatus, InquiryStatus][] = [
    ['ADMIN', 'REPLY', 'AWAITING_RESPONSE', 'RESPONSE_RECEIVED'],
    ['ADMIN', 'REPLY', 'RESPONSE_RECEIVED', 'RESPONSE_RECEIVED'],
    ['WASTE', 'REPLY', 'RESPONSE_RECEIVED', 'AWAITING_RESPONSE'],
    ['WASTE', 'REPLY', 'AWAITING_RESPONSE', 'AWAITING_RESPONSE'],
    ['TRANSPORT', 'REPLY', 'RESPONSE_RECEIVED', 'AWAITING_RESPONSE'],
    ['WASTE', 'CLOSE', 'RESPONSE_RECEIVED', 'CLOSED'],
    ['TRANSPORT', 'CLOSE', 'AWAITING_RESPONSE', 'CLOSED'],
    ['ADMIN', 'CLOSE', 'AWAITING_RESPONSE', 'CLOSED'],
    ['WASTE', 'DELETE', 'RESPONSE_RECEIVED', 'RESPONSE_RECEIVED'],
    ['ADMIN', 'SET_IMPORTANCE', 'CLOSED', 'CLOSED'],
  ];
  it.each(cases)('%s %s in %s -> %s', (side, action, from, to) => {
    expect(inquiryStatusAfter(side, action, from)).toBe(to);
  });
});

describe('formatInquiryId', () => {
  it.each([
    [1, '00001'],
    [42, '00042'],
    [12345, '12345'],
    [123456, '123456'],
  ])('%i -> %s', (id, shown) => {
    expect(formatInquiryId(id)).toBe(shown);
  });
});

describe('checkInquiryUpload (section 5)', () => {
  const held = [
    { fileName: '現場写真.jpg', size: 2 * MB },
    { fileName: '見積.pdf', size: 8 * MB },
  ];
  it.each([
    ['no file', [], held, null],
    ['a pdf', [{ fileName: 'a.pdf', size: 1 }], held, null],
    ...(['jpg', 'jpeg', 'png', 'pdf', 'xlsx', 'doc', 'mp4', 'mov', 'MOV'] as const).map(
      (ext) => [`a .${ext}`, [{ fileName: `f.${ext}`, size: 1 }], [], null] as const,
    ),
    ['a .docx', [{ fileName: 'f.docx', size: 1 }], [], 'upload_file_type_error'],
    ['a .exe', [{ fileName: 'f.exe', size: 1 }], [], 'upload_file_type_error'],
    ['a .zip', [{ fileName: 'f.zip', size: 1 }], [], 'upload_file_type_error'],
    ['two files at once', [{ fileName: 'a.pdf' }, { fileName: 'b.pdf' }], [], 'MSG_28_5'],
    ['a name the inquiry holds', [{ fileName: '見積.pdf', size: 1 }], held, 'upload_file_same_name_error'],
    ['the same name in other case', [{ fileName: '見積.PDF', size: 1 }], held, 'upload_file_same_name_error'],
    ['a 100 MB video alone', [{ fileName: 'v.mp4', size: 100 * MB }], [], null],
    ['over 100 MB alone', [{ fileName: 'v.mp4', size: 100 * MB + 1 }], [], 'max_100MB_upload'],
    ['exactly what is left', [{ fileName: 'v.mov', size: 90 * MB }], held, null],
    ['one byte over the total', [{ fileName: 'v.mov', size: 90 * MB + 1 }], held, 'max_100MB_upload'],
    ['size not known yet', [{ fileName: 'v.mov' }], held, null],
  ] as const)('%s -> %s', (_label, files, existing, code) => {
    expect(checkInquiryUpload(files, existing)).toBe(code);
  });
});

describe('inquiryUploadBudget', () => {
  it('is what the inquiry files leave of 100 MB, never below 0', () => {
    expect(inquiryUploadBudget([])).toBe(INQUIRY_FILES_MAX_TOTAL_BYTES);
    expect(inquiryUploadBudget([{ size: 30 * MB }, { size: 20 * MB }])).toBe(50 * MB);
    expect(inquiryUploadBudget([{ size: 100 * MB }])).toBe(0);
    expect(inquiryUploadBudget([{ size: 100 * MB }, { size: 1 }])).toBe(0);
  });
});
