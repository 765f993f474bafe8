import { Link } from 'react-router';
import { fillMessage, messages } from '../../contract/messages.js';
import type { Warranty } from '../../contract/product-guides.js';
import { formatDate } from '../lib/format.js';
import { DataCell, ScrollTable } from './data-table.js';

const m = messages.serviceDesk;
const day = (key: string) => formatDate(`${key}T12:00:00+03:00`);

/**
 * Warranties as a table (a card per row on a phone), on the service screen and the buyer card.
 * With `buyerPath` a first column links each shopper to their card (the caller knows the address).
 */
export function WarrantiesTable({
  warranties,
  buyerPath,
  caption,
}: {
  warranties: Warranty[];
  buyerPath?: (buyerTgId: string) => string;
  caption: string;
}) {
  return (
    <ScrollTable caption={caption} cards>
      <thead>
        <tr>
          {buyerPath && <th scope="col">{m.columnBuyer}</th>}
          <th scope="col">{m.columnItem}</th>
          <th scope="col">{m.columnReceipt}</th>
          <th scope="col">{m.columnPurchased}</th>
          <th scope="col">{m.columnUntil}</th>
          <th scope="col">{m.columnState}</th>
        </tr>
      </thead>
      <tbody>
        {warranties.map((warranty) => (
          <tr key={warranty.id}>
            {buyerPath && (
              <DataCell label={m.columnBuyer}>
                <Link to={buyerPath(warranty.buyer_tg_id)}>
                  {warranty.buyer_name ? `${warranty.buyer_name} (${warranty.buyer_tg_id})` : warranty.buyer_tg_id}
                </Link>
              </DataCell>
            )}
            <DataCell label={m.columnItem}>{warranty.item_name}</DataCell>
            <DataCell label={m.columnReceipt}>{fillMessage(messages.buyerCard.receiptNumber, { id: warranty.receipt_id })}</DataCell>
            <DataCell label={m.columnPurchased}>{day(warranty.purchased_on)}</DataCell>
            <DataCell label={m.columnUntil}>{day(warranty.valid_until)}</DataCell>
            <DataCell label={m.columnState}>{warranty.active ? m.stateActive : m.stateExpired}</DataCell>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
