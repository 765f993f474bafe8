import { describe, expect, it } from 'vitest';
import { scrubUrl, serializeError } from './log-safety.js';

describe('log safety', () => {
  it('drops the parameters drizzle appends to a failed query, and the row PostgreSQL quotes', () => {
    const driverError = Object.assign(new Error('new row violates check constraint'), {
      code: '23514',
      constraint: 'users_email_lowercase',
      detail: 'Failing row contains (1, Анна, A@B.RU, $argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA).',
      params: ['Анна', 'A@B.RU', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA'],
    });
    const wrapped = Object.assign(
      new Error('Failed query: insert into "users" values ($1, $2, $3)\nparams: Анна,A@B.RU,$argon2id$v=19$secret'),
      {
        query: 'insert into "users" values ($1, $2, $3)',
        params: ['Анна', 'A@B.RU', '$argon2id$v=19$secret'],
        cause: driverError,
      },
    );
    const text = JSON.stringify(serializeError(wrapped));
    expect(text).not.toContain('argon2');
    expect(text).not.toContain('A@B.RU');
    expect(text).toContain('users_email_lowercase');
    expect(text).toContain('insert into');
  });

  it('scrubs an argon2 hash from any message', () => {
    expect(serializeError(new Error('bad value $argon2id$v=19$m=1$abc')).message).toBe('bad value [скрыто]');
  });

  it('replaces secret-named query values in a logged URL', () => {
    expect(scrubUrl('/x?token=abc&method=y')).toBe('/x?token=%5B%D1%81%D0%BA%D1%80%D1%8B%D1%82%D0%BE%5D&method=y');
    expect(scrubUrl('/lk/api/receipts?page=2')).toBe('/lk/api/receipts?page=2');
  });
});
