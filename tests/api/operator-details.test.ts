import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { OPERATOR_SETTING_KEYS, VIDEO_HOSTS } from '../../src/contract/operator.js';
import { ApiClient } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { runAdminCli } from '../support/operator.js';
import { createDatabase } from '../support/postgres-cluster.js';
import { productionEnv, ROOT, startServer, TEST_ADMIN_TOKEN } from '../support/server-process.js';

/** The invented details the public pages used to carry (issue: "a product must never show invented legal data"). */
const INVENTED = ['Иванов', 'Примерная', 'Банк Пример', 'scanapp_support', '0a1b2c3d4e5f60718293a4b5c6d7e8f9', 'myagkiy_dom'];

const DETAILS = {
  company_name: 'ООО «Лояльность и Ко»',
  company_inn: '7707083893',
  company_ogrn: '1027700132195',
  company_address: '119991, г. Москва, ул. Вавилова, д. 19',
  company_bank: 'р/с 40702810400000000001 в ПАО Сбербанк, БИК 044525225, к/с 30101810400000000225',
  contact_email: 'hello@loyalty.example',
  contact_telegram: '@loyalty_team',
  demo_video_url: 'https://rutube.ru/play/embed/1234567890abcdef',
  example_projects: JSON.stringify([
    { name: 'Северный лён', category: 'Текстиль', text: 'Баллы за чеки.', url: 'https://t.me/severny_len_bot' },
    { name: 'Без ссылки' },
  ]),
};

const admin = (baseUrl: string, method: string, key: string, body?: unknown) =>
  new ApiClient(baseUrl).request(method, `/admin/settings/${key}`, { headers: { 'x-admin-token': TEST_ADMIN_TOKEN }, body });
const publicDetails = async (baseUrl: string) => {
  const answer = await new ApiClient(baseUrl).get('/public/operator');
  expect(answer.status).toBe(200);
  return answer.body as Record<string, unknown> & { samples: string[] };
};

describe.each(backends())('operator details on $name', (backend) => {
  it('set by the admin API appear on the public endpoint at once, normalised, no longer as samples', async () => {
    try {
      for (const [key, value] of Object.entries(DETAILS)) {
        const answer = await admin(backend.url, 'PUT', key, { value });
        expect(answer.status, key).toBe(200);
        expect(answer.body.message).toBe(messages.billing.settingSaved);
      }
      const response = await fetch(`${backend.url}/lk/api/public/operator`);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.json()).toEqual({
        ...DETAILS,
        contact_telegram: 'https://t.me/loyalty_team',
        example_projects: JSON.parse(DETAILS.example_projects),
        samples: [],
      });
    } finally {
      for (const key of OPERATOR_SETTING_KEYS) await admin(backend.url, 'DELETE', key);
    }
  });

  it('are refused with a Russian 400 when malformed, and nothing changes', async () => {
    const before = await publicDetails(backend.url);
    const cases: Array<[string, unknown, string]> = [
      ['company_inn', '12345', messages.operator.innInvalid],
      ['company_inn', '77070838931', messages.operator.innInvalid],
      ['company_ogrn', '12345678901234', messages.operator.ogrnInvalid],
      ['contact_email', 'not-an-email', messages.operator.emailInvalid],
      ['contact_telegram', '@ab', messages.operator.telegramInvalid],
      ['contact_telegram', 'https://example.com/loyalty_team', messages.operator.telegramInvalid],
      [
        'demo_video_url',
        'http://rutube.ru/play/embed/1',
        fillMessage(messages.operator.videoUrlInvalid, { hosts: VIDEO_HOSTS.join(', ') }),
      ],
      ['demo_video_url', 'rutube.ru/play/embed/1', fillMessage(messages.operator.videoUrlInvalid, { hosts: VIDEO_HOSTS.join(', ') })],
      [
        'demo_video_url',
        'https://video.example.com/embed/1',
        fillMessage(messages.operator.videoUrlInvalid, { hosts: VIDEO_HOSTS.join(', ') }),
      ],
      ['example_projects', 'not json', messages.operator.projectsInvalid],
      ['example_projects', '[{"url":"https://t.me/x_bot"}]', messages.operator.projectsInvalid],
      ['example_projects', '[{"name":"Бренд","url":"javascript:alert(1)"}]', messages.operator.projectsInvalid],
      ['company_name', '   ', messages.operator.nameInvalid],
      ['company_name', '', messages.operator.valueRequired],
      ['favourite_colour', 'синий', messages.operator.unknownSetting],
    ];
    for (const [key, value, message] of cases) {
      const answer = await admin(backend.url, 'PUT', key, { value });
      expect([answer.status, answer.body.message], `${key}=${String(value)}`).toEqual([400, message]);
    }
    expect(await publicDetails(backend.url)).toEqual(before);
  });

  it('need the operator token', async () => {
    const answer = await new ApiClient(backend.url).request('PUT', '/admin/settings/company_name', { body: { value: 'Кто угодно' } });
    expect(answer.status).toBe(401);
    expect((await publicDetails(backend.url)).company_name).not.toBe('Кто угодно');
  });

  it('in demo mode, unset details are answered as labelled samples on reserved addresses, never a made-up video or Telegram account', async () => {
    const details = await publicDetails(backend.url);
    expect(details.samples).toEqual(
      expect.arrayContaining(['company_name', 'company_inn', 'company_ogrn', 'contact_email', 'example_projects']),
    );
    expect(details.contact_email).toMatch(/@example\.com$/);
    expect(details.contact_telegram).toBeNull();
    expect(details.demo_video_url).toBeNull();
  });
});

