import { describe, expect, it } from 'vitest';
import {
  CARD_DECLINE_CODES,
  CARD_DECLINE_MESSAGES,
  CARD_PAYMENT_STATUSES,
  cardDeclineMessage,
  cardPaymentAttemptActions,
  cardPaymentOutcome,
  isOpenCardPayment,
} from './card-payments';
import { isMessageCode } from './messages';

describe('cardDeclineMessage', () => {
  it.each([
    ['insufficient_funds', 'card_insufficient_funds'],
    ['expired_card', 'card_expired'],
    ['card_declined', 'card_declined'],
    ['processing_error', 'card_processing_error'],
    ['three_d_secure_failed', 'card_three_d_secure_failed'],
    ['stolen_card', 'card_declined'],
    ['constructor', 'card_declined'],
    [null, 'card_declined'],
    [undefined, 'card_declined'],
  ])('%s -> %s', (code, expected) => {
    expect(cardDeclineMessage(code)).toBe(expected);
  });

  it('has a message code the screens know for every decline reason', () => {
    for (const code of CARD_DECLINE_CODES)
      expect(isMessageCode(CARD_DECLINE_MESSAGES[code]), code).toBe(true);
  });
});

describe('what the discharger may do with an attempt', () => {
  it.each([
    ['AUTHORIZING', ['RESUME'], 'PENDING'],
    ['REQUIRES_ACTION', ['RESUME', 'CANCEL'], 'REQUIRES_ACTION'],
    ['AUTHORIZED', ['RESUME'], 'PENDING'],
    ['CAPTURED', [], 'PAID'],
    ['DECLINED', [], 'DECLINED'],
    ['FAILED', [], 'DECLINED'],
    ['REFUNDED', [], 'REFUNDED'],
    ['CANCELLED', [], 'CANCELLED'],
  ] as const)('%s: actions %j, outcome %s', (status, actions, outcome) => {
    expect(cardPaymentAttemptActions(status)).toEqual(actions);
    expect(cardPaymentOutcome(status)).toBe(outcome);
  });

  it('covers every status, and only open attempts have actions', () => {
    for (const status of CARD_PAYMENT_STATUSES)
      expect(cardPaymentAttemptActions(status).length > 0, status).toBe(isOpenCardPayment(status));
  });
});
