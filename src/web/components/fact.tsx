/** One label–value pair of a `<dl className="facts">` (ID, INNs, prices, dates). */
export function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="facts__item">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
