import { uploadMessages } from '../../../../contract/uploads.js';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { mailingStartedMessage, messageLimit, PARSE_MODES, type ParseMode } from '../../../../contract/mailing.js';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { errorMessageOf } from '../../../api/api-error.js';
import { useSendMailingMutation } from '../../../api/mailing.js';
import { Banner } from '../../../components/banner.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { FilterSelect } from '../../../components/filter-select.js';
import { ImagePicker } from '../../../components/image-picker.js';
import { Panel } from '../../../components/panel.js';
import { TextAreaField } from '../../../components/text-field.js';
import { formatNumber } from '../../../lib/format.js';
import { firstFormError, needsConfirmation, recipientsOf, type MailingFormError } from './mailing-form-model.js';
import { MailingOutcome } from './mailing-outcome.js';
import { SegmentRecipients, type ChosenSegment } from './segment-recipients.js';
import { EMPTY_SCHEDULE, ScheduleFields, scheduleDraftError, scheduleRequestOf, type ScheduleDraft } from './schedule-fields.js';

/** What an announcement puts in the form: the product's text, picture and shop button. */
export interface MailingPrefill {
  text: string;
  imageUrl: string | null;
  schedule: ScheduleDraft;
}

const m = messages.mailing;
const s = messages.mailingScreen;

const PARSE_MODE_OPTIONS = [
  { value: '', label: s.parseModeNone },
  ...PARSE_MODES.map((mode) => ({ value: mode, label: mode === 'HTML' ? s.parseModeHtml : s.parseModeMarkdown })),
];

const toParseMode = (value: string): ParseMode | null => PARSE_MODES.find((mode) => mode === value) ?? null;

/**
 * The send form (SPEC §2, §5): typed IDs merged with the ticked buyers, the text with a
 * live counter against Telegram's limit, an optional picture, the markup. Problems are
 * shown in SPEC's order and the first wrong field takes focus; more than a handful of
 * recipients are confirmed first. The result (or the progress) shows below.
 */
