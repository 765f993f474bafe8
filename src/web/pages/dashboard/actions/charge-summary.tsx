import { fillMessage, messages } from '../../../../contract/messages.js';
import { formatRubles } from '../../../lib/format.js';

const p = messages.cabinetPolish;

/**
 * Under a charge's confirmation: the balance now and after the charge, or how much is
 * missing. The stored balance may be a little stale; the server decides, and a refusal
 * offers the top-up anyway.
 */
export function ChargeSummary({ price, balance }: { price: number; balance: number | undefined }) {
  if (balance === undefined) return null;
  const after = Math.round((balance - price) * 100) / 100;
  return (
    <>
      <p>{fillMessage(p.balanceNow, { balance: formatRubles(balance) })}</p>
      <p className={after < 0 ? 'charge-summary charge-summary--short' : 'charge-summary'}>
        {after < 0
          ? fillMessage(p.balanceMissing, { missing: formatRubles(-after) })
          : fillMessage(p.balanceAfterCharge, { balance: formatRubles(after) })}
      </p>
    </>
  );
}
