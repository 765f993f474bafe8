import { describe, expect, it } from 'vitest';
import { operatorSettingInputSchemas as schemas } from './operator.js';

const accepts = (key: keyof typeof schemas, value: string) => schemas[key].safeParse(value).data;

describe('operator detail inputs', () => {
  it('a Telegram contact typed as @name, t.me link or with a trailing slash is stored as one link', () => {
    for (const typed of ['@loyalty_team', 'loyalty_team', 'https://t.me/loyalty_team', 'https://t.me/loyalty_team/', '  @loyalty_team ']) {
      expect(accepts('contact_telegram', typed), typed).toBe('https://t.me/loyalty_team');
    }
    for (const typed of ['@abc', '@1loyalty', 'http://t.me/loyalty_team', 'https://t.me/loyalty team', '@' + 'a'.repeat(33)]) {
      expect(accepts('contact_telegram', typed), typed).toBeUndefined();
    }
  });

  it('ИНН has 10 or 12 digits, ОГРН 13 and ОГРНИП 15', () => {
    expect(accepts('company_inn', '7707083893')).toBe('7707083893');
    expect(accepts('company_inn', '500100732259')).toBe('500100732259');
    for (const inn of ['770708389', '77070838931', '7707O83893']) expect(accepts('company_inn', inn), inn).toBeUndefined();
    expect(accepts('company_ogrn', '1027700132195')).toBe('1027700132195');
    expect(accepts('company_ogrn', '304500116000157')).toBe('304500116000157');
    for (const ogrn of ['10277001321951', '1027700132']) expect(accepts('company_ogrn', ogrn), ogrn).toBeUndefined();
  });

  it('the video is an https player address on an allowed site only', () => {
    expect(accepts('demo_video_url', 'https://rutube.ru/play/embed/abc')).toBe('https://rutube.ru/play/embed/abc');
    expect(accepts('demo_video_url', 'https://vkvideo.ru/video_ext.php?oid=1&id=2')).toBeDefined();
    for (const url of [
      'http://rutube.ru/play/embed/abc',
      'https://rutube.ru.evil.example/x',
      'https://user:pw@rutube.ru/x',
      'rutube.ru/x',
    ]) {
      expect(accepts('demo_video_url', url), url).toBeUndefined();
    }
  });

  it('example projects are a JSON list of named projects with optional https links, stored as their JSON', () => {
    expect(accepts('example_projects', ' [{"name":" Бренд ","url":"https://t.me/brand_bot"}] ')).toBe(
      '[{"name":"Бренд","url":"https://t.me/brand_bot"}]',
    );
    for (const json of [
      '[]',
      '{}',
      '[{"name":""}]',
      '[{"name":"Бренд","url":"http://t.me/x"}]',
      JSON.stringify(Array.from({ length: 13 }, (_, i) => ({ name: `Бренд ${i}` }))),
    ]) {
      expect(accepts('example_projects', json), json).toBeUndefined();
    }
  });
});
