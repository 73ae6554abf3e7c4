import { describe, expect, it } from 'vitest';
import {
  chatInquiryInputSchema,
  chatMessagesQuerySchema,
  chatReadInputSchema,
  chatSendInputSchema,
} from '../api/chat';
import {
  type ChatMessageRef,
  chatMessagesToTurn,
  isChatWaiting,
  lastChatMessageId,
  mergeChatMessages,
  otherChatSide,
  unreadChatCount,
} from './chat-rules';

const m = (id: number, side: ChatMessageRef['side']): ChatMessageRef => ({ id, side });
const thread = [m(1, 'COMPANY'), m(2, 'SUPPORT'), m(3, 'COMPANY'), m(4, 'COMPANY'), m(5, 'SUPPORT')];

describe('unreadChatCount', () => {
  it.each([
    ['COMPANY', 0, 2],
    ['COMPANY', 2, 1],
    ['COMPANY', 5, 0],
    ['SUPPORT', 0, 3],
    ['SUPPORT', 2, 2],
    ['SUPPORT', 4, 0],
  ] as const)('%s having read up to %i has %i unread', (viewer, readUpTo, unread) => {
    expect(unreadChatCount(thread, viewer, readUpTo)).toBe(unread);
  });
  it('counts nothing in an empty conversation', () => {
    expect(unreadChatCount([], 'COMPANY', 0)).toBe(0);
  });
});

describe('isChatWaiting and otherChatSide', () => {
  it.each([
    ['COMPANY', true],
    ['SUPPORT', false],
    [null, false],
  ] as const)('last message by %s: waiting %s', (side, waiting) => {
    expect(isChatWaiting(side)).toBe(waiting);
  });
  it('names the other side', () => {
    expect(otherChatSide('COMPANY')).toBe('SUPPORT');
    expect(otherChatSide('SUPPORT')).toBe('COMPANY');
  });
});

describe('mergeChatMessages', () => {
  it('keeps each id once, in id order, the arrived copy winning', () => {
    const held = [
      { id: 3, v: 'old' },
      { id: 1, v: 'a' },
    ];
    const arrived = [
      { id: 3, v: 'new' },
      { id: 2, v: 'b' },
      { id: 4, v: 'c' },
    ];
    expect(mergeChatMessages(held, arrived)).toEqual([
      { id: 1, v: 'a' },
      { id: 2, v: 'b' },
      { id: 3, v: 'new' },
      { id: 4, v: 'c' },
    ]);
  });
  it('answers the last id held, 0 for none', () => {
    expect(lastChatMessageId([])).toBe(0);
    expect(lastChatMessageId([{ id: 7 }, { id: 12 }, { id: 9 }])).toBe(12);
  });
});

describe('chatMessagesToTurn', () => {
  const ids = (list: readonly ChatMessageRef[]) => list.map((x) => x.id);
  it.each([
    ['the whole conversation', 0, undefined, [1, 2, 3, 4, 5]],
    ["after the last turned, from the company's next message", 2, undefined, [3, 4, 5]],
    ["support's answer before it is passed over", 1, undefined, [3, 4, 5]],
    ['up to the last one support saw', 0, 3, [1, 2, 3]],
    ['nothing when only support wrote since', 4, undefined, []],
    ['nothing after the end', 5, undefined, []],
    ['nothing when the range ends before it starts', 3, 2, []],
  ] as const)('%s: after %i up to %s', (_, after, upTo, expected) => {
    expect(ids(chatMessagesToTurn(thread, after, upTo))).toEqual(expected);
  });
  it('takes the messages in id order whatever order they come in', () => {
    expect(ids(chatMessagesToTurn([...thread].reverse(), 0, 4))).toEqual([1, 2, 3, 4]);
  });
  it('turns nothing of an empty conversation', () => {
    expect(chatMessagesToTurn([], 0)).toEqual([]);
  });
});

describe('chat request schemas', () => {
  /** Each field's first issue, as a form shows it (reversed, so that the first one is the one kept). */
  const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    r.success
      ? null
      : Object.fromEntries([...r.error!.issues].reverse().map((i) => [i.path.join('.'), i.message]));

  it.each([
    [{ clientId: 'c0ffee00-1234', body: 'こんにちは' }, null],
    [{ clientId: 'short', body: 'x' }, { clientId: 'invalid_format' }],
    [{ clientId: 'has space in it', body: 'x' }, { clientId: 'invalid_format' }],
    [{ body: 'x' }, { clientId: 'MSG_00_21' }],
    [{ clientId: 'abcdefgh', body: '   ' }, { body: 'MSG_00_21' }],
    [{ clientId: 'abcdefgh', body: 'x'.repeat(1001) }, { body: 'max_length_exceeded' }],
    [{ clientId: 'abcdefgh', body: 'a\u0000b' }, { body: 'invalid_characters' }],
  ])('send %j: %j', (input, fields) => {
    expect(issues(chatSendInputSchema.safeParse(input))).toEqual(fields);
  });
  it('keeps the lines of a message and trims its ends', () => {
    expect(chatSendInputSchema.parse({ clientId: 'abcdefgh', body: '  一行目\n二行目 ' }).body).toBe(
      '一行目\n二行目',
    );
  });
  it.each([
    [{}, null],
    [{ after: '0' }, null],
    [{ after: '12' }, null],
    [{ before: '12' }, null],
    [{ after: '1', before: '9' }, { after: 'invalid_request' }],
    [{ after: '-1' }, { after: 'invalid_format' }],
  ])('messages query %j: %j', (query, fields) => {
    expect(issues(chatMessagesQuerySchema.safeParse(query))).toEqual(fields);
  });
  it.each([
    [{ upTo: 0 }, null],
    [{ upTo: 15 }, null],
    [{ upTo: -1 }, { upTo: 'invalid_format' }],
    [{ upTo: 1.5 }, { upTo: 'invalid_format' }],
  ])('read %j: %j', (input, fields) => {
    expect(issues(chatReadInputSchema.safeParse(input))).toEqual(fields);
  });
  it.each([
    [{ subject: '回収日の相談', importance: 'IMPORTANT' }, null],
    [{ subject: '回収日の相談', importance: 'BLANK', upTo: 12 }, null],
    [{ subject: '回収日の相談' }, null],
    [{ subject: '  ', importance: 'BLANK' }, { subject: 'MSG_00_21' }],
    [{ subject: 'x'.repeat(101), importance: 'BLANK' }, { subject: 'max_length_exceeded' }],
    [{ subject: '件名', importance: 'URGENT' }, { importance: 'invalid_format' }],
    [{ subject: '件名', importance: 'BLANK', upTo: 0 }, { upTo: 'invalid_format' }],
  ])('turn into an inquiry %j: %j', (input, fields) => {
    expect(issues(chatInquiryInputSchema.safeParse(input))).toEqual(fields);
  });
  it('answers BLANK when no importance is chosen', () => {
    expect(chatInquiryInputSchema.parse({ subject: '件名' }).importance).toBe('BLANK');
  });
});
