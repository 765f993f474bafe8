import { useRef, useState, type FormEvent } from 'react';
import { messages } from '../../../../contract/messages.js';
import { errorMessageOf } from '../../../api/api-error.js';
import { useDepositMutation } from '../../../api/payments.js';
import { useSessionState } from '../../../auth/session.js';
import { NO_AMOUNT, checkTopUp, type AmountChoice } from './amount.js';
import { sendToPayment } from './send-to-payment.js';

/**
 * The top-up dialog's state and its 'Оплатить' (SPEC §4 Top-up): the amount is checked,
 * a blank tab opens at once, inside the click, so pop-up blockers let it through;
 * the tab then goes to the payment link. `onPaid` runs once the tab is on its way.
 */
export function useTopUpForm({ onPaid }: { onPaid: () => void }) {
  const userId = useSessionState().session?.user.id;
  const deposit = useDepositMutation();
  const [choice, setChoice] = useState<AmountChoice>(NO_AMOUNT);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [payError, setPayError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const customRef = useRef<HTMLInputElement>(null);

  const handleChange = (next: AmountChoice) => {
    setChoice(next);
    setAmountError(null);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (paying) return;
    const checked = checkTopUp(choice, userId);
    if (!checked.ok) {
      setAmountError(checked.message);
      customRef.current?.focus();
      return;
    }
    setPayError(null);
    setPaying(true);
    const tab = window.open('', '_blank');
    sendToPayment({
      tab,
      createLink: () => deposit.mutateAsync({ userId: checked.userId, amount: checked.amount }),
      origin: window.location.origin,
      goHere: (url) => window.location.assign(url),
    }).then(onPaid, (error: unknown) => {
      setPaying(false);
      setPayError(errorMessageOf(error, messages.payments.linkFailed));
    });
  };

  return { choice, amountError, payError, paying, customRef, handleChange, handleSubmit };
}
