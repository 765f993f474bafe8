import {
  OPERATOR_SETTING_KEYS,
  exampleProjectSchema,
  operatorSettingInputSchemas,
  type OperatorDetails,
  type OperatorSettingKey,
} from '../../../contract/operator.js';
import { messages } from '../../../contract/messages.js';
import type { Executor } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import * as repo from './repository.js';
import { DEMO_SAMPLES } from './samples.js';

export type Mode = 'demo' | 'production';

/**
 * The details for the public pages. Production shows only what the operator set (a page leaves
 * an unset block out); demo mode fills the gaps with labelled samples and names them in `samples`.
 */
export async function readPublicOperatorDetails(db: Executor, mode: Mode): Promise<OperatorDetails> {
  const stored = await repo.readOperatorSettings(db);
  const details: OperatorDetails = { ...presentStored(stored), samples: [] };
  if (mode === 'production') return details;
  for (const key of OPERATOR_SETTING_KEYS) {
    if (details[key] !== null || DEMO_SAMPLES[key] === null) continue;
    Object.assign(details, { [key]: DEMO_SAMPLES[key] });
    details.samples.push(key);
  }
  return details;
}

function presentStored(stored: Map<string, string>): Omit<OperatorDetails, 'samples'> {
  const value = (key: OperatorSettingKey) => stored.get(key) ?? null;
  return {
    company_name: value('company_name'),
    company_inn: value('company_inn'),
    company_ogrn: value('company_ogrn'),
    company_address: value('company_address'),
    company_bank: value('company_bank'),
    contact_email: value('contact_email'),
    contact_telegram: value('contact_telegram'),
    demo_video_url: value('demo_video_url'),
    example_projects: parseProjects(value('example_projects')),
  };
}

/** Stored only after the same schema accepted it; parsed again so a hand-edited row cannot break the page. */
function parseProjects(json: string | null): OperatorDetails['example_projects'] {
  if (json === null) return null;
  try {
    return exampleProjectSchema.array().safeParse(JSON.parse(json)).data ?? null;
  } catch {
    return null;
  }
}

/** Every detail as stored (null when unset), for `settings:list`. */
export async function listOperatorSettings(db: Executor): Promise<Record<OperatorSettingKey, string | null>> {
  const stored = await repo.readOperatorSettings(db);
  return Object.fromEntries(OPERATOR_SETTING_KEYS.map((key) => [key, stored.get(key) ?? null])) as Record<
    OperatorSettingKey,
    string | null
  >;
}

/** The details a production site would leave out: named in the start-up warning. */
export async function unsetOperatorSettings(db: Executor): Promise<OperatorSettingKey[]> {
  const stored = await repo.readOperatorSettings(db);
  return OPERATOR_SETTING_KEYS.filter((key) => !stored.has(key));
}

/** Checks and normalises the operator's text; a bad value is refused whole, nothing is written. */
export async function setOperatorSetting(
  deps: { db: Executor; now: () => Date },
  key: OperatorSettingKey,
  raw: string | number,
): Promise<string> {
  const parsed = operatorSettingInputSchemas[key].safeParse(String(raw));
  if (!parsed.success) {
    const message =
      key === 'example_projects' ? messages.operator.projectsInvalid : (parsed.error.issues[0]?.message ?? messages.common.invalidInput);
    throw new AppError('bad_request', message);
  }
  await repo.writeOperatorSetting(deps.db, key, parsed.data, deps.now());
  return parsed.data;
}

export async function removeOperatorSetting(db: Executor, key: OperatorSettingKey): Promise<void> {
  await repo.deleteOperatorSetting(db, key);
}
