import { describe, expect, it } from 'vitest';
import {
  mailingOutcomeMessage,
  mailingStartedMessage,
  mailingSendRequestSchema,
  mergeRecipientIds,
  messageLengthError,
  parseRecipientIds,
} from './mailing.js';

describe('recipient ids (SPEC §5)', () => {
  it('splits text on whitespace, commas and semicolons and keeps only numbers', () => {
    expect(parseRecipientIds('123, 456;789\n\t1000  abc 12a -1001234567890 ;;')).toEqual(['123', '456', '789', '1000', '-1001234567890']);
  });

  it('drops repeats and keeps the first place of each id', () => {
    expect(parseRecipientIds('5 3 5 007 7')).toEqual(['5', '3', '7']);
  });

  it('gives nothing for text without numbers', () => {
    expect(parseRecipientIds('  ,; abc ')).toEqual([]);
  });

  it('merges typed ids with ticked buyers without duplicates', () => {
    expect(mergeRecipientIds(['1', '2'], ['2', '3'], ['1'])).toEqual(['1', '2', '3']);
  });
});

describe('message length against Telegram’s limits', () => {
  it('allows 4096 characters of text and 1024 of a photo caption', () => {
    expect(messageLengthError('a'.repeat(4096), false)).toBeNull();
    expect(messageLengthError('a'.repeat(4097), false)).toContain('4096');
    expect(messageLengthError('a'.repeat(1024), true)).toBeNull();
    expect(messageLengthError('a'.repeat(1025), true)).toContain('1024');
  });

  it('the send schema applies the caption limit only when there is a picture', () => {
    const base = { bot_token: 't', recipient_ids: ['1'], message: 'a'.repeat(2000) };
    expect(mailingSendRequestSchema.safeParse(base).success).toBe(true);
    expect(mailingSendRequestSchema.safeParse({ ...base, image_url: 'https://x.test/a.png' }).success).toBe(false);
  });
});

describe('the outcome text (SPEC §8)', () => {
  it('names the recipients when all got it, and both figures otherwise', () => {
    expect(mailingOutcomeMessage({ sent: 12, failed: 0 })).toBe('Сообщения отправлены 12 получателям.');
    expect(mailingOutcomeMessage({ sent: 1, failed: 0 })).toBe('Сообщение отправлено 1 получателю.');
    expect(mailingOutcomeMessage({ sent: 2, failed: 0 })).toBe('Сообщения отправлены 2 получателям.');
    expect(mailingOutcomeMessage({ sent: 21, failed: 0 })).toBe('Сообщения отправлены 21 получателю.');
    expect(mailingOutcomeMessage({ sent: 10, failed: 2 })).toBe('Успешно: 10, ошибок: 2. Проверьте список ниже.');
  });
});

describe('mailingStartedMessage', () => {
  it('names how many recipients the mailing was started for, agreeing with the count', () => {
    expect(mailingStartedMessage(1)).toBe('Рассылка запущена для 1 получателя. Форма очищена для следующей рассылки.');
    expect(mailingStartedMessage(3)).toBe('Рассылка запущена для 3 получателей. Форма очищена для следующей рассылки.');
    expect(mailingStartedMessage(21)).toBe('Рассылка запущена для 21 получателя. Форма очищена для следующей рассылки.');
  });
});
