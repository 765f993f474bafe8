import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { POINTS_KIND_LABELS } from '../../../contract/points.js';
import { ledgerEventData, newWebhookSecret, signedHeaders, testEventData, webhookBody } from './payload.js';

describe('webhook payloads', () => {
  const message = { eventId: 'msg_1', type: 'webhook.test', createdAt: new Date('2026-03-01T10:00:00Z'), data: { a: 1 } };

  it('the body is { id, type, created_at, data } and the same bytes each time', () => {
    expect(webhookBody(message)).toBe('{"id":"msg_1","type":"webhook.test","created_at":"2026-03-01T10:00:00.000Z","data":{"a":1}}');
    expect(webhookBody(message)).toBe(webhookBody({ ...message }));
  });

  it('is signed so that a Standard Webhooks verifier accepts it, and refuses it under another secret', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = webhookBody(message);
    const headers = signedHeaders(secret, { eventId: 'msg_1', body, sentAt: new Date() });
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(body.replace('"a":1', '"a":2'), headers)).toThrow();
  });

  it('a ledger row is shown as the buyer card shows it, with its action and shopper', () => {
    const data = ledgerEventData({
      id: 7,
      projectId: 3,
      buyerTgId: '42',
      delta: -50,
      heldDelta: 0,
      kind: 'manual',
      actor: 'seller',
      reason: 'Подарок',
      createdAt: new Date('2026-03-01T10:00:00Z'),
      expiresAt: null,
      balanceAfter: 150,
      heldAfter: 0,
    });
    expect(data).toEqual({
      id: 7,
      project_id: 3,
      buyer_tg_id: '42',
      delta: -50,
      held_delta: 0,
      kind: 'manual',
      kind_label: POINTS_KIND_LABELS.manual,
      actor: 'seller',
      reason: 'Подарок',
      created_at: '2026-03-01T10:00:00.000Z',
      expires_at: null,
      balance_after: 150,
      held_after: 0,
    });
  });

  it('the test event names its endpoint and nothing else', () => {
    expect(Object.keys(testEventData({ id: 5, url: 'https://example.ru/h' }))).toEqual(['endpoint_id', 'url', 'message']);
  });
});
