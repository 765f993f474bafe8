import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { fillMessage, messages } from '../../../../contract/messages.js';
import {
  addPromoCodesRequestSchema,
  codesFromText,
  PROMO_CODE_RULES,
  PROMO_GENERATE_MAX,
  type PromoCodeRule,
  type PromoCodes,
} from '../../../../contract/promo-codes.js';
import { useAddPromoCodesMutation, usePromoCodesQuery, useSavePromoCodeRuleMutation } from '../../../api/promo-codes.js';
import { Banner } from '../../../components/banner.js';
import { DataCell, ScrollTable } from '../../../components/data-table.js';
import { FigureCards } from '../../../components/figure-cards.js';
import { FilterSelect } from '../../../components/filter-select.js';
import { EmptyState } from '../../../components/list-state.js';
import { errorNotice, successNotice, type Notice } from '../../../components/notice.js';
import { QueryView } from '../../../components/query-view.js';
import { TextAreaField, TextField } from '../../../components/text-field.js';
import { formatDateTime, formatNumber } from '../../../lib/format.js';

const m = messages.promoCodes;
const RULE_LABELS: Record<PromoCodeRule, string> = { off: m.ruleOff, every: m.ruleEvery, first: m.ruleFirst };
const RULE_OPTIONS = PROMO_CODE_RULES.map((rule) => ({ value: rule, label: RULE_LABELS[rule] }));

/** The first message the shared schema has for a request, or null when the server may have it. */
function problemOf(request: unknown): string | null {
  const parsed = addPromoCodesRequestSchema.safeParse(request);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? m.saveFailed);
}

/**
 * The action page's «Промокоды»: when codes are given, the pool's counts, adding codes and who got
 * which. Folded until opened, like the page's other rarely changed parts; the
 * running-low warning stays outside the fold, where the seller sees it without opening it.
 */
export function PromoCodesSection({ actionId }: { actionId: number }) {
  const titleId = useId();
  const query = usePromoCodesQuery(actionId);
  const pool = query.data;
  return (
    <>
      {pool?.low && <Banner tone="error">{fillMessage(m.low, { remaining: formatNumber(pool.remaining) })}</Banner>}
      <details className="panel fold promo-codes">
        <summary className="fold__summary">
          <h2 className="promo-codes__title" id={titleId}>
            {m.title}
          </h2>
        </summary>
        <section className="fold__body" aria-labelledby={titleId}>
          <p>{m.intro}</p>
          <QueryView query={query} loading={m.loading} failed={m.loadFailed}>
            {(loaded) => <PromoCodesPool actionId={actionId} pool={loaded} />}
          </QueryView>
        </section>
      </details>
    </>
  );
}

function PromoCodesPool({ actionId, pool }: { actionId: number; pool: PromoCodes }) {
  return (
    <>
      <RuleForm actionId={actionId} rule={pool.rule} />
      {pool.total === 0 ? (
        <EmptyState>{pool.rule === 'off' ? m.emptyPool : m.emptyPoolRuleOn}</EmptyState>
      ) : (
        <FigureCards
          className="promo-codes__figures"
          figures={[
            [m.total, formatNumber(pool.total)],
            [m.remaining, formatNumber(pool.remaining)],
            [m.issued, formatNumber(pool.issued)],
          ]}
        />
      )}
      <UploadForm actionId={actionId} />
      <GenerateForm actionId={actionId} />
      <IssuedCodes pool={pool} />
    </>
  );
}

function RuleForm({ actionId, rule }: { actionId: number; rule: PromoCodeRule }) {
  const save = useSavePromoCodeRuleMutation(actionId);
  const [chosen, setChosen] = useState<PromoCodeRule>(rule);
  const [notice, setNotice] = useState<Notice | null>(null);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(chosen, {
      onSuccess: ({ message }) => setNotice(successNotice(message)),
      onError: (error) => setNotice(errorNotice(error, m.saveFailed)),
    });
  };
  return (
    <form className="promo-codes__rule" onSubmit={handleSubmit}>
      <FilterSelect label={m.ruleLabel} value={chosen} options={RULE_OPTIONS} onChange={(value) => setChosen(value as PromoCodeRule)} />
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {save.isPending ? m.savingRule : m.saveRule}
      </button>
      {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
    </form>
  );
}

