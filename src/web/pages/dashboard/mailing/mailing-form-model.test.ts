import { describe, expect, it } from 'vitest';
import {
  MAILING_INLINE_RECIPIENTS,
  MAILING_MAX_RECIPIENTS,
  TELEGRAM_CAPTION_LIMIT,
  TELEGRAM_TEXT_LIMIT,
} from '../../../../contract/mailing.js';
import { messages } from '../../../../contract/messages.js';
import { firstFormError, needsConfirmation, recipientsOf, tokenForSending, type MailingFormState } from './mailing-form-model.js';

const m = messages.mailing;
const valid: MailingFormState = {
  botToken: '12345…wxyz',
  projectId: null,
  userId: 7,
  recipientIds: ['100'],
  message: 'Привет',
  hasImage: false,
};

describe('recipientsOf', () => {
  it('merges typed numeric IDs with ticked buyers, keeping the first occurrence and dropping repeats', () => {
    expect(recipientsOf('100, 200;300\n abc 100', new Set(['300', '400']))).toEqual(['100', '200', '300', '400']);
  });

  it('is empty with nothing typed or ticked', () => {
    expect(recipientsOf('  ,; ', [])).toEqual([]);
  });
});

describe('tokenForSending', () => {
  it('prefers a token typed here over the saved mask', () => {
    expect(tokenForSending('12345…wxyz', ' 1:abc ')).toBe('1:abc');
  });

  it('falls back to the saved mask, or nothing', () => {
    expect(tokenForSending('12345…wxyz', '   ')).toBe('12345…wxyz');
    expect(tokenForSending(null, '')).toBe('');
  });
});

describe('firstFormError', () => {
  it('accepts a complete form', () => {
    expect(firstFormError(valid)).toBeNull();
  });

  it('reports problems in SPEC order: token, user, recipients, text', () => {
    const empty: MailingFormState = { botToken: '', projectId: null, userId: undefined, recipientIds: [], message: ' ', hasImage: false };
    expect(firstFormError(empty)).toEqual({ field: 'token', message: m.tokenRequiredToSend });
    expect(firstFormError({ ...empty, botToken: 't' })).toEqual({ field: null, message: m.userUnknown });
    expect(firstFormError({ ...empty, botToken: 't', userId: 1 })).toEqual({ field: 'recipients', message: m.recipientsRequired });
    expect(firstFormError({ ...empty, botToken: 't', userId: 1, recipientIds: ['1'] })).toEqual({
      field: 'message',
      message: m.messageRequired,
    });
  });

  it('needs no mailing bot token when an action’s own bot sends', () => {
    expect(firstFormError({ ...valid, botToken: '', projectId: 3 })).toBeNull();
  });

  it('refuses more recipients than one mailing takes', () => {
    const ids = Array.from({ length: MAILING_MAX_RECIPIENTS + 1 }, (_, index) => String(index + 1));
    expect(firstFormError({ ...valid, recipientIds: ids })?.field).toBe('recipients');
  });

  it('holds the text to 4096 characters, or 1024 with a picture', () => {
    expect(firstFormError({ ...valid, message: 'я'.repeat(TELEGRAM_TEXT_LIMIT) })).toBeNull();
    expect(firstFormError({ ...valid, message: 'я'.repeat(TELEGRAM_TEXT_LIMIT + 1) })?.field).toBe('message');
    const caption = firstFormError({ ...valid, message: 'я'.repeat(TELEGRAM_CAPTION_LIMIT + 1), hasImage: true });
    expect(caption?.field).toBe('message');
    expect(caption?.message).toContain(String(TELEGRAM_CAPTION_LIMIT));
  });
});

describe('needsConfirmation', () => {
  it('asks only above a handful of recipients', () => {
    expect(needsConfirmation(MAILING_INLINE_RECIPIENTS)).toBe(false);
    expect(needsConfirmation(MAILING_INLINE_RECIPIENTS + 1)).toBe(true);
  });
});

describe('a mailing to a segment', () => {
  it('needs a segment chosen, and no typed IDs then', () => {
    expect(firstFormError({ ...valid, projectId: 3, recipientIds: [], segmentId: null })).toEqual({
      field: 'segment',
      message: messages.segments.segmentRequired,
    });
    expect(firstFormError({ ...valid, projectId: 3, recipientIds: [], segmentId: 5 })).toBeNull();
  });
});
