import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { messages } from '../../../../contract/messages.js';
import type { ShopProduct } from '../../../../contract/shop.js';
import { errorMessageOf } from '../../../api/api-error.js';
import { useActionsQuery } from '../../../api/actions.js';
import { useShopProductsQuery, useShopSettingsQuery } from '../../../api/shop.js';
import { Banner } from '../../../components/banner.js';
import { FilterSelect } from '../../../components/filter-select.js';
import { EmptyState, LoadingState } from '../../../components/list-state.js';
import type { Notice } from '../../../components/notice.js';
import { usePageTitle } from '../page-title.js';
import { projectFilterOptions } from '../receipts/project-filter.js';
import { OrdersPanel } from './orders-panel.js';
import { ProductForm } from './product-form.js';
import { ProductsTable } from './products-table.js';
import { ShopLinkPanel } from './shop-link-panel.js';
import { ShopSettingsPanel } from './shop-settings-panel.js';
import { chooseShopAction } from './shop-view.js';
import '../../../components/panel.css';
import '../actions/actions.css';
import './shop.css';

const m = messages.shop;
const s = messages.shopScreen;

/**
 * /dashboard/shop (SPEC §2 Shop management): a shop belongs to an action, picked first and
 * kept in the address (`?project=12`). Below: bot settings, the link, the product form and
 * table, and the buyers' exchange requests.
 */
export function ShopPage() {
  const title = usePageTitle();
  const [searchParams, setSearchParams] = useSearchParams();
  const actions = useActionsQuery();
  const projectId = chooseShopAction(actions.data ?? [], searchParams.get('project'));

  const pickAction = (value: string) => {
    const next = new URLSearchParams(searchParams);
    next.set('project', value);
    setSearchParams(next, { replace: true });
  };

  return (
    <section className="dashboard-page shop-page">
      <h1 className="dashboard-page__title">{title}</h1>
      {actions.isPending ? (
        <LoadingState>{s.actionsLoading}</LoadingState>
      ) : actions.isError ? (
        <Banner tone="error">{errorMessageOf(actions.error, m.loadFailed)}</Banner>
      ) : projectId === null ? (
        <div className="panel">
          <EmptyState>{s.noActions}</EmptyState>
          <div className="button-row">
            <Link className="button button--primary" to="/dashboard/action/create">
              {messages.actionScreens.createAction}
            </Link>
          </div>
        </div>
      ) : (
        <>
          <div className="filters">
            <FilterSelect
              label={s.actionLabel}
              value={String(projectId)}
              options={projectFilterOptions({ actions: actions.data }).map(({ id, label }) => ({ value: String(id), label }))}
              onChange={pickAction}
            />
          </div>
          {/* Everything below belongs to one action: a new action starts with fresh forms. */}
          <ActionShop key={projectId} projectId={projectId} />
        </>
      )}
    </section>
  );
}

function ActionShop({ projectId }: { projectId: number }) {
  const settings = useShopSettingsQuery(projectId);
  const products = useShopProductsQuery(projectId);
  const [editing, setEditing] = useState<ShopProduct | null>(null);
  // Counts finished forms: a saved new product also needs a fresh, empty form (SPEC §4).
  const [formRound, setFormRound] = useState(0);
  const [notice, setNotice] = useState<Notice | null>(null);
  const formHeadingRef = useRef<HTMLHeadingElement>(null);

  if (settings.isPending || products.isPending) return <LoadingState>{s.loading}</LoadingState>;
  if (settings.isError || products.isError) {
    return <Banner tone="error">{errorMessageOf(settings.error ?? products.error, m.loadFailed)}</Banner>;
  }

  const startEditing = (product: ShopProduct) => {
    setNotice(null);
    setEditing(product);
    // The form is above the table: take the seller (and the screen reader) there.
    requestAnimationFrame(() => {
      formHeadingRef.current?.scrollIntoView({ block: 'start' });
      formHeadingRef.current?.focus();
    });
  };

  return (
    <div className="shop-sections">
      <ShopLinkPanel settings={settings.data} />
      <ShopSettingsPanel settings={settings.data} />
      <div className="panel">
        <ProductForm
          key={`${editing?.id ?? 'new'}-${formRound}`}
          projectId={projectId}
          product={editing}
          onDone={() => {
            setEditing(null);
            setFormRound((round) => round + 1);
          }}
          onNotice={setNotice}
          headingRef={formHeadingRef}
        />
      </div>
      <section className="panel" aria-labelledby="shop-products-title">
        <h2 className="panel__title" id="shop-products-title">
          {s.productsTitle}
        </h2>
        {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
        {products.data.length === 0 ? (
          <EmptyState>{s.productsEmpty}</EmptyState>
        ) : (
          <ProductsTable
            projectId={projectId}
            products={products.data}
            editingId={editing?.id ?? null}
            onEdit={startEditing}
            onNotice={setNotice}
          />
        )}
      </section>
      <OrdersPanel projectId={projectId} />
    </div>
  );
}
