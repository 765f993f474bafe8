import { useState, type FormEvent } from 'react';
import { messages } from '../../../../contract/messages.js';
import { useWarrantySearchQuery, type WarrantySearch as Search } from '../../../api/service-desk.js';
import { FilterSelect } from '../../../components/filter-select.js';
import { Panel } from '../../../components/panel.js';
import { QueryView } from '../../../components/query-view.js';
import { TextField } from '../../../components/text-field.js';
import { WarrantiesTable } from '../../../components/warranties-table.js';
import { buyerCardPath } from '../buyers/buyer-card-path.js';

const m = messages.serviceDesk;
type SearchBy = 'buyer' | 'receipt';
const SEARCH_BY: { value: SearchBy; label: string }[] = [
  { value: 'buyer', label: m.searchByBuyer },
  { value: 'receipt', label: m.searchByReceipt },
];

/** «Найти гарантию»: the action's warranties of a shopper (Telegram ID) or of a receipt (its number). */
export function WarrantySearch({ actionId }: { actionId: number }) {
  const [by, setBy] = useState<SearchBy>('buyer');
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [search, setSearch] = useState<Search | null>(null);
  const query = useWarrantySearchQuery(actionId, search);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = value.trim();
    if (!/^\d{1,20}$/.test(typed)) {
      setProblem(m.searchValueInvalid);
      return;
    }
    setProblem(null);
    setSearch(by === 'buyer' ? { buyer: typed } : { receipt: Number(typed) });
  };

  return (
    <Panel title={m.searchTitle}>
      <form className="service-search" onSubmit={handleSubmit} noValidate role="search" aria-label={m.searchTitle}>
        <FilterSelect label={m.searchByLabel} value={by} options={SEARCH_BY} onChange={(next) => setBy(next as SearchBy)} />
        <TextField
          label={m.searchValueLabel}
          value={value}
          inputMode="numeric"
          error={problem}
          onChange={(event) => setValue(event.target.value)}
        />
        <button type="submit" className="button button--primary">
          {m.searchButton}
        </button>
      </form>
      {search && (
        <QueryView
          query={query}
          loading={m.searching}
          failed={m.searchFailed}
          empty={{ text: m.searchEmpty, when: (data) => data.warranties.length === 0 }}
        >
          {(data) => (
            <WarrantiesTable warranties={data.warranties} buyerPath={(tgId) => buyerCardPath(tgId, actionId)} caption={m.searchTitle} />
          )}
        </QueryView>
      )}
    </Panel>
  );
}
