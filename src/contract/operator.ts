import { fillMessage, messages } from './messages.js';
import { z } from './zod-setup.js';

/**
 * The operator's own details, shown on the public pages (footer, /oferta, /privacy, the
 * landing's contact buttons, video and example projects). They are operator settings, set
 * at run time by `npm run admin -- settings:set <key> <value>`: the bundle carries none.
 */
export const OPERATOR_SETTING_KEYS = [
  'company_name',
  'company_inn',
  'company_ogrn',
  'company_address',
  'company_bank',
  'contact_email',
  'contact_telegram',
  'demo_video_url',
  'example_projects',
] as const;
export type OperatorSettingKey = (typeof OPERATOR_SETTING_KEYS)[number];

export const isOperatorSettingKey = (key: string): key is OperatorSettingKey => (OPERATOR_SETTING_KEYS as readonly string[]).includes(key);

/**
 * Sites whose players the landing may embed. The server's CSP `frame-src` is built from this
 * list, so a video the settings accept is a video the browser may show.
 */
export const VIDEO_HOSTS = ['rutube.ru', 'vkvideo.ru', 'vk.com'] as const;
export const VIDEO_FRAME_ORIGINS = VIDEO_HOSTS.map((host) => `https://${host}`);

export const EXAMPLE_PROJECTS_MAX = 12;

const text = (max: number, message: string) => z.string({ error: message }).trim().min(1, message).max(max, message);

/** An https address without credentials, on one of `hosts` when given. */
const httpsUrl = (message: string, hosts?: readonly string[]) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => {
      try {
        const url = new URL(value);
        return (
          url.protocol === 'https:' && url.hostname.length > 0 && !url.username && !url.password && (!hosts || hosts.includes(url.hostname))
        );
      } catch {
        return false;
      }
    }, message);

/** Telegram usernames: 5–32 characters, Latin letters, digits and `_`, starting with a letter. */
const TELEGRAM_USERNAME = /^[A-Za-z][A-Za-z0-9_]{4,31}$/;

export const exampleProjectSchema = z.object({
  name: z.string().trim().min(1).max(80),
  url: httpsUrl(messages.operator.projectsInvalid).optional(),
  category: z.string().trim().min(1).max(80).optional(),
  text: z.string().trim().min(1).max(300).optional(),
});
export type ExampleProject = z.infer<typeof exampleProjectSchema>;

/**
 * How each setting's text (as typed in the CLI) is checked and normalised before it is stored.
 * The stored value is the normalised text; `example_projects` is stored as its JSON.
 */
export const operatorSettingInputSchemas = {
  company_name: text(300, messages.operator.nameInvalid),
  company_inn: z
    .string()
    .trim()
    .regex(/^(\d{10}|\d{12})$/, messages.operator.innInvalid),
  company_ogrn: z
    .string()
    .trim()
    .regex(/^(\d{13}|\d{15})$/, messages.operator.ogrnInvalid),
  company_address: text(500, messages.operator.addressInvalid),
  company_bank: text(500, messages.operator.bankInvalid),
  contact_email: z
    .string()
    .trim()
    .pipe(z.email({ error: messages.operator.emailInvalid }).max(254, messages.operator.emailInvalid)),
  // Stored as the chat's address, whichever of the two forms the operator typed.
  contact_telegram: z
    .string()
    .trim()
    .transform((value) =>
      value
        .replace(/^@/, '')
        .replace(/^https:\/\/t\.me\//, '')
        .replace(/\/$/, ''),
    )
    .refine((name) => TELEGRAM_USERNAME.test(name), messages.operator.telegramInvalid)
    .transform((name) => `https://t.me/${name}`),
  demo_video_url: httpsUrl(fillMessage(messages.operator.videoUrlInvalid, { hosts: VIDEO_HOSTS.join(', ') }), VIDEO_HOSTS),
  example_projects: z
    .string()
    .transform((value, context) => {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: messages.operator.projectsInvalid });
        return z.NEVER;
      }
    })
    .pipe(z.array(exampleProjectSchema, { error: messages.operator.projectsInvalid }).min(1).max(EXAMPLE_PROJECTS_MAX))
    .transform((projects) => JSON.stringify(projects)),
} satisfies Record<OperatorSettingKey, z.ZodType<string, string>>;

/**
 * What the public pages read (`GET /lk/api/public/operator`): each detail or null when unset.
 * `samples` names the fields whose values are demo-mode samples, shown as «Пример: …».
 */
export const operatorDetailsSchema = z.object({
  company_name: z.string().nullable(),
  company_inn: z.string().nullable(),
  company_ogrn: z.string().nullable(),
  company_address: z.string().nullable(),
  company_bank: z.string().nullable(),
  contact_email: z.string().nullable(),
  contact_telegram: z.string().nullable(),
  demo_video_url: z.string().nullable(),
  example_projects: z.array(exampleProjectSchema).nullable(),
  samples: z.array(z.enum(OPERATOR_SETTING_KEYS)),
});
export type OperatorDetails = z.infer<typeof operatorDetailsSchema>;
