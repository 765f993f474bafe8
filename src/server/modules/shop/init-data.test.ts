import { describe, expect, it } from 'vitest';
import { initDataSignature, signInitData } from '../../integrations/telegram/web-app-init-data.js';
import { verifyInitData } from './init-data.js';

const TOKEN = '1234567890:AAEabcdefghijklmnopqrstuvwxyz012345';
const now = new Date('2026-11-23T12:00:00Z');
const buyer = { id: 100500, first_name: 'Ира', username: 'ira' };

describe('Telegram Mini App init data', () => {
  it('a correctly signed, fresh init data gives its user', () => {
    const data = signInitData(buyer, TOKEN, new Date(now.getTime() - 60_000), { query_id: 'AAH' });
    expect(verifyInitData(data, TOKEN, now)).toEqual(buyer);
  });

  it('is refused when signed with another bot’s token', () => {
    const data = signInitData(buyer, '1234567890:BBBabcdefghijklmnopqrstuvwxyz012345', now);
    expect(verifyInitData(data, TOKEN, now)).toBeNull();
  });

  it('is refused when a field was changed after signing (another user claimed)', () => {
    const data = new URLSearchParams(signInitData(buyer, TOKEN, now));
    data.set('user', JSON.stringify({ ...buyer, id: 42 }));
    expect(verifyInitData(data.toString(), TOKEN, now)).toBeNull();
  });

  it('is refused when older than a day, and accepted just within it', () => {
    expect(verifyInitData(signInitData(buyer, TOKEN, new Date(now.getTime() - 24 * 3600_000 - 1000)), TOKEN, now)).toBeNull();
    expect(verifyInitData(signInitData(buyer, TOKEN, new Date(now.getTime() - 24 * 3600_000 + 5000)), TOKEN, now)).toEqual(buyer);
  });

  it.each(['', 'hash=abc', 'user=%7B%7D', 'garbage%%%', `auth_date=1&hash=${'0'.repeat(64)}`])(
    'is refused for malformed input %j',
    (data) => {
      expect(verifyInitData(data, TOKEN, now)).toBeNull();
    },
  );

  it('is refused with a second hash, whichever of the two is right', () => {
    const data = signInitData(buyer, TOKEN, now);
    const hash = new URLSearchParams(data).get('hash');
    expect(verifyInitData(`${data}&hash=${'0'.repeat(64)}`, TOKEN, now)).toBeNull();
    expect(verifyInitData(`hash=${'0'.repeat(64)}&${data}`, TOKEN, now)).toBeNull();
    expect(verifyInitData(`${data}&hash=${hash}`, TOKEN, now)).toBeNull();
  });

  it('is refused with any field given twice, even when the signature covers both copies', () => {
    const params = new URLSearchParams({ auth_date: String(now.getTime() / 1000), user: JSON.stringify(buyer) });
    params.append('user', JSON.stringify({ ...buyer, id: 42 }));
    params.set('hash', initDataSignature(params, TOKEN));
    expect(verifyInitData(params.toString(), TOKEN, now)).toBeNull();
    params.delete('user');
    params.set('user', JSON.stringify(buyer));
    params.set('hash', initDataSignature(params, TOKEN));
    expect(verifyInitData(params.toString(), TOKEN, now)).toEqual(buyer);
  });

  it('is refused without a user', () => {
    const params = new URLSearchParams(signInitData(buyer, TOKEN, now));
    params.delete('user');
    expect(verifyInitData(params.toString(), TOKEN, now)).toBeNull();
  });
});
