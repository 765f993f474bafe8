import { useEffect, useState } from 'react';
import { API_BASE } from '../../../contract/constants.js';
import type { ExampleProject, OperatorDetails, OperatorSettingKey } from '../../../contract/operator.js';
import { site } from '../../content/landing.js';
import { ogrnLabelOf, type Requisites } from '../../content/requisites.js';

/**
 * The operator's details (`GET /lk/api/public/operator`), asked once per page load and shared by
 * every block of the page. A plain fetch rather than TanStack Query: the public pages open without
 * the app's query cache, API client and zod, to keep the landing in its JavaScript budget.
 * `undefined` while the answer is on its way, `null` if it failed: then the blocks that need the
 * details are left out, as in production with nothing set.
 */
let request: Promise<OperatorDetails | null> | undefined;

function loadOperatorDetails(): Promise<OperatorDetails | null> {
  request ??= fetch(`${API_BASE}/public/operator`, { headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<OperatorDetails>) : null))
    .catch(() => null);
  return request;
}

export function useOperatorDetails(): OperatorDetails | null | undefined {
  const [details, setDetails] = useState<OperatorDetails | null>();
  useEffect(() => {
    let current = true;
    void loadOperatorDetails().then((loaded) => {
      if (current) setDetails(loaded);
    });
    return () => {
      current = false;
    };
  }, []);
  return details;
}

/** A text detail as the page shows it: «Пример: …» before a demo-mode sample, null when unset. */
export function shownDetail(
  details: OperatorDetails | null | undefined,
  key: Exclude<OperatorSettingKey, 'example_projects'>,
): string | null {
  const value = details?.[key] ?? null;
  if (value === null) return null;
  return details!.samples.includes(key) ? `${site.samplePrefix}${value}` : value;
}

/** Where the contact buttons lead: the operator's Telegram, else a letter; none when neither is set. */
export function contactOf(details: OperatorDetails | null | undefined): { href: string; channel: 'telegram' | 'email' } | null {
  if (details?.contact_telegram) return { href: details.contact_telegram, channel: 'telegram' };
  if (details?.contact_email) return { href: `mailto:${details.contact_email}`, channel: 'email' };
  return null;
}

/** The details the footer and the legal texts print. */
export function requisitesOf(details: OperatorDetails | null | undefined): Requisites {
  const telegram = shownDetail(details, 'contact_telegram');
  return {
    name: shownDetail(details, 'company_name'),
    inn: shownDetail(details, 'company_inn'),
    ogrn: shownDetail(details, 'company_ogrn'),
    ogrnLabel: ogrnLabelOf(details?.company_ogrn ?? null),
    address: shownDetail(details, 'company_address'),
    bank: shownDetail(details, 'company_bank'),
    email: shownDetail(details, 'contact_email'),
    telegram: telegram && telegram.replace('https://t.me/', '@'),
  };
}

/** The example projects to show, each name labelled «Пример: …» when they are demo samples. */
export function exampleProjectsOf(details: OperatorDetails | null | undefined): (ExampleProject & { shownName: string })[] {
  const sample = details?.samples.includes('example_projects') ?? false;
  return (details?.example_projects ?? []).map((project) => ({
    ...project,
    shownName: sample ? `${site.samplePrefix}${project.name}` : project.name,
  }));
}