describe('operator CLI details', () => {
  it(
    'settings:set, settings:list and settings:unset work on text details; a bad value is refused with its message',
    { timeout: 120_000 },
    async () => {
      const server = await startServer();
      try {
        const set = await runAdminCli(server.url, ['settings:set', 'company_address', '119991,', 'г.', 'Москва']);
        expect(set.code, set.stderr).toBe(0);
        expect(set.stdout).toContain(`${messages.billing.settingSaved}: company_address = 119991, г. Москва`);
        expect((await runAdminCli(server.url, ['settings:set', 'contact_telegram', 'https://t.me/loyalty_team'])).code).toBe(0);

        const list = await runAdminCli(server.url, ['settings:list']);
        expect(list.stdout).toContain('company_address\t119991, г. Москва');
        expect(list.stdout).toContain('contact_telegram\thttps://t.me/loyalty_team');
        expect(list.stdout).toContain('company_inn\t(не задано)');
        expect(list.stdout).toMatch(/receipt_price_tier1\t8/);

        const bad = await runAdminCli(server.url, ['settings:set', 'company_inn', '12-34']);
        expect(bad.code).toBe(1);
        expect(bad.stderr).toContain(messages.operator.innInvalid);

        const unset = await runAdminCli(server.url, ['settings:unset', 'company_address']);
        expect(unset.stdout).toContain(messages.operator.settingRemoved);
        const details = await publicDetails(server.url);
        expect(details.samples).toContain('company_address');
        expect(details.contact_telegram).toBe('https://t.me/loyalty_team');

        const price = await runAdminCli(server.url, ['settings:unset', 'receipt_price_tier1']);
        expect(price.code).toBe(1);
        expect(price.stderr).toContain(messages.operator.notRemovable);
      } finally {
        await server.stop();
      }
    },
  );
});

const postgres = backends().find((backend) => backend.name === 'postgres');

describe.runIf(postgres)('a production server', () => {
  it(
    'answers no details while none is set, warns once at start naming them, and shows what the CLI sets',
    { timeout: 120_000 },
    async () => {
      // Production needs real-looking credentials; every outside service points at this machine.
      const server = await startServer(productionEnv(createDatabase(postgres!.clusterUrl!, 'scanapp_operator_production')));
      try {
        const details = await publicDetails(server.url);
        expect(details).toEqual({ ...Object.fromEntries(OPERATOR_SETTING_KEYS.map((key) => [key, null])), samples: [] });

        const warnings = server
          .output()
          .split('\n')
          .filter((line) => line.includes('operator details not set'));
        expect(warnings).toHaveLength(1);
        for (const key of OPERATOR_SETTING_KEYS) expect(warnings[0]).toContain(key);

        const landing = await (await fetch(`${server.url}/`)).text();
        for (const text of INVENTED) expect(landing).not.toContain(text);

        expect((await runAdminCli(server.url, ['settings:set', 'company_name', DETAILS.company_name])).code).toBe(0);
        const after = await publicDetails(server.url);
        expect(after.company_name).toBe(DETAILS.company_name);
        expect(after.company_inn).toBeNull();
        expect(after.samples).toEqual([]);
      } finally {
        await server.stop();
      }
    },
  );
});

describe('the built web app (dist/web)', () => {
  it('carries none of the invented operator details', () => {
    const files = readdirSync(path.join(ROOT, 'dist/web'), { recursive: true, withFileTypes: true }).filter(
      (entry) => entry.isFile() && !/\.(br|gz|png|jpe?g|webp|avif)$/.test(entry.name),
    );
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const text = readFileSync(path.join(file.parentPath, file.name), 'utf8');
      for (const invented of INVENTED) expect(text.includes(invented), `${file.name} contains «${invented}»`).toBe(false);
    }
  });
});
