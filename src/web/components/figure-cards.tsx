import './figure-cards.css';

/** Key figures (name, formatted value) as a list of cards; `className` names the set for its screen. */
export function FigureCards({ className, figures }: { className: string; figures: readonly (readonly [term: string, value: string])[] }) {
  return (
    <dl className={`figure-cards ${className}`}>
      {figures.map(([term, value]) => (
        <div key={term} className="figure-cards__card">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
