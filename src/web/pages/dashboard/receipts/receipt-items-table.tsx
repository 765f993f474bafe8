import { messages } from '../../../../contract/messages.js';
import { normalizeItemStatus, type ReceiptItem } from '../../../../contract/receipts.js';
import { formatQuantity, formatRubles } from '../../../lib/format.js';
import { itemStatusText } from './receipt-view.js';

const s = messages.receiptScreens;

/** A receipt's goods; the table scrolls inside its own box on a phone. */
export function ReceiptItemsTable({ items, caption }: { items: readonly ReceiptItem[]; caption: string }) {
  return (
    <div className="table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{s.itemName}</th>
            <th scope="col" className="data-table__number">{s.itemPrice}</th>
            <th scope="col" className="data-table__number">{s.itemQuantity}</th>
            <th scope="col" className="data-table__number">{s.itemSum}</th>
            <th scope="col">{s.itemInn}</th>
            <th scope="col">{s.itemStatus}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item, index) => (
            // Items have no id; a receipt's items never change order.
            <tr key={index}>
              <td className="data-table__name">{item.name}</td>
              <td className="data-table__number">{formatRubles(item.price)}</td>
              <td className="data-table__number">{formatQuantity(item.quantity)}</td>
              <td className="data-table__number">{formatRubles(item.sum)}</td>
              <td>{item.providerInn ?? s.notAvailable}</td>
              <td className={`item-status item-status--${normalizeItemStatus(item.status)}`}>{itemStatusText(item.status)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
