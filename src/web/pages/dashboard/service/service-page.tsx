import { Link, useParams } from 'react-router';
import { messages } from '../../../../contract/messages.js';
import { useFaqQuery, useProductRulesQuery } from '../../../api/service-desk.js';
import { Banner } from '../../../components/banner.js';
import { Panel } from '../../../components/panel.js';
import { QueryView } from '../../../components/query-view.js';
import { parseActionId } from '../../../lib/action-id.js';
import { FaqEditor } from './faq-editor.js';
import { ProductRulesEditor } from './product-rules-editor.js';
import { WarrantySearch } from './warranty-search.js';
import '../../../components/panel.css';
import '../../../components/data-table.css';
import './service.css';

const m = messages.serviceDesk;

/** `/dashboard/action/:id/service`: the bot as the brand's service desk — questions and answers, product guides, warranties. */
export function ServicePage() {
  const params = useParams();
  const actionId = parseActionId(params.id);
  if (actionId === null) return <Banner tone="error">{messages.actionPage.invalidId}</Banner>;
  return <ActionService actionId={actionId} />;
}

function ActionService({ actionId }: { actionId: number }) {
  const faq = useFaqQuery(actionId);
  const rules = useProductRulesQuery(actionId);
  return (
    <section className="dashboard-page service-page">
      <p>
        <Link to={`/dashboard/action/${actionId}`} className="button button--secondary">
          {m.backToAction}
        </Link>
      </p>
      <h1 className="dashboard-page__title">{m.pageTitle}</h1>
      <p>{m.pageIntro}</p>
      <Panel title={m.faqTitle}>
        <p className="service-page__hint">{m.faqHint}</p>
        <QueryView query={faq} loading={m.faqLoading} failed={m.faqLoadFailed}>
          {(loaded) => <FaqEditor actionId={actionId} items={loaded.items} />}
        </QueryView>
      </Panel>
      <Panel title={m.rulesTitle}>
        <p className="service-page__hint">{m.rulesHint}</p>
        <QueryView query={rules} loading={m.rulesLoading} failed={m.rulesLoadFailed}>
          {(loaded) => <ProductRulesEditor actionId={actionId} rules={loaded.rules} />}
        </QueryView>
      </Panel>
      <WarrantySearch actionId={actionId} />
    </section>
  );
}