export function MailingForm({
  botToken,
  senderLoading,
  projectId,
  senderChoice,
  userId,
  tickedBuyerIds,
  onTokenMissing,
  onSent,
  prefill,
}: {
  botToken: string;
  /**
   * The saved bot and the actions are still loading: which bot sends is not known yet, and a send
   * now would be refused for a missing token the seller has saved.
   */
  senderLoading: boolean;
  /** The action whose own bot sends the mailing; null: the mailing bot. */
  projectId: number | null;
  /** Where the seller picks the bot (shown first in the form). */
  senderChoice: ReactNode;
  userId: number | undefined;
  tickedBuyerIds: ReadonlySet<string>;
  /** The token lives in the bot panel: it shows the message and takes focus. */
  onTokenMissing: (message: string) => void;
  /** The mailing was accepted: the ticked buyers are cleared with the form. */
  onSent: () => void;
  /** Fields filled in advance (an announcement); the page remounts the form for a new one. */
  prefill?: MailingPrefill | null;
}) {
  const recipientsRef = useRef<HTMLTextAreaElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const send = useSendMailingMutation();

  const [recipientsText, setRecipientsText] = useState('');
  const [text, setText] = useState(prefill?.text ?? '');
  const [imageUrl, setImageUrl] = useState<string | null>(prefill?.imageUrl ?? null);
  const [schedule, setSchedule] = useState<ScheduleDraft>(prefill?.schedule ?? EMPTY_SCHEDULE);
  const [scheduleError, setScheduleError] = useState<ReturnType<typeof scheduleDraftError>>(null);
  const [parseMode, setParseMode] = useState<ParseMode | null>(null);
  const [formError, setFormError] = useState<MailingFormError | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [mailingId, setMailingId] = useState<number | null>(null);
  const [started, setStarted] = useState<string | null>(null);
  const [segmentMode, setSegmentMode] = useState(false);
  const [chosenSegment, setChosenSegment] = useState<ChosenSegment | null>(null);
  // The shop button opens the action's Mini App, so it goes only with an action's bot.
  const effectiveSchedule: ScheduleDraft =
    projectId === null && schedule.buttonKind === 'shop' ? { ...schedule, buttonKind: 'none' } : schedule;

  const recipientIds = recipientsOf(recipientsText, tickedBuyerIds);
  // A segment goes out through its action's bot only: with the mailing bot the choice is not offered.
  const toSegment = segmentMode && projectId !== null;
  const segment = toSegment && chosenSegment?.projectId === projectId ? chosenSegment : null;
  const segmentId = toSegment ? (segment?.id ?? null) : undefined;
  const recipientCount = segment ? segment.count : recipientIds.length;
  const limit = messageLimit(imageUrl !== null);
  const errorOf = (field: MailingFormError['field']) => (formError?.field === field ? formError.message : null);

  const startMailing = () =>
    send.mutate(
      {
        botToken,
        projectId,
        recipientIds,
        segmentId: segmentId ?? null,
        message: text,
        imageUrl,
        parseMode,
        ...scheduleRequestOf(effectiveSchedule),
      },
      {
        // Accepted: say so with the count (or the schedule) and clear the form for the next
        // mailing; a refusal keeps everything typed, so it can be fixed and sent again.
        onSuccess: (answer) => {
          if ('schedule' in answer) {
            setStarted(answer.message);
          } else {
            setMailingId(answer.id);
            setStarted(answer.preparing ? s.startedPreparing : mailingStartedMessage(answer.total));
          }
          setRecipientsText('');
          setText('');
          setImageUrl(null);
          setSchedule(EMPTY_SCHEDULE);
          onSent();
        },
        onSettled: () => setConfirming(false),
      },
    );

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (senderLoading) return;
    const error = firstFormError({ botToken, projectId, userId, recipientIds, segmentId, message: text, hasImage: imageUrl !== null });
    setFormError(error);
    const timeOrButton = error ? null : scheduleDraftError(effectiveSchedule, imageUrl !== null);
    setScheduleError(timeOrButton);
    if (timeOrButton) return;
    if (error) {
      if (error.field === 'token') onTokenMissing(error.message);
      if (error.field === 'recipients') recipientsRef.current?.focus();
      if (error.field === 'message') messageRef.current?.focus();
      return;
    }
    send.reset();
    setMailingId(null);
    setStarted(null);
    if (needsConfirmation(recipientCount)) setConfirming(true);
    else startMailing();
  };

  const clearError = (field: MailingFormError['field']) => {
    if (formError?.field === field) setFormError(null);
  };

  return (
    <Panel title={s.sendTitle}>
      <form className="mailing-form" noValidate onSubmit={handleSubmit}>
        {senderChoice}
        {projectId !== null && (
          <SegmentRecipients
            projectId={projectId}
            toSegment={toSegment}
            segment={segment}
            error={errorOf('segment')}
            onModeChange={(next) => {
              setSegmentMode(next);
              clearError('segment');
            }}
            onSegmentChange={(next) => {
              setChosenSegment(next);
              clearError('segment');
            }}
          />
        )}
        {!toSegment && (
          <>
            <TextAreaField
              ref={recipientsRef}
              label={s.recipientsLabel}
              rows={3}
              spellCheck={false}
              value={recipientsText}
              error={errorOf('recipients')}
              hint={s.recipientsHint}
              onChange={(event) => {
                setRecipientsText(event.target.value);
                clearError('recipients');
              }}
            />
            <p className="mailing-count">
              {fillMessage(s.recipientsCount, { count: formatNumber(recipientIds.length) })}
              {tickedBuyerIds.size > 0 && (
                <span className="mailing-count__detail"> ({fillMessage(s.tickedCount, { count: formatNumber(tickedBuyerIds.size) })})</span>
              )}
            </p>
          </>
        )}

        <TextAreaField
          ref={messageRef}
          label={s.messageLabel}
          rows={6}
          value={text}
          error={errorOf('message')}
          hint={fillMessage(s.charCounter, { count: formatNumber(text.length), limit: formatNumber(limit) })}
          hintClassName={`mailing-counter${text.length > limit ? ' mailing-counter--over' : ''}`}
          onChange={(event) => {
            setText(event.target.value);
            clearError('message');
          }}
        />

        <ImagePicker label={s.imageLabel} imageUrl={imageUrl} onChange={setImageUrl} uploadFailedMessage={uploadMessages.uploadFailed} />

        <FilterSelect
          label={s.parseModeLabel}
          value={parseMode ?? ''}
          options={PARSE_MODE_OPTIONS}
          onChange={(value) => setParseMode(toParseMode(value))}
        />

        <ScheduleFields
          draft={effectiveSchedule}
          shopAllowed={projectId !== null}
          error={scheduleError}
          onChange={(next) => {
            setSchedule(next);
            setScheduleError(null);
          }}
        />

        {formError?.field === null && <Banner tone="error">{formError.message}</Banner>}
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={send.isPending || senderLoading}>
            {effectiveSchedule.when === 'now'
              ? send.isPending
                ? s.sending
                : s.send
              : send.isPending
                ? messages.mailingScheduleScreen.scheduling
                : messages.mailingScheduleScreen.schedule}
          </button>
        </div>
      </form>

      {send.isError && <Banner tone="error">{errorMessageOf(send.error, m.sendFailed)}</Banner>}
      {started && <Banner tone="success">{started}</Banner>}
      {mailingId !== null && <MailingOutcome mailingId={mailingId} />}

      {confirming && (
        <ConfirmDialog
          title={s.confirmTitle}
          confirmLabel={s.confirmSend}
          pendingLabel={s.sending}
          pending={send.isPending}
          onConfirm={startMailing}
          onClose={() => setConfirming(false)}
        >
          <p>{fillMessage(s.confirmText, { count: formatNumber(recipientCount) })}</p>
        </ConfirmDialog>
      )}
    </Panel>
  );
}
