import { messages } from '../../../../contract/messages.js';
import { normalizeItemStatus, type ReceiptItem } from '../../../../contract/receipts.js';
import { formatQuantity, formatRubles } from '../../../lib/format.js';
import { DataCell, ScrollTable } from '../../../components/data-table.js';
import { itemStatusText } from './receipt-view.js';

const s = messages.receiptScreens;

/** A receipt's goods; the table scrolls inside its own box on a phone. */
export function ReceiptItemsTable({ items, caption }: { items: readonly ReceiptItem[]; caption: string }) {
  return (
    <ScrollTable caption={caption} cards>
      <thead>
        <tr>
          <th scope="col">{s.itemName}</th>
          <th scope="col" className="data-table__number">
            {s.itemPrice}
          </th>
          <th scope="col" className="data-table__number">
            {s.itemQuantity}
          </th>
          <th scope="col" className="data-table__number">
            {s.itemSum}
          </th>
          <th scope="col">{s.itemInn}</th>
          <th scope="col">{s.itemStatus}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item, index) => (
          // Items have no id; a receipt's items never change order.
          <tr key={index}>
            <DataCell label={s.itemName} className="data-table__name">
              {item.name}
            </DataCell>
            <DataCell label={s.itemPrice} className="data-table__number">
              {formatRubles(item.price)}
            </DataCell>
            <DataCell label={s.itemQuantity} className="data-table__number">
              {formatQuantity(item.quantity)}
            </DataCell>
            <DataCell label={s.itemSum} className="data-table__number">
              {formatRubles(item.sum)}
            </DataCell>
            <DataCell label={s.itemInn}>{item.providerInn ?? s.notAvailable}</DataCell>
            <DataCell label={s.itemStatus} className={`item-status item-status--${normalizeItemStatus(item.status)}`}>
              {itemStatusText(item.status)}
            </DataCell>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
