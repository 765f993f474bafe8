import { useState, type FormEvent } from 'react';
import { FAQ_ANSWER_MAX, FAQ_ITEMS_MAX, FAQ_QUESTION_MAX, faqListSchema, type FaqItem } from '../../../../contract/faq.js';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { useSaveFaqMutation } from '../../../api/service-desk.js';
import { Banner } from '../../../components/banner.js';
import { EmptyState } from '../../../components/list-state.js';
import { errorNotice, successNotice, type Notice } from '../../../components/notice.js';
import { TextAreaField, TextField } from '../../../components/text-field.js';
import { ItemActions } from './item-actions.js';
import { moved } from './reorder.js';

const m = messages.serviceDesk;

interface ItemForm {
  /** A stable React key: items are added, moved and removed in the middle. */
  key: number;
  question: string;
  answer: string;
  link: string;
  /** As typed: comma-separated. */
  keywords: string;
}

let nextKey = 0;
const keyed = () => ++nextKey;
const formOf = (items: FaqItem[]): ItemForm[] =>
  items.map((item) => ({
    key: keyed(),
    question: item.question,
    answer: item.answer,
    link: item.link ?? '',
    keywords: item.keywords.join(', '),
  }));

/** The ordered questions and answers: add, move up and down, remove, then save the whole list (checked by the API's own schema first). */
export function FaqEditor({ actionId, items }: { actionId: number; items: FaqItem[] }) {
  const save = useSaveFaqMutation(actionId);
  const [form, setForm] = useState(() => formOf(items));
  const [notice, setNotice] = useState<Notice | null>(null);

  const change = (index: number, patch: Partial<ItemForm>) =>
    setForm((current) => current.map((item, i) => (i === index ? { ...item, ...patch } : item)));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = faqListSchema.safeParse(
      form.map(({ question, answer, link, keywords }) => ({ question, answer, link, keywords: keywords.split(',') })),
    );
    if (!parsed.success) {
      setNotice({ tone: 'error', text: parsed.error.issues[0]?.message ?? m.faqSaveFailed });
      return;
    }
    setNotice(null);
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setForm(formOf(saved.items));
        setNotice(successNotice(saved.message));
      },
      onError: (error) => setNotice(errorNotice(error, m.faqSaveFailed)),
    });
  };

  return (
    <form className="service-editor" onSubmit={handleSubmit} noValidate>
      {form.length === 0 ? (
        <EmptyState>{m.faqEmpty}</EmptyState>
      ) : (
        <ol className="service-editor__list">
          {form.map((item, index) => (
            <li key={item.key}>
              <fieldset className="service-editor__item">
                <legend className="service-editor__legend">{fillMessage(m.faqLegend, { n: index + 1 })}</legend>
                <TextField
                  label={m.questionLabel}
                  value={item.question}
                  maxLength={FAQ_QUESTION_MAX}
                  onChange={(event) => change(index, { question: event.target.value })}
                />
                <TextAreaField
                  label={m.answerLabel}
                  value={item.answer}
                  rows={3}
                  maxLength={FAQ_ANSWER_MAX}
                  onChange={(event) => change(index, { answer: event.target.value })}
                />
                <TextField
                  label={m.linkLabel}
                  hint={m.linkHint}
                  type="url"
                  inputMode="url"
                  value={item.link}
                  onChange={(event) => change(index, { link: event.target.value })}
                />
                <TextField
                  label={m.keywordsLabel}
                  hint={m.keywordsHint}
                  value={item.keywords}
                  onChange={(event) => change(index, { keywords: event.target.value })}
                />
                <ItemActions
                  index={index}
                  count={form.length}
                  labels={{
                    up: fillMessage(m.moveQuestionUp, { n: index + 1 }),
                    down: fillMessage(m.moveQuestionDown, { n: index + 1 }),
                    remove: fillMessage(m.removeQuestion, { n: index + 1 }),
                  }}
                  onMove={(delta) => setForm((current) => moved(current, index, delta))}
                  onRemove={() => setForm((current) => current.filter((_, i) => i !== index))}
                />
              </fieldset>
            </li>
          ))}
        </ol>
      )}
      {form.length < FAQ_ITEMS_MAX && (
        <p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setForm((current) => [...current, { key: keyed(), question: '', answer: '', link: '', keywords: '' }])}
          >
            {m.addQuestion}
          </button>
        </p>
      )}
      {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
      <div className="service-editor__actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? m.saving : m.saveFaq}
        </button>
      </div>
    </form>
  );
}
