/**
 * The discharger's chat with the platform's support (ruling 14): one conversation per discharger company, two
 * sides. Each side has read up to a message id; what the other side wrote after it is unread.
 */
export const CHAT_SIDES = ['COMPANY', 'SUPPORT'] as const;
export type ChatSide = (typeof CHAT_SIDES)[number];

export const CHAT_MESSAGE_MAX_LENGTH = 1000;
/**
 * The id the sending client gives a message, so that sending again (after a timeout, a lost answer, a reload)
 * stores it once. Browsers without a secure context have no crypto.randomUUID, so any such token is taken.
 */
export const CHAT_CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/** Messages a first load or a page of older ones carries; a catch-up carries at most CHAT_CATCH_UP_LIMIT. */
export const CHAT_PAGE_SIZE = 50;
export const CHAT_CATCH_UP_LIMIT = 200;

export interface ChatMessageRef {
  id: number;
  side: ChatSide;
}

export const otherChatSide = (side: ChatSide): ChatSide => (side === 'COMPANY' ? 'SUPPORT' : 'COMPANY');

/** What `viewer` has not read: the other side's messages after the last one it read. */
export function unreadChatCount(
  messages: readonly ChatMessageRef[],
  viewer: ChatSide,
  readUpTo: number,
): number {
  const other = otherChatSide(viewer);
  return messages.filter((m) => m.side === other && m.id > readUpTo).length;
}

/** A conversation waits for support while its last message is the company's. */
export const isChatWaiting = (lastSide: ChatSide | null): boolean => lastSide === 'COMPANY';

/**
 * Messages held by a client merged with ones that arrived (a catch-up, a live event, the answer to a send):
 * each id once, the arrived copy kept, in id order, which is the order the server stored them in.
 */
export function mergeChatMessages<M extends { id: number }>(held: readonly M[], arrived: readonly M[]): M[] {
  const byId = new Map<number, M>();
  for (const m of held) byId.set(m.id, m);
  for (const m of arrived) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The last id a client holds, from which a catch-up asks for what came after (0 for none). */
export const lastChatMessageId = (messages: readonly { id: number }[]): number =>
  messages.reduce((max, m) => Math.max(max, m.id), 0);

/**
 * The messages support turns into an inquiry: those after the last ones turned (`after`) up to `upTo`, from the
 * company's first among them on, since an inquiry opens with the company's message (support's messages before it
 * answer what was turned before). Empty when the company wrote nothing in that range.
 */
export function chatMessagesToTurn<M extends ChatMessageRef>(
  messages: readonly M[],
  after: number,
  upTo: number = Number.MAX_SAFE_INTEGER,
): M[] {
  const range = messages.filter((m) => m.id > after && m.id <= upTo).sort((a, b) => a.id - b.id);
  const first = range.findIndex((m) => m.side === 'COMPANY');
  return first < 0 ? [] : range.slice(first);
}
