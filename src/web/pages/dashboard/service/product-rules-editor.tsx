import { useState, type FormEvent } from 'react';
import { fillMessage, messages } from '../../../../contract/messages.js';
import {
  PRODUCT_RULES_MAX,
  RULE_GUIDE_MAX,
  RULE_MATCH_MAX,
  productRulesSchema,
  type ProductRule,
} from '../../../../contract/product-guides.js';
import { useSaveProductRulesMutation } from '../../../api/service-desk.js';
import { Banner } from '../../../components/banner.js';
import { EmptyState } from '../../../components/list-state.js';
import { errorNotice, successNotice, type Notice } from '../../../components/notice.js';
import { TextAreaField, TextField } from '../../../components/text-field.js';
import { ItemActions } from './item-actions.js';
import { moved } from './reorder.js';

const m = messages.serviceDesk;

interface RuleForm {
  key: number;
  match: string;
  guide: string;
  months: string;
}

let nextKey = 0;
const keyed = () => ++nextKey;
const formOf = (rules: ProductRule[]): RuleForm[] =>
  rules.map((rule) => ({ key: keyed(), match: rule.match, guide: rule.guide ?? '', months: rule.warranty_months?.toString() ?? '' }));

/** The ordered product rules (the first matching one applies to an item): add, move, remove, save the whole list. */
export function ProductRulesEditor({ actionId, rules }: { actionId: number; rules: ProductRule[] }) {
  const save = useSaveProductRulesMutation(actionId);
  const [form, setForm] = useState(() => formOf(rules));
  const [notice, setNotice] = useState<Notice | null>(null);

  const change = (index: number, patch: Partial<RuleForm>) =>
    setForm((current) => current.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = productRulesSchema.safeParse(
      form.map(({ match, guide, months }) => ({ match, guide, warranty_months: months.trim() === '' ? null : months })),
    );
    if (!parsed.success) {
      setNotice({ tone: 'error', text: parsed.error.issues[0]?.message ?? m.rulesSaveFailed });
      return;
    }
    setNotice(null);
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setForm(formOf(saved.rules));
        setNotice(successNotice(saved.message));
      },
      onError: (error) => setNotice(errorNotice(error, m.rulesSaveFailed)),
    });
  };

  return (
    <form className="service-editor" onSubmit={handleSubmit} noValidate>
      {form.length === 0 ? (
        <EmptyState>{m.rulesEmpty}</EmptyState>
      ) : (
        <ol className="service-editor__list">
          {form.map((rule, index) => (
            <li key={rule.key}>
              <fieldset className="service-editor__item">
                <legend className="service-editor__legend">{fillMessage(m.ruleLegend, { n: index + 1 })}</legend>
                <div className="service-editor__row">
                  <TextField
                    label={m.matchLabel}
                    value={rule.match}
                    maxLength={RULE_MATCH_MAX}
                    onChange={(event) => change(index, { match: event.target.value })}
                  />
                  <TextField
                    label={m.monthsLabel}
                    value={rule.months}
                    inputMode="numeric"
                    onChange={(event) => change(index, { months: event.target.value })}
                  />
                </div>
                <TextAreaField
                  label={m.guideLabel}
                  value={rule.guide}
                  rows={3}
                  maxLength={RULE_GUIDE_MAX}
                  onChange={(event) => change(index, { guide: event.target.value })}
                />
                <ItemActions
                  index={index}
                  count={form.length}
                  labels={{
                    up: fillMessage(m.moveRuleUp, { n: index + 1 }),
                    down: fillMessage(m.moveRuleDown, { n: index + 1 }),
                    remove: fillMessage(m.removeRule, { n: index + 1 }),
                  }}
                  onMove={(delta) => setForm((current) => moved(current, index, delta))}
                  onRemove={() => setForm((current) => current.filter((_, i) => i !== index))}
                />
              </fieldset>
            </li>
          ))}
        </ol>
      )}
      {form.length < PRODUCT_RULES_MAX && (
        <p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setForm((current) => [...current, { key: keyed(), match: '', guide: '', months: '' }])}
          >
            {m.addRule}
          </button>
        </p>
      )}
      {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
      <div className="service-editor__actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? m.saving : m.saveRules}
        </button>
      </div>
    </form>
  );
}