function UploadForm({ actionId }: { actionId: number }) {
  const add = useAddPromoCodesMutation(actionId);
  const fileId = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [fileNote, setFileNote] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);

  // A file's codes land in the text box, so the seller sees what will be added before adding it.
  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    try {
      const codes = codesFromText(await file.text(), { csv: /\.csv$/i.test(file.name) });
      setText(codes.join('\n'));
      setFileNote(codes.length === 0 ? m.fileEmpty : fillMessage(m.fileChosen, { name: file.name, count: codes.length }));
      setProblem(null);
    } catch {
      setFileNote(m.fileReadFailed);
    }
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const request = { codes: codesFromText(text) };
    const found = problemOf(request);
    setProblem(found);
    setNotice(null);
    if (found) return;
    add.mutate(request, {
      onSuccess: ({ message }) => {
        setNotice(successNotice(message));
        setText('');
        setFileNote('');
      },
      onError: (error) => setNotice(errorNotice(error, m.saveFailed)),
    });
  };

  return (
    <form className="promo-codes__form" onSubmit={handleSubmit} noValidate>
      <h3 className="promo-codes__subtitle">{m.pasteTitle}</h3>
      <TextAreaField
        label={m.pasteLabel}
        rows={5}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={problem}
        spellCheck={false}
        autoCapitalize="off"
      />
      <div className="text-field">
        <label className="text-field__label" htmlFor={fileId}>
          {m.fileLabel}
        </label>
        <input id={fileId} type="file" accept=".txt,.csv,text/plain,text/csv" onChange={(event) => void handleFile(event)} />
        <p className="text-field__hint" role="status">
          {fileNote}
        </p>
      </div>
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={add.isPending}>
          {add.isPending ? m.adding : m.add}
        </button>
      </div>
      {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
    </form>
  );
}

function GenerateForm({ actionId }: { actionId: number }) {
  const add = useAddPromoCodesMutation(actionId);
  const [prefix, setPrefix] = useState('');
  const [count, setCount] = useState('100');
  const [problem, setProblem] = useState<{ field: 'prefix' | 'count'; message: string } | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const request = { generate: { prefix, count: count.trim() === '' ? Number.NaN : Number(count) } };
    const found = problemOf(request);
    setProblem(found ? { field: found === m.prefixInvalid ? 'prefix' : 'count', message: found } : null);
    setNotice(null);
    if (found) return;
    add.mutate(request, {
      onSuccess: ({ message }) => setNotice(successNotice(message)),
      onError: (error) => setNotice(errorNotice(error, m.saveFailed)),
    });
  };

  return (
    <form className="promo-codes__form" onSubmit={handleSubmit} noValidate>
      <h3 className="promo-codes__subtitle">{m.generateTitle}</h3>
      <div className="promo-codes__generate">
        <TextField
          label={m.prefixLabel}
          value={prefix}
          maxLength={20}
          autoCapitalize="characters"
          spellCheck={false}
          onChange={(event) => setPrefix(event.target.value)}
          error={problem?.field === 'prefix' ? problem.message : null}
        />
        <TextField
          label={m.countLabel}
          value={count}
          type="number"
          inputMode="numeric"
          min={1}
          max={PROMO_GENERATE_MAX}
          onChange={(event) => setCount(event.target.value)}
          error={problem?.field === 'count' ? problem.message : null}
        />
      </div>
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={add.isPending}>
          {add.isPending ? m.generating : m.generate}
        </button>
      </div>
      {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
    </form>
  );
}

function IssuedCodes({ pool }: { pool: PromoCodes }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h3 className="promo-codes__subtitle" id={titleId}>
        {m.issuedTitle}
      </h3>
      {pool.codes_issued.length === 0 ? (
        <EmptyState>{m.noneIssued}</EmptyState>
      ) : (
        <>
          <ScrollTable caption={m.issuedTitle} cards>
            <thead>
              <tr>
                <th scope="col">{m.columnCode}</th>
                <th scope="col">{m.columnBuyer}</th>
                <th scope="col">{m.columnReceipt}</th>
                <th scope="col">{m.columnIssuedAt}</th>
              </tr>
            </thead>
            <tbody>
              {pool.codes_issued.map((issued) => (
                <tr key={issued.code}>
                  <DataCell label={m.columnCode}>
                    <code>{issued.code}</code>
                  </DataCell>
                  <DataCell label={m.columnBuyer}>
                    {issued.buyer_name ? `${issued.buyer_name} (${issued.buyer_tg})` : issued.buyer_tg}
                  </DataCell>
                  <DataCell label={m.columnReceipt}>{issued.receipt_id === null ? '—' : `№ ${issued.receipt_id}`}</DataCell>
                  <DataCell label={m.columnIssuedAt}>{formatDateTime(issued.issued_at)}</DataCell>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
          {pool.issued > pool.codes_issued.length && (
            <p className="text-field__hint">{fillMessage(m.issuedShown, { shown: pool.codes_issued.length, issued: pool.issued })}</p>
          )}
        </>
      )}
    </section>
  );
}
