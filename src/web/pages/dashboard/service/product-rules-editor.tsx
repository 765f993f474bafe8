import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { fillMessage, messages } from '../../../../contract/messages.js';
import {
  PRODUCT_RULES_MAX,
  RULE_GUIDE_MAX,
  RULE_MATCH_MAX,
  productRulesSchema,
  type GuideFileKind,
  type ProductRule,
} from '../../../../contract/product-guides.js';
import { useSaveProductRulesMutation, useUploadGuideFileMutation } from '../../../api/service-desk.js';
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
  /** The guide's file: none, or a PDF or video uploaded here (its id and name) or given by a link. */
  fileKind: GuideFileKind | '';
  uploadId: number | null;
  fileName: string | null;
  fileUrl: string;
}

let nextKey = 0;
const keyed = () => ++nextKey;
const emptyRule = (): RuleForm => ({
  key: keyed(),
  match: '',
  guide: '',
  months: '',
  fileKind: '',
  uploadId: null,
  fileName: null,
  fileUrl: '',
});
const formOf = (rules: ProductRule[]): RuleForm[] =>
  rules.map((rule) => ({
    ...emptyRule(),
    match: rule.match,
    guide: rule.guide ?? '',
    months: rule.warranty_months?.toString() ?? '',
    fileKind: rule.attachment?.kind ?? '',
    uploadId: rule.attachment?.upload_id ?? null,
    fileName: null,
    fileUrl: rule.attachment?.url ?? '',
  }));

/** What the API takes: a file uploaded here wins over a link typed beside it. */
function attachmentOf(rule: RuleForm) {
  if (!rule.fileKind) return null;
  if (rule.uploadId !== null) return { kind: rule.fileKind, upload_id: rule.uploadId };
  return { kind: rule.fileKind, url: rule.fileUrl.trim() };
}

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
      form.map((rule) => ({
        match: rule.match,
        guide: rule.guide,
        warranty_months: rule.months.trim() === '' ? null : rule.months,
        attachment: attachmentOf(rule),
      })),
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
                <GuideFileField rule={rule} number={index + 1} onChange={(patch) => change(index, patch)} onNotice={setNotice} />
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
          <button type="button" className="button button--secondary" onClick={() => setForm((current) => [...current, emptyRule()])}>
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

/** The rule's PDF or video: its kind, then a file uploaded at once (checked by the server) or an https link. */
function GuideFileField({
  rule,
  number,
  onChange,
  onNotice,
}: {
  rule: RuleForm;
  number: number;
  onChange: (patch: Partial<RuleForm>) => void;
  onNotice: (notice: Notice | null) => void;
}) {
  const id = useId();
  const upload = useUploadGuideFileMutation();
  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !rule.fileKind) return;
    onNotice(null);
    upload.mutate(
      { kind: rule.fileKind, file },
      {
        onSuccess: ({ upload_id }) => onChange({ uploadId: upload_id, fileName: file.name, fileUrl: '' }),
        onError: (error) => onNotice(errorNotice(error, m.fileUploadFailed)),
      },
    );
  };
  return (
    <div className="service-editor__row">
      <div className="text-field">
        <label className="text-field__label" htmlFor={`${id}-kind`}>
          {m.fileKindLabel}
        </label>
        <select
          id={`${id}-kind`}
          className="text-field__input"
          value={rule.fileKind}
          onChange={(event) => onChange({ fileKind: event.target.value as RuleForm['fileKind'], uploadId: null, fileName: null })}
        >
          <option value="">{m.fileKindNone}</option>
          <option value="pdf">{m.fileKindPdf}</option>
          <option value="video">{m.fileKindVideo}</option>
        </select>
      </div>
      {rule.fileKind && (
        <>
          <div className="text-field">
            <label className="text-field__label" htmlFor={`${id}-file`}>
              {fillMessage(m.fileChooseNamed, { n: number })}
            </label>
            <input
              id={`${id}-file`}
              type="file"
              accept={rule.fileKind === 'pdf' ? 'application/pdf,.pdf' : 'video/mp4,.mp4'}
              disabled={upload.isPending}
              onChange={handleFile}
            />
            <p className="text-field__hint" role="status">
              {upload.isPending
                ? m.fileUploading
                : rule.fileName
                  ? fillMessage(m.fileAttached, { name: rule.fileName })
                  : rule.uploadId !== null
                    ? m.fileUploaded
                    : ''}
            </p>
          </div>
          {rule.uploadId === null && (
            <TextField
              label={m.fileLinkLabel}
              type="url"
              inputMode="url"
              value={rule.fileUrl}
              onChange={(event) => onChange({ fileUrl: event.target.value })}
            />
          )}
        </>
      )}
    </div>
  );
}
