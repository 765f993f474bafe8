import { useRef, useState, type FormEvent } from 'react';
import { messages } from '../../../../contract/messages.js';
import { errorMessageOf } from '../../../api/api-error.js';
import { useDepositMutation } from '../../../api/payments.js';
import { useSessionState } from '../../../auth/session.js';
import { amountProblem, amountOf, checkTopUp, initialChoice, type AmountChoice } from './amount.js';
import { sendToPayment } from './send-to-payment.js';

/**
 * The top-up dialog's state and its 'Оплатить' (SPEC §4 Top-up): the amount is checked,
 * a blank tab opens at once, inside the click, so pop-up blockers let it through;
 * the tab then goes to the payment link. `onPaid` runs once the tab is on its way.
 */
export function useTopUpForm({ onPaid, initialAmount }: { onPaid: () => void; initialAmount?: number }) {
  const userId = useSessionState().session?.user.id;
  const deposit = useDepositMutation();
  const [choice, setChoice] = useState<AmountChoice>(() => initialChoice(initialAmount));
  const [amountError, setAmountError] = useState<string | null>(null);
  const [payError, setPayError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const customRef = useRef<HTMLInputElement>(null);

  const handleChange = (next: AmountChoice) => {
    setChoice(next);
    setAmountError(null);
  };

  // Leaving a typed amount that cannot be paid says why at once, not only after 'Оплатить'.
  const handleCustomBlur = () => {
    if (choice.preset !== null || choice.custom.trim() === '') return;
    setAmountError(amountProblem(amountOf(choice)));
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

  return { choice, amountError, payError, paying, customRef, handleChange, handleCustomBlur, handleSubmit };
}
